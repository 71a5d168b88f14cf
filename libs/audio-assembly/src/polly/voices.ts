/**
 * Amazon Polly voices per engine and language, as AWS's documentation lists them. Voice IDs are the ASCII
 * IDs SynthesizeSpeech takes (Lea for Léa, Remi for Rémi, Andres for Andrés, Vitoria, Ines, Celine ...).
 *
 * Sources, read on 2026-12-04 (stored copies of AWS's Markdown pages, not the live site):
 * - "Available voices" (docs.aws.amazon.com/polly/latest/dg/available-voices.html): the WHOLE table, rows
 *   1–42 (Arabic to Welsh), every generative / long-form / neural / standard cell, in two mirrors that agree
 *   cell for cell: github.com/crowecawcaw/aws-docs-history and github.com/c2hans/aws-docs, both at
 *   `docs/polly/latest/dg/available-voices.md` (commits 05a81c47 and 9a3d9b40). An older crowecawcaw copy
 *   (3670a853), from before the generative voices added on March 19, 2026, was not used.
 * - "Neural voices" and "Generative voices" (…/neural-voices.html, …/generative-voices.html; crowecawcaw,
 *   commit 01254da8): their tables ("36 languages and language variants"; "43 voices in a generative
 *   variant") match the table's neural and generative columns exactly.
 * - "Document history" (…/doc-history.html; crowecawcaw, 01254da8, "Latest documentation update: May 28,
 *   2026"): no voice added after March 19, 2026. "Voice" API type (…/API_Voice.html): the IDs and codes.
 * - Read on 2026-12-03: "Standard voices" (…/standard-voices.html), whole table, 60 entries in 29 languages;
 *   the "Available voices" standard column (read 2026-12-04) agrees with it.
 *
 * All three lists are therefore COMPLETE for all 42 languages of the table: a voice not listed for an engine
 * does not have it (the table says "No"), so no separate exclusion list is kept. A language missing from a
 * list has no voice on that engine (neural: arb, en-GB-WLS, is-IS, ro-RO, ru-RU, cy-GB). Long-form-only
 * voices (Patrick, Alba, Raúl) are in no list. Kajal is generative in en-IN but not in hi-IN. Voices are
 * in the table's order, except en-US neural/generative: voices this file listed before keep their places
 * first (host voices are chosen by list order).
 *
 * @packageDocumentation
 */

/** A Polly engine this catalog covers (long-form is not used by Lumcast). */
export type PollyEngine = 'standard' | 'neural' | 'generative';

/** Languages this catalog knows voices for (Polly's language codes). */
export type PollyLanguage =
  | 'ar-AE'
  | 'arb'
  | 'ca-ES'
  | 'cmn-CN'
  | 'cs-CZ'
  | 'cy-GB'
  | 'da-DK'
  | 'de-AT'
  | 'de-CH'
  | 'de-DE'
  | 'en-AU'
  | 'en-GB'
  | 'en-GB-WLS'
  | 'en-IE'
  | 'en-IN'
  | 'en-NZ'
  | 'en-SG'
  | 'en-US'
  | 'en-ZA'
  | 'es-ES'
  | 'es-MX'
  | 'es-US'
  | 'fi-FI'
  | 'fr-BE'
  | 'fr-CA'
  | 'fr-FR'
  | 'hi-IN'
  | 'is-IS'
  | 'it-IT'
  | 'ja-JP'
  | 'ko-KR'
  | 'nb-NO'
  | 'nl-BE'
  | 'nl-NL'
  | 'pl-PL'
  | 'pt-BR'
  | 'pt-PT'
  | 'ro-RO'
  | 'ru-RU'
  | 'sv-SE'
  | 'tr-TR'
  | 'yue-CN';

/** What the catalog knows of one voice on one engine. */
export type PollyVoiceAvailability = 'available' | 'unavailable' | 'unconfirmed';

type VoicesByLanguage = Readonly<Partial<Record<PollyLanguage, readonly string[]>>>;

const freezeAll = <T extends Record<string, readonly string[]>>(record: T): Readonly<T> => {
  for (const list of Object.values(record)) Object.freeze(list);
  return Object.freeze(record);
};

/**
 * Every standard voice, per language (complete; voice IDs as SynthesizeSpeech takes them, ASCII).
 */
export const POLLY_STANDARD_VOICES: VoicesByLanguage = freezeAll({
  arb: ['Zeina'],
  'cmn-CN': ['Zhiyu'],
  'da-DK': ['Naja', 'Mads'],
  'nl-NL': ['Lotte', 'Ruben'],
  'en-AU': ['Nicole', 'Russell'],
  'en-GB': ['Amy', 'Emma', 'Brian'],
  'en-IN': ['Aditi', 'Raveena'],
  'en-US': ['Ivy', 'Joanna', 'Kendra', 'Kimberly', 'Salli', 'Joey', 'Kevin'],
  'en-GB-WLS': ['Geraint'],
  'fr-FR': ['Celine', 'Lea', 'Mathieu'],
  'fr-CA': ['Chantal'],
  'de-DE': ['Marlene', 'Vicki', 'Hans'],
  'hi-IN': ['Aditi'],
  'is-IS': ['Dora', 'Karl'],
  'it-IT': ['Carla', 'Bianca', 'Giorgio'],
  'ja-JP': ['Mizuki', 'Takumi'],
  'ko-KR': ['Seoyeon'],
  'nb-NO': ['Liv'],
  'pl-PL': ['Ewa', 'Maja', 'Jacek', 'Jan'],
  'pt-BR': ['Camila', 'Vitoria', 'Ricardo'],
  'pt-PT': ['Ines', 'Cristiano'],
  'ro-RO': ['Carmen'],
  'ru-RU': ['Tatyana', 'Maxim'],
  'es-ES': ['Conchita', 'Lucia', 'Enrique'],
  'es-MX': ['Mia'],
  'es-US': ['Lupe', 'Penelope', 'Miguel'],
  'sv-SE': ['Astrid'],
  'tr-TR': ['Filiz'],
  'cy-GB': ['Gwyneth'],
});

/** Every neural voice, per language (complete: the "Available voices" table's neural column). */
export const POLLY_NEURAL_VOICES: VoicesByLanguage = freezeAll({
  'ar-AE': ['Hala', 'Zayd'],
  'nl-BE': ['Lisa'],
  'ca-ES': ['Arlet'],
  'cs-CZ': ['Jitka'],
  'yue-CN': ['Hiujin'],
  'cmn-CN': ['Zhiyu'],
  'da-DK': ['Sofie'],
  'nl-NL': ['Laura'],
  'en-AU': ['Olivia'],
  'en-GB': ['Amy', 'Emma', 'Brian', 'Arthur'],
  'en-IN': ['Kajal'],
  'en-IE': ['Niamh'],
  'en-NZ': ['Aria'],
  'en-SG': ['Jasmine'],
  'en-ZA': ['Ayanda'],
  'en-US': [
    'Danielle',
    'Gregory',
    'Ruth',
    'Kevin',
    'Ivy',
    'Joanna',
    'Kendra',
    'Kimberly',
    'Salli',
    'Joey',
    'Justin',
    'Matthew',
    'Stephen',
  ],
  'fi-FI': ['Suvi'],
  'fr-FR': ['Lea', 'Remi'],
  'fr-BE': ['Isabelle'],
  'fr-CA': ['Gabrielle', 'Liam'],
  'de-DE': ['Vicki', 'Daniel'],
  'de-AT': ['Hannah'],
  'de-CH': ['Sabrina'],
  'hi-IN': ['Kajal'],
  'it-IT': ['Bianca', 'Adriano'],
  'ja-JP': ['Takumi', 'Kazuha', 'Tomoko'],
  'ko-KR': ['Seoyeon', 'Jihye'],
  'nb-NO': ['Ida'],
  'pl-PL': ['Ola'],
  'pt-BR': ['Camila', 'Vitoria', 'Thiago'],
  'pt-PT': ['Ines'],
  'es-ES': ['Lucia', 'Sergio'],
  'es-MX': ['Mia', 'Andres'],
  'es-US': ['Lupe', 'Pedro'],
  'sv-SE': ['Elin'],
  'tr-TR': ['Burcu'],
});

/**
 * Every generative voice, per language (complete: the "Available voices" table's generative column).
 */
export const POLLY_GENERATIVE_VOICES: VoicesByLanguage = freezeAll({
  'nl-BE': ['Lisa'],
  'nl-NL': ['Laura'],
  'en-AU': ['Olivia'],
  'en-GB': ['Amy', 'Brian'],
  'en-IN': ['Kajal'],
  'en-IE': ['Niamh'],
  'en-NZ': ['Aria'],
  'en-SG': ['Jasmine'],
  'en-ZA': ['Ayanda'],
  'en-US': ['Matthew', 'Ruth', 'Danielle', 'Joanna', 'Salli', 'Stephen', 'Tiffany'],
  'fr-FR': ['Ambre', 'Celine', 'Florian', 'Lea', 'Remi'],
  'fr-BE': ['Isabelle'],
  'fr-CA': ['Gabrielle', 'Liam'],
  'de-DE': ['Vicki', 'Daniel', 'Lennart'],
  'de-AT': ['Hannah'],
  'de-CH': ['Sabrina'],
  'it-IT': ['Beatrice', 'Bianca', 'Lorenzo'],
  'ko-KR': ['Seoyeon'],
  'pl-PL': ['Ewa', 'Ola'],
  'pt-BR': ['Camila'],
  'es-ES': ['Lucia', 'Sergio'],
  'es-MX': ['Mia', 'Andres'],
  'es-US': ['Lupe', 'Pedro'],
});

/** The voices of each engine, per language. */
export const POLLY_VOICES_BY_ENGINE: Readonly<Record<PollyEngine, VoicesByLanguage>> =
  Object.freeze({
    standard: POLLY_STANDARD_VOICES,
    neural: POLLY_NEURAL_VOICES,
    generative: POLLY_GENERATIVE_VOICES,
  });

const has = (voices: VoicesByLanguage, voice: string) =>
  Object.values(voices).some((list) => list?.includes(voice));

/**
 * Whether `engine` has `voice` according to the catalog: `'available'` (listed for that engine in some
 * language) or `'unavailable'` (not listed: the lists are complete, so the table marks it "No" or Polly has
 * no such voice). `'unconfirmed'` stays in {@link PollyVoiceAvailability} for callers but is no longer
 * returned, since every row of the table has been read.
 *
 * @example
 * ```ts
 * pollyVoiceAvailability('standard', 'Joanna'); // 'available'
 * pollyVoiceAvailability('standard', 'Matthew'); // 'unavailable'
 * pollyVoiceAvailability('generative', 'Emma'); // 'unavailable'
 * pollyVoiceAvailability('neural', 'Joanna'); // 'available'
 * ```
 */
export function pollyVoiceAvailability(engine: PollyEngine, voice: string): PollyVoiceAvailability {
  return has(POLLY_VOICES_BY_ENGINE[engine], voice) ? 'available' : 'unavailable';
}

/**
 * Amazon Polly voices per engine and language, as AWS's documentation lists them.
 *
 * Sources, read on 2026-12-03 (stored copies of AWS's pages):
 * - "Standard voices" (docs.aws.amazon.com/polly/latest/dg/standard-voices.html): the whole table,
 *   29 languages, 60 entries ("40 female and 20 male standard voices"). This list is complete, so a
 *   voice that is not in it is not a standard voice. Note that en-US standard is Ivy, Joanna, Kendra,
 *   Kimberly, Salli, Joey and Kevin: Matthew and Justin are not listed.
 * - "Available voices" (docs.aws.amazon.com/polly/latest/dg/available-voices.html): rows 1–14 and the
 *   en-GB row, read with their generative / neural / standard columns (Arabic, Arabic (Gulf), Dutch
 *   (Belgian), Catalan, Czech, Cantonese, Mandarin, Danish, Dutch, English (Australian), English
 *   (British), English (Indian), English (Irish), English (New Zealand)).
 * - "Generative voices" (…/generative-voices.html): en-AU Olivia, en-GB Amy and Brian, en-IN Kajal.
 * - Amazon Polly features page (aws.amazon.com/polly/features): "Danielle, Gregory, and Ruth are American
 *   English voices available in long-form and neural variants. Ruth, Matthew, and Amy are also available
 *   in a generative variant."
 * - "Neural TTS" (…/NTTS-main.html): Kevin (US English) is a neural voice.
 *
 * The neural and generative lists are therefore PARTIAL: they hold only what those pages confirmed. A voice
 * that they neither confirm nor exclude is `'unconfirmed'` (Polly itself decides), never refused here. What
 * the tables marked "No" is recorded as excluded, and is refused.
 *
 * @packageDocumentation
 */

/**
 * A Polly engine this catalog covers (long-form is not used by Lumcast).
 *
 * @example
 * ```ts
 * const engine: PollyEngine = 'neural';
 * ```
 */
export type PollyEngine = 'standard' | 'neural' | 'generative';

/**
 * Languages this catalog knows voices for (Polly's language codes).
 *
 * @example
 * ```ts
 * const language: PollyLanguage = 'en-GB';
 * ```
 */
export type PollyLanguage =
  | 'arb'
  | 'ar-AE'
  | 'ca-ES'
  | 'cmn-CN'
  | 'cs-CZ'
  | 'cy-GB'
  | 'da-DK'
  | 'de-DE'
  | 'en-AU'
  | 'en-GB'
  | 'en-GB-WLS'
  | 'en-IE'
  | 'en-IN'
  | 'en-NZ'
  | 'en-US'
  | 'es-ES'
  | 'es-MX'
  | 'es-US'
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

/**
 * What the catalog knows of one voice on one engine.
 *
 * @example
 * ```ts
 * const known: PollyVoiceAvailability = pollyVoiceAvailability('generative', 'Ruth'); // 'available'
 * ```
 */
export type PollyVoiceAvailability = 'available' | 'unavailable' | 'unconfirmed';

type VoicesByLanguage = Readonly<Partial<Record<PollyLanguage, readonly string[]>>>;

const freezeAll = <T extends Record<string, readonly string[]>>(record: T): Readonly<T> => {
  for (const list of Object.values(record)) Object.freeze(list);
  return Object.freeze(record);
};

/**
 * Every standard voice, per language (complete; voice IDs as SynthesizeSpeech takes them, ASCII).
 *
 * @example
 * ```ts
 * POLLY_STANDARD_VOICES['en-US']; // ['Ivy', 'Joanna', 'Kendra', 'Kimberly', 'Salli', 'Joey', 'Kevin']
 * ```
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

/**
 * Neural voices the sources confirm, per language (partial: see the file's note).
 *
 * @example
 * ```ts
 * POLLY_NEURAL_VOICES['en-US']; // ['Danielle', 'Gregory', 'Ruth', 'Kevin']
 * ```
 */
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
  'en-US': ['Danielle', 'Gregory', 'Ruth', 'Kevin'],
});

/**
 * Generative voices the sources confirm, per language (partial: see the file's note).
 *
 * @example
 * ```ts
 * POLLY_GENERATIVE_VOICES['en-US']; // ['Matthew', 'Ruth']
 * ```
 */
export const POLLY_GENERATIVE_VOICES: VoicesByLanguage = freezeAll({
  'nl-BE': ['Lisa'],
  'nl-NL': ['Laura'],
  'en-AU': ['Olivia'],
  'en-GB': ['Amy', 'Brian'],
  'en-IN': ['Kajal'],
  'en-IE': ['Niamh'],
  'en-NZ': ['Aria'],
  'en-US': ['Matthew', 'Ruth'],
});

/** Voices the "Available voices" rows read mark "No" for an engine (standard needs none: its list is complete). */
const EXCLUDED: Readonly<Record<'neural' | 'generative', ReadonlySet<string>>> = {
  neural: new Set([
    'Zeina',
    'Naja',
    'Mads',
    'Lotte',
    'Ruben',
    'Nicole',
    'Russell',
    'Aditi',
    'Raveena',
  ]),
  generative: new Set([
    'Zeina',
    'Hala',
    'Zayd',
    'Arlet',
    'Jitka',
    'Hiujin',
    'Zhiyu',
    'Naja',
    'Mads',
    'Sofie',
    'Lotte',
    'Ruben',
    'Nicole',
    'Russell',
    'Emma',
    'Arthur',
    'Aditi',
    'Raveena',
  ]),
};

/**
 * The confirmed voices of each engine, per language.
 *
 * @example
 * ```ts
 * POLLY_VOICES_BY_ENGINE.generative['en-GB']; // ['Amy', 'Brian']
 * ```
 */
export const POLLY_VOICES_BY_ENGINE: Readonly<Record<PollyEngine, VoicesByLanguage>> =
  Object.freeze({
    standard: POLLY_STANDARD_VOICES,
    neural: POLLY_NEURAL_VOICES,
    generative: POLLY_GENERATIVE_VOICES,
  });

const has = (voices: VoicesByLanguage, voice: string) =>
  Object.values(voices).some((list) => list?.includes(voice));

/**
 * Whether `engine` has `voice` according to the catalog: `'available'` (listed), `'unavailable'` (not in
 * the complete standard list, or marked "No" for neural/generative), or `'unconfirmed'` (neural/generative
 * voices the sources read neither list nor exclude).
 *
 * @example
 * ```ts
 * pollyVoiceAvailability('standard', 'Joanna'); // 'available'
 * pollyVoiceAvailability('standard', 'Matthew'); // 'unavailable'
 * pollyVoiceAvailability('generative', 'Emma'); // 'unavailable'
 * pollyVoiceAvailability('neural', 'Joanna'); // 'unconfirmed'
 * ```
 */
export function pollyVoiceAvailability(engine: PollyEngine, voice: string): PollyVoiceAvailability {
  if (has(POLLY_VOICES_BY_ENGINE[engine], voice)) return 'available';
  if (engine === 'standard') return 'unavailable';
  return EXCLUDED[engine].has(voice) ? 'unavailable' : 'unconfirmed';
}

/**
 * Default host voices `[host 0, host 1]` per engine and language: a male host then a female host where the
 * engine has both in that language (two different female voices for en-IN standard, which has no male
 * voice). Languages whose engine has fewer than two confirmed voices are absent.
 *
 * @example
 * ```ts
 * POLLY_HOST_VOICES.neural['en-US']; // ['Gregory', 'Danielle']
 * POLLY_HOST_VOICES.generative['en-GB']; // ['Brian', 'Amy']
 * ```
 */
export const POLLY_HOST_VOICES: Readonly<
  Record<PollyEngine, Readonly<Partial<Record<PollyLanguage, readonly [string, string]>>>>
> = Object.freeze({
  standard: Object.freeze({
    'en-US': ['Joey', 'Joanna'] as const,
    'en-GB': ['Brian', 'Amy'] as const,
    'en-AU': ['Russell', 'Nicole'] as const,
    'en-IN': ['Raveena', 'Aditi'] as const,
    'de-DE': ['Hans', 'Vicki'] as const,
    'fr-FR': ['Mathieu', 'Lea'] as const,
    'es-ES': ['Enrique', 'Lucia'] as const,
    'es-US': ['Miguel', 'Lupe'] as const,
    'it-IT': ['Giorgio', 'Bianca'] as const,
    'ja-JP': ['Takumi', 'Mizuki'] as const,
    'pt-BR': ['Ricardo', 'Camila'] as const,
    'nl-NL': ['Ruben', 'Lotte'] as const,
  }),
  neural: Object.freeze({
    'en-US': ['Gregory', 'Danielle'] as const,
    'en-GB': ['Brian', 'Amy'] as const,
    'ar-AE': ['Zayd', 'Hala'] as const,
  }),
  generative: Object.freeze({
    'en-US': ['Matthew', 'Ruth'] as const,
    'en-GB': ['Brian', 'Amy'] as const,
  }),
});

import { VoiceId } from '@aws-sdk/client-polly';
import { FakePollyConfigError } from '../errors';

/**
 * The engines the fake serves.
 *
 * @example
 * ```ts
 * const engine: FakePollyEngine = 'generative';
 * ```
 */
export type FakePollyEngine = 'standard' | 'neural' | 'generative';

export const ENGINES: readonly FakePollyEngine[] = ['standard', 'neural', 'generative'];

/**
 * Polly's voices and the engines the documentation says each has (S standard, N neural, G generative),
 * as `voice language engines`. Standard is the whole "Standard voices" table; neural and generative are
 * the whole "Available voices" table (all 42 rows, read 2026-12-04 from a weekly mirror of AWS's guide,
 * crowecawcaw/aws-docs-history `docs/polly/latest/dg/available-voices.md`). It is the same transcription
 * a product's catalog may hold, so an agreement test can check that the two copies stay the
 * same, not two independent readings.
 */
const VOICE_TABLE = `
Zeina arb S
Zhiyu cmn-CN SN
Naja da-DK S
Mads da-DK S
Lotte nl-NL S
Ruben nl-NL S
Nicole en-AU S
Russell en-AU S
Amy en-GB SNG
Emma en-GB SN
Brian en-GB SNG
Aditi en-IN S
Raveena en-IN S
Ivy en-US SN
Joanna en-US SNG
Kendra en-US SN
Kimberly en-US SN
Salli en-US SNG
Joey en-US SN
Kevin en-US SN
Geraint en-GB-WLS S
Celine fr-FR SG
Lea fr-FR SNG
Mathieu fr-FR S
Chantal fr-CA S
Marlene de-DE S
Vicki de-DE SNG
Hans de-DE S
Aditi hi-IN S
Dora is-IS S
Karl is-IS S
Carla it-IT S
Bianca it-IT SNG
Giorgio it-IT S
Mizuki ja-JP S
Takumi ja-JP SN
Seoyeon ko-KR SNG
Liv nb-NO S
Ewa pl-PL SG
Maja pl-PL S
Jacek pl-PL S
Jan pl-PL S
Camila pt-BR SNG
Vitoria pt-BR SN
Ricardo pt-BR S
Ines pt-PT SN
Cristiano pt-PT S
Carmen ro-RO S
Tatyana ru-RU S
Maxim ru-RU S
Conchita es-ES S
Lucia es-ES SNG
Enrique es-ES S
Mia es-MX SNG
Lupe es-US SNG
Penelope es-US S
Miguel es-US S
Astrid sv-SE S
Filiz tr-TR S
Gwyneth cy-GB S
Hala ar-AE N
Zayd ar-AE N
Lisa nl-BE NG
Arlet ca-ES N
Jitka cs-CZ N
Hiujin yue-CN N
Sofie da-DK N
Laura nl-NL NG
Olivia en-AU NG
Arthur en-GB N
Kajal en-IN NG
Niamh en-IE NG
Aria en-NZ NG
Jasmine en-SG NG
Ayanda en-ZA NG
Danielle en-US NG
Gregory en-US N
Ruth en-US NG
Justin en-US N
Matthew en-US NG
Stephen en-US NG
Suvi fi-FI N
Remi fr-FR NG
Isabelle fr-BE NG
Gabrielle fr-CA NG
Liam fr-CA NG
Daniel de-DE NG
Hannah de-AT NG
Sabrina de-CH NG
Kajal hi-IN N
Adriano it-IT N
Kazuha ja-JP N
Tomoko ja-JP N
Jihye ko-KR N
Ida nb-NO N
Ola pl-PL NG
Thiago pt-BR N
Sergio es-ES NG
Andres es-MX NG
Pedro es-US NG
Elin sv-SE N
Burcu tr-TR N
Tiffany en-US G
Ambre fr-FR G
Florian fr-FR G
Lennart de-DE G
Beatrice it-IT G
Lorenzo it-IT G
`;

function parseVoiceTable(table: string): Readonly<Record<FakePollyEngine, ReadonlySet<string>>> {
  const byEngine = {
    standard: new Set<string>(),
    neural: new Set<string>(),
    generative: new Set<string>(),
  };
  const letters: Record<string, FakePollyEngine> = { S: 'standard', N: 'neural', G: 'generative' };
  for (const line of table.trim().split('\n')) {
    const [voice, , engines] = line.trim().split(/\s+/);
    for (const letter of engines ?? '') {
      const engine = letters[letter];
      if (!voice || !engine) throw new FakePollyConfigError(`bad voice table line: ${line}`);
      byEngine[engine].add(voice);
    }
  }
  return byEngine;
}

/**
 * The voices the fake serves per engine (see the module's note for sources).
 *
 * @example
 * ```ts
 * FAKE_POLLY_VOICES.standard.has('Matthew'); // false
 * FAKE_POLLY_VOICES.generative.has('Matthew'); // true
 * ```
 */
export const FAKE_POLLY_VOICES: Readonly<Record<FakePollyEngine, ReadonlySet<string>>> =
  parseVoiceTable(VOICE_TABLE);

/** Every voice ID in Polly's `VoiceId` enum (what passes the API's input validation). */
export const KNOWN_VOICE_IDS: ReadonlySet<string> = new Set(Object.values(VoiceId));

/**
 * A count per engine, all zero.
 *
 * @example
 * ```ts
 * const served = perEngine(); // { standard: 0, neural: 0, generative: 0 }
 * ```
 */
export const perEngine = (): Record<FakePollyEngine, number> => ({
  standard: 0,
  neural: 0,
  generative: 0,
});

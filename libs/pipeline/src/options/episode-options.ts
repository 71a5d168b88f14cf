import { SPEECH_LANGUAGES } from '@lumcast/audio-assembly';
import { VOICE_QUALITIES, type VoiceQuality } from '@lumcast/quota';
import {
  DEFAULT_SCRIPT_LANGUAGE,
  FORMAT_HOST_COUNTS,
  MAX_EPISODE_MINUTES,
  MIN_EPISODE_MINUTES,
  PODCAST_FORMATS,
  scriptLanguageFamily,
  scriptLanguageName,
  type PodcastFormat,
} from '@lumcast/script-generation';

/**
 * One voice quality of a language: Polly's voices for hosts 0, 1, 2 (in that order) and so the
 * most hosts an episode of that language and quality can have.
 *
 * @example
 * ```ts
 * const option: QualityOption = { quality: 'standard', voices: ['Mia'], maxHosts: 1 };
 * ```
 */
export interface QualityOption {
  readonly quality: VoiceQuality;
  readonly voices: readonly string[];
  readonly maxHosts: number;
}

/**
 * A language an episode can be made in: its code (`es-MX`), its name (`Spanish (es-MX)`) and
 * the qualities that have voices in it, in the order standard, neural, generative.
 *
 * @example
 * ```ts
 * const option: LanguageOption = { code: 'fr-BE', name: 'French (fr-BE)', qualities: [{ quality: 'neural', voices: ['Isabelle'], maxHosts: 1 }] };
 * ```
 */
export interface LanguageOption {
  readonly code: string;
  readonly name: string;
  readonly qualities: readonly QualityOption[];
}

/**
 * The body of `GET /api/options`: what a request may ask for.
 *
 * @example
 * ```ts
 * const { languages, formats, minutes, defaultLanguage } = EPISODE_OPTIONS;
 * ```
 */
export interface EpisodeOptions {
  /** Sorted by code. */
  readonly languages: readonly LanguageOption[];
  readonly formats: readonly {
    readonly format: PodcastFormat;
    readonly hosts: { readonly min: number; readonly max: number };
  }[];
  readonly minutes: { readonly min: number; readonly max: number };
  readonly defaultLanguage: string;
}

function qualityOptions(voices: Partial<Record<VoiceQuality, readonly string[]>>): QualityOption[] {
  return VOICE_QUALITIES.flatMap((quality) => {
    const hostVoices = voices[quality] ?? [];
    return hostVoices.length === 0
      ? []
      : [Object.freeze({ quality, voices: hostVoices, maxHosts: hostVoices.length })];
  });
}

/**
 * The languages an episode can be made in: every language both speech engines speak
 * (`SPEECH_LANGUAGES`: Polly's published voice list ∩ espeak-ng) whose family the script
 * writers write (`scriptLanguageFamily`), each with the qualities Polly has voices for.
 *
 * @example
 * ```ts
 * EPISODE_LANGUAGES.map((language) => language.code); // ['de-DE', 'en-GB', 'en-US', 'es-ES', …]
 * ```
 */
export const EPISODE_LANGUAGES: readonly LanguageOption[] = Object.freeze(
  SPEECH_LANGUAGES.filter((entry) => scriptLanguageFamily(entry.language) !== undefined)
    .map((entry) =>
      Object.freeze({
        code: entry.language,
        name: scriptLanguageName(entry.language),
        qualities: Object.freeze(qualityOptions(entry.voices)),
      }),
    )
    .filter((language) => language.qualities.length > 0),
);

/**
 * Everything `GET /api/options` answers: the languages (with qualities and voices), the
 * formats with their host counts, the minute limits and the default language. Built once
 * from the libs' tables, so it cannot drift from what requests are checked against.
 *
 * @example
 * ```ts
 * EPISODE_OPTIONS.minutes; // { min: 1, max: 60 }
 * ```
 */
export const EPISODE_OPTIONS: EpisodeOptions = Object.freeze({
  languages: EPISODE_LANGUAGES,
  formats: Object.freeze(
    PODCAST_FORMATS.map((format) => Object.freeze({ format, hosts: FORMAT_HOST_COUNTS[format] })),
  ),
  minutes: Object.freeze({ min: MIN_EPISODE_MINUTES, max: MAX_EPISODE_MINUTES }),
  defaultLanguage: DEFAULT_SCRIPT_LANGUAGE,
});

/**
 * The {@link EPISODE_LANGUAGES} entry of a code (exact: `es-MX`), if episodes can be made in it.
 *
 * @example
 * ```ts
 * episodeLanguage('de-DE')?.name; // 'German (de-DE)'
 * episodeLanguage('ja-JP'); // undefined
 * ```
 */
export function episodeLanguage(code: string): LanguageOption | undefined {
  return EPISODE_LANGUAGES.find((language) => language.code === code);
}

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
 */
export interface QualityOption {
  readonly quality: VoiceQuality;
  readonly voices: readonly string[];
  readonly maxHosts: number;
}

/**
 * A language an episode can be made in: its code (`es-MX`), its name (`Spanish (es-MX)`) and
 * the qualities that have voices in it, in the order standard, neural, generative.
 */
export interface LanguageOption {
  readonly code: string;
  readonly name: string;
  readonly qualities: readonly QualityOption[];
}

/** The body of `GET /api/options`: what a request may ask for. */
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
 */
export function episodeLanguage(code: string): LanguageOption | undefined {
  return EPISODE_LANGUAGES.find((language) => language.code === code);
}

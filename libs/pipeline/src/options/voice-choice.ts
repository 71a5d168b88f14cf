import {
  DEFAULT_PODCAST_FORMAT,
  DEFAULT_SCRIPT_LANGUAGE,
  episodeHosts,
  type ScriptRequest,
} from '@lumcast/script-generation';
import { EPISODE_LANGUAGES, episodeLanguage, type QualityOption } from './episode-options';

/**
 * Why a request's language, quality and host count cannot be spoken, as the field at fault
 * and a message that lists what is supported; `undefined` when they can.
 */
export interface VoiceChoiceProblem {
  field: 'language' | 'quality' | 'hosts';
  message: string;
}

const qualityList = (qualities: readonly QualityOption[]): string =>
  qualities
    .map(
      ({ quality, maxHosts }) => `${quality} (up to ${maxHosts} host${maxHosts === 1 ? '' : 's'})`,
    )
    .join(', ');

/** The message refusing a language episodes cannot be made in, listing the codes they can. */
export function unsupportedLanguageMessage(language: unknown): string {
  const codes = EPISODE_LANGUAGES.map((entry) => entry.code).join(', ');
  return `language must be one of ${codes} (got ${JSON.stringify(language) ?? 'nothing'}).`;
}

/**
 * Checks that a parsed script request can be spoken: its language (default en-US) is one of
 * `EPISODE_LANGUAGES`, its quality has voices in that language, and those voices are enough
 * for its hosts (the named ones, or the format's default count). No I/O.
 */
export function voiceChoiceProblem(request: ScriptRequest): VoiceChoiceProblem | undefined {
  const code = request.language ?? DEFAULT_SCRIPT_LANGUAGE;
  const language = episodeLanguage(code);
  if (!language) return { field: 'language', message: unsupportedLanguageMessage(code) };
  const option = language.qualities.find((entry) => entry.quality === request.quality);
  if (!option) {
    return {
      field: 'quality',
      message: `${language.name} has no ${request.quality} voices; choose ${qualityList(language.qualities)}.`,
    };
  }
  const hosts = episodeHosts(request).length;
  if (hosts <= option.maxHosts) return undefined;
  const voices = `The ${request.quality} quality of ${language.name} has voices for at most ${option.maxHosts} host${option.maxHosts === 1 ? '' : 's'}`;
  const others = `its qualities are ${qualityList(language.qualities)}`;
  if (request.hosts !== undefined) {
    return {
      field: 'hosts',
      message: `${voices}; name fewer hosts or choose another quality (${others}).`,
    };
  }
  const format = request.format ?? DEFAULT_PODCAST_FORMAT;
  return {
    field: 'quality',
    message: `${voices}, and a ${format} has ${hosts}; choose another quality or format (${others}).`,
  };
}

import { InvalidAudioOptionsError } from '../errors';
import type { PollyLanguage } from '../polly/voices';
import { LOCAL_ENGINE_LANGUAGES } from '../speech-languages';
import type { HostIndex } from '../speech-synthesizer';

/** An espeak-ng voice with the pitch (0–99) and speed (words per minute) it speaks at. */
export interface LocalVoice {
  /** espeak-ng voice name, optionally with a variant: `en-us`, `en-us+f3`. */
  espeakVoice: string;
  pitch: number;
  wordsPerMinute: number;
}

/** Voices of the local engine, keyed by the voice id that `voiceForHost` returns. */
export const LOCAL_VOICES: Readonly<Record<string, LocalVoice>> = Object.freeze({
  'local-host-a': { espeakVoice: 'en-us+m3', pitch: 35, wordsPerMinute: 165 },
  'local-host-b': { espeakVoice: 'en-us+f3', pitch: 70, wordsPerMinute: 175 },
  'local-host-c': { espeakVoice: 'en-us+m7', pitch: 55, wordsPerMinute: 185 },
});

/** The local voice id of each host in en-US, by host index. */
const LOCAL_HOST_VOICES: readonly string[] = ['local-host-a', 'local-host-b', 'local-host-c'];

/** Separates a host's voice from its language in a local voice id: `local-host-a@de-DE`. */
const LANGUAGE_MARK = '@';

function espeakLanguage(language: string): string {
  const espeak = LOCAL_ENGINE_LANGUAGES[language as PollyLanguage];
  if (espeak === undefined) {
    throw new InvalidAudioOptionsError(
      `the local engine does not speak ${JSON.stringify(language)}; it speaks ${Object.keys(LOCAL_ENGINE_LANGUAGES).join(', ')}`,
    );
  }
  return espeak;
}

/**
 * The local voice id of a host in a language: `local-host-a` (en-US, the default) or
 * `local-host-a@de-DE`. Throws `InvalidAudioOptionsError` for a host or language it lacks.
 */
export function localVoiceId(hostIndex: HostIndex, language = 'en-US'): string {
  const voice = LOCAL_HOST_VOICES[hostIndex];
  if (voice === undefined) throw new InvalidAudioOptionsError(`no host ${hostIndex}`);
  espeakLanguage(language);
  return language === 'en-US' ? voice : `${voice}${LANGUAGE_MARK}${language}`;
}

/**
 * The espeak-ng settings of a local voice id ({@link localVoiceId}): the host's variant, pitch
 * and speed, in the id's language. Throws `InvalidAudioOptionsError` for an unknown id.
 */
export function localVoice(voiceId: unknown): LocalVoice {
  const [host = '', language, ...rest] =
    typeof voiceId === 'string' ? voiceId.split(LANGUAGE_MARK) : [];
  const settings = rest.length === 0 ? LOCAL_VOICES[host] : undefined;
  if (!settings) {
    throw new InvalidAudioOptionsError(
      `unknown local voice ${String(voiceId)}; use ${Object.keys(LOCAL_VOICES).join(' or ')}, optionally with @<language>`,
    );
  }
  if (language === undefined) return settings;
  const variant = settings.espeakVoice.split('+')[1] ?? '';
  return { ...settings, espeakVoice: `${espeakLanguage(language)}+${variant}` };
}

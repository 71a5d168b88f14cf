import type { VoiceQuality } from '@lumcast/quota';
import { hostVoicesFor } from './polly/host-voices';
import { POLLY_VOICES_BY_ENGINE, type PollyLanguage } from './polly/voices';

/**
 * The espeak-ng voice (language) the local engine speaks each Polly language with. An entry needs
 * espeak-ng's voice for that language and region (`es-419` is its Latin American Spanish, so it
 * speaks es-MX and es-US); a region-less espeak-ng voice (`de`, `it`, `nl`) stands only for the
 * language's main region (de-DE, not de-AT or de-CH). Polly languages with no such voice (ar-AE,
 * en-AU, en-IN, fr-CA, nl-BE…) are absent. A test speaks every entry with the real engine.
 */
export const LOCAL_ENGINE_LANGUAGES: Readonly<Partial<Record<PollyLanguage, string>>> =
  Object.freeze({
    arb: 'ar',
    'ca-ES': 'ca',
    'cmn-CN': 'cmn',
    'cs-CZ': 'cs',
    'cy-GB': 'cy',
    'da-DK': 'da',
    'de-DE': 'de',
    'en-GB': 'en-gb',
    'en-US': 'en-us',
    'es-ES': 'es',
    'es-MX': 'es-419',
    'es-US': 'es-419',
    'fi-FI': 'fi',
    'fr-BE': 'fr-be',
    'fr-FR': 'fr-fr',
    'hi-IN': 'hi',
    'is-IS': 'is',
    'it-IT': 'it',
    'ja-JP': 'ja',
    'ko-KR': 'ko',
    'nb-NO': 'nb',
    'nl-NL': 'nl',
    'pl-PL': 'pl',
    'pt-BR': 'pt-br',
    'pt-PT': 'pt',
    'ro-RO': 'ro',
    'ru-RU': 'ru',
    'sv-SE': 'sv',
    'tr-TR': 'tr',
    'yue-CN': 'yue',
  });

/** A language both speech engines speak: Polly (on at least one engine) and the local engine. */
export interface SpeechLanguage {
  /** Polly's code for the language (BCP-47 for every language but `arb`). */
  language: PollyLanguage;
  /** The local engine's espeak-ng voice. */
  localVoice: string;
  /**
   * The Polly host voices (host 0, 1, 2) of each quality whose engine speaks the language; a
   * quality is absent where Polly has no voice for it. At most this many hosts per quality.
   */
  voices: Readonly<Partial<Record<VoiceQuality, readonly string[]>>>;
}

const pollyLanguages = (): PollyLanguage[] => [
  ...new Set(
    Object.values(POLLY_VOICES_BY_ENGINE).flatMap(
      (byLanguage) => Object.keys(byLanguage) as PollyLanguage[],
    ),
  ),
];

/**
 * The languages speech can be made in, sorted by code: every language of Polly's voice list
 * ({@link POLLY_VOICES_BY_ENGINE}) that the local engine also speaks
 * ({@link LOCAL_ENGINE_LANGUAGES}), with the host voices of each quality ({@link hostVoicesFor}).
 */
export const SPEECH_LANGUAGES: readonly SpeechLanguage[] = Object.freeze(
  pollyLanguages()
    .filter((language) => LOCAL_ENGINE_LANGUAGES[language] !== undefined)
    .sort()
    .map((language) =>
      Object.freeze({
        language,
        localVoice: LOCAL_ENGINE_LANGUAGES[language] as string,
        voices: Object.freeze(hostVoicesFor(language)),
      }),
    ),
);

/**
 * The {@link SPEECH_LANGUAGES} entry of a language code (exact, case-sensitive: `es-MX`), if
 * both engines speak it.
 */
export function speechLanguage(code: string): SpeechLanguage | undefined {
  return SPEECH_LANGUAGES.find((entry) => entry.language === code);
}

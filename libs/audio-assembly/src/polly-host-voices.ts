import type { Engine } from '@aws-sdk/client-polly';
import type { VoiceQuality } from '@lumcast/quota';
import { InvalidAudioOptionsError } from './errors';
import {
  POLLY_HOST_VOICES,
  type PollyEngine,
  type PollyLanguage,
  pollyVoiceAvailability,
} from './polly-voices';

/**
 * Voices for host 0 and host 1, per quality.
 *
 * @example
 * ```ts
 * const voices: HostVoices = { standard: ['Joey', 'Joanna'], neural: ['Gregory', 'Danielle'], generative: ['Matthew', 'Ruth'] };
 * ```
 */
export type HostVoices = Readonly<Record<VoiceQuality, readonly [string, string]>>;

/**
 * The Polly engine of each quality: standard → standard, neural → neural, generative →
 * generative.
 *
 * @example
 * ```ts
 * POLLY_QUALITY_ENGINES.neural; // 'neural'
 * ```
 */
export const POLLY_QUALITY_ENGINES: Readonly<Record<VoiceQuality, PollyEngine & Engine>> = {
  standard: 'standard',
  neural: 'neural',
  generative: 'generative',
};

/**
 * A language's default host voices ({@link POLLY_HOST_VOICES}) for each quality whose engine
 * has them.
 *
 * @example
 * ```ts
 * hostVoicesFor('en-GB').neural; // ['Brian', 'Amy']
 * ```
 */
export function hostVoicesFor(
  language: PollyLanguage,
): Partial<Record<VoiceQuality, readonly [string, string]>> {
  const voices: Partial<Record<VoiceQuality, readonly [string, string]>> = {};
  for (const quality of Object.keys(POLLY_QUALITY_ENGINES) as VoiceQuality[]) {
    const pair = POLLY_HOST_VOICES[POLLY_QUALITY_ENGINES[quality]][language];
    if (pair) voices[quality] = pair;
  }
  return voices;
}

/**
 * Default Polly voices: US English, a male host 0 and a female host 1, each listed for its engine in
 * AWS's documentation (see `polly-voices.ts`): standard Joey/Joanna, neural Gregory/Danielle,
 * generative Matthew/Ruth.
 *
 * @example
 * ```ts
 * DEFAULT_POLLY_VOICES.standard; // ['Joey', 'Joanna']
 * ```
 */
export const DEFAULT_POLLY_VOICES: HostVoices = Object.freeze(
  hostVoicesFor('en-US') as Record<VoiceQuality, readonly [string, string]>,
);

/**
 * Checks configured host voices: every quality has two non-empty voices, and none is a
 * voice the catalog says its engine lacks ({@link InvalidAudioOptionsError} otherwise).
 * Returns them frozen.
 *
 * @example
 * ```ts
 * const voices = checkedVoices({ ...hostVoicesFor('en-US'), ...options.voices }, 'en-US');
 * ```
 */
export function checkedVoices(
  voices: Partial<Record<VoiceQuality, readonly [string, string]>>,
  language: PollyLanguage,
): HostVoices {
  for (const quality of Object.keys(POLLY_QUALITY_ENGINES) as VoiceQuality[]) {
    const pair = voices[quality];
    if (!pair) {
      throw new InvalidAudioOptionsError(
        `no default ${quality} voices for ${language}: pass options.voices.${quality}`,
      );
    }
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new InvalidAudioOptionsError(`options.voices.${quality} must be two voice IDs`);
    }
    for (const voice of pair) {
      if (typeof voice !== 'string' || voice.trim() === '') {
        throw new InvalidAudioOptionsError(`options.voices.${quality} has an empty voice`);
      }
      if (pollyVoiceAvailability(POLLY_QUALITY_ENGINES[quality], voice) === 'unavailable') {
        throw new InvalidAudioOptionsError(
          `${voice} is not a ${POLLY_QUALITY_ENGINES[quality]} voice in AWS's documentation (quality ${quality})`,
        );
      }
    }
  }
  return Object.freeze(voices as Record<VoiceQuality, readonly [string, string]>);
}

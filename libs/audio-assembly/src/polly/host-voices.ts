import type { Engine } from '@aws-sdk/client-polly';
import type { VoiceQuality } from '@lumcast/quota';
import { InvalidAudioOptionsError } from '../errors';
import {
  POLLY_VOICES_BY_ENGINE,
  type PollyEngine,
  type PollyLanguage,
  pollyVoiceAvailability,
} from './voices';

/** Voices for host 0, host 1 and (where the engine has a third voice) host 2, per quality. */
export type HostVoices = Readonly<Record<VoiceQuality, readonly string[]>>;

/** Most hosts an episode has, so most voices a quality needs. */
export const MAX_HOST_VOICES = 3;

/** Polly's child voices (AWS's voice tables mark them "child"); never chosen for a host. */
export const POLLY_CHILD_VOICES: ReadonlySet<string> = new Set(['Ivy', 'Justin', 'Kevin']);

/**
 * The Polly engine of each quality: standard → standard, neural → neural, generative →
 * generative.
 */
export const POLLY_QUALITY_ENGINES: Readonly<Record<VoiceQuality, PollyEngine & Engine>> = {
  standard: 'standard',
  neural: 'neural',
  generative: 'generative',
};

/**
 * Chosen host voices `[host 0, host 1]` per engine and language: a male host then a female host where the
 * engine has both in that language (two different female voices for en-IN standard, which has no male
 * voice). A language not listed here takes its engine's voices in catalog order ({@link hostVoicesFor}).
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
    'de-DE': ['Daniel', 'Vicki'] as const,
    'es-ES': ['Sergio', 'Lucia'] as const,
    'es-MX': ['Andres', 'Mia'] as const,
    'es-US': ['Pedro', 'Lupe'] as const,
    'fr-FR': ['Remi', 'Lea'] as const,
  }),
  generative: Object.freeze({
    'en-US': ['Matthew', 'Ruth'] as const,
    'en-GB': ['Brian', 'Amy'] as const,
    'de-DE': ['Daniel', 'Vicki'] as const,
    'es-ES': ['Sergio', 'Lucia'] as const,
    'es-MX': ['Andres', 'Mia'] as const,
    'es-US': ['Pedro', 'Lupe'] as const,
    'fr-FR': ['Remi', 'Lea'] as const,
  }),
});

/**
 * A language's default host voices for each quality whose engine has a voice there, at most
 * {@link MAX_HOST_VOICES}: the chosen pair of {@link POLLY_HOST_VOICES} first, if there is one, then the
 * engine's other adult voices in that language in catalog order (so a language with one voice on an
 * engine gets one host voice there, enough for a lecture). Child voices are never chosen.
 */
export function hostVoicesFor(
  language: PollyLanguage,
): Partial<Record<VoiceQuality, readonly string[]>> {
  const voices: Partial<Record<VoiceQuality, readonly string[]>> = {};
  for (const quality of Object.keys(POLLY_QUALITY_ENGINES) as VoiceQuality[]) {
    const engine = POLLY_QUALITY_ENGINES[quality];
    const chosen: readonly string[] = POLLY_HOST_VOICES[engine][language] ?? [];
    const others = (POLLY_VOICES_BY_ENGINE[engine][language] ?? []).filter(
      (voice) => !chosen.includes(voice) && !POLLY_CHILD_VOICES.has(voice),
    );
    const list = [...chosen, ...others].slice(0, MAX_HOST_VOICES);
    if (list.length > 0) voices[quality] = Object.freeze(list);
  }
  return voices;
}

/**
 * Default Polly voices: US English, a male host 0, a female host 1 and a third adult voice for
 * host 2 where the catalog has one, each listed for its engine in AWS's documentation (see
 * `voices.ts`): standard Joey/Joanna/Kendra, neural Gregory/Danielle/Ruth, generative
 * Matthew/Ruth (and the next generative voice the catalog confirms).
 */
export const DEFAULT_POLLY_VOICES: HostVoices = Object.freeze(
  hostVoicesFor('en-US') as Record<VoiceQuality, readonly string[]>,
);

/**
 * Checks configured host voices: every quality has one to {@link MAX_HOST_VOICES} different,
 * non-empty voices, and none is a voice the catalog says its engine lacks ({@link InvalidAudioOptionsError} otherwise).
 * Returns them frozen.
 */
export function checkedVoices(
  voices: Partial<Record<VoiceQuality, readonly string[]>>,
  language: PollyLanguage,
): HostVoices {
  for (const quality of Object.keys(POLLY_QUALITY_ENGINES) as VoiceQuality[]) {
    const pair = voices[quality];
    if (!pair) {
      throw new InvalidAudioOptionsError(
        `no default ${quality} voices for ${language}: pass options.voices.${quality}`,
      );
    }
    if (
      !Array.isArray(pair) ||
      pair.length < 1 ||
      pair.length > MAX_HOST_VOICES ||
      new Set(pair).size !== pair.length
    ) {
      throw new InvalidAudioOptionsError(
        `options.voices.${quality} must be 1 to ${MAX_HOST_VOICES} different voice IDs`,
      );
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
  return Object.freeze(voices as Record<VoiceQuality, readonly string[]>);
}

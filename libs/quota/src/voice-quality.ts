/**
 * The voice qualities a user can choose; each costs a different number of
 * quota slots per minute of produced audio.
 */
export type VoiceQuality = 'standard' | 'neural' | 'generative';

/** Every voice quality, in ascending order of cost. */
export const VOICE_QUALITIES: readonly VoiceQuality[] = Object.freeze([
  'standard',
  'neural',
  'generative',
]);

/** Quota slots charged per started minute of audio, by voice quality. */
export const SLOTS_PER_MINUTE: Readonly<Record<VoiceQuality, number>> = Object.freeze({
  standard: 1,
  neural: 2,
  generative: 4,
});

/**
 * Whether a value is one of the known voice qualities.
 *
 * @example
 * ```ts
 * isVoiceQuality('neural'); // true
 * isVoiceQuality('ultra'); // false
 * ```
 */
export function isVoiceQuality(value: unknown): value is VoiceQuality {
  return typeof value === 'string' && (VOICE_QUALITIES as readonly string[]).includes(value);
}

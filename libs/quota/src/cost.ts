import { QuotaInputError } from './errors';
import { SLOTS_PER_MINUTE, isVoiceQuality, type VoiceQuality } from './voice-quality';

/**
 * The quota slots a produced episode costs: `SLOTS_PER_MINUTE[quality] ×
 * ceil(durationSeconds / 60)`, where `durationSeconds` is the measured duration
 * of the assembled audio (every started minute counts). A duration of 0 costs 0.
 * Throws `QuotaInputError` for an unknown quality or a negative, non-finite or
 * non-number duration.
 *
 * @example
 * ```ts
 * quotaCost('neural', 15 * 60); // 30
 * quotaCost('generative', 61); // 8
 * quotaCost('standard', 0.2); // 1
 * ```
 */
export function quotaCost(quality: VoiceQuality, durationSeconds: number): number {
  if (!isVoiceQuality(quality)) {
    throw new QuotaInputError('quality', `unknown voice quality ${JSON.stringify(quality)}`);
  }
  if (
    typeof durationSeconds !== 'number' ||
    !Number.isFinite(durationSeconds) ||
    durationSeconds < 0
  ) {
    throw new QuotaInputError(
      'durationSeconds',
      `must be a finite number of seconds >= 0, got ${String(durationSeconds)}`,
    );
  }
  return SLOTS_PER_MINUTE[quality] * Math.ceil(durationSeconds / 60);
}

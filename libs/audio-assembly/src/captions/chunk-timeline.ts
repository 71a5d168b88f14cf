import { InvalidAudioOptionsError } from '../errors';

/**
 * Checks chunk start times against the audio: one per chunk, finite, the first ≥ 0, strictly increasing,
 * the last before `durationSeconds`. Returns each chunk's span [start, next start or end of audio).
 *
 * @throws InvalidAudioOptionsError naming the first bad value.
 */
export function chunkSpans(
  chunkStartsSeconds: readonly number[],
  durationSeconds: number,
  expectedChunks: number,
): { start: number; end: number }[] {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new InvalidAudioOptionsError(
      `durationSeconds must be a positive number, got ${durationSeconds}`,
    );
  }
  if (!Array.isArray(chunkStartsSeconds) || chunkStartsSeconds.length !== expectedChunks) {
    throw new InvalidAudioOptionsError(
      `chunkStartsSeconds needs one start per chunk (${expectedChunks}), got ${chunkStartsSeconds?.length}`,
    );
  }
  if (expectedChunks === 0) throw new InvalidAudioOptionsError('there are no chunks');
  return chunkStartsSeconds.map((start, index) => {
    const end =
      index + 1 < chunkStartsSeconds.length
        ? (chunkStartsSeconds[index + 1] as number)
        : durationSeconds;
    if (!Number.isFinite(start) || start < 0 || !(start < end)) {
      throw new InvalidAudioOptionsError(
        `chunk ${index} starts at ${start} s, which is not before the next start or the end (${end} s)`,
      );
    }
    return { start, end };
  });
}

import { chunkSpans } from './chunk-timeline';
import { InvalidAudioOptionsError } from '../errors';
import type { AudioChapter } from '../mp3/id3-chapters';

/** Input of {@link chaptersFromChunks}. */
export interface ChaptersFromChunksInput {
  /** For each chunk, the index of its chapter in `chapterTitles` (non-decreasing: a chapter's chunks are contiguous). */
  chunkChapterIndex: readonly number[];
  chapterTitles: readonly string[];
  /** Start of each chunk in the assembled audio (from `assembleMp3`). */
  chunkStartsSeconds: readonly number[];
  /** Duration of the assembled audio. */
  durationSeconds: number;
}

/**
 * Turns the speech plan's chunk → chapter mapping and the chunk start times into chapters for
 * `assembleMp3({ chapters })`: a chapter starts with its first chunk and ends where the next chapter's
 * first chunk starts (the last one at the end of the audio).
 *
 * @throws InvalidAudioOptionsError when the arrays disagree in length, an index is out of range, indices
 *   decrease, a chapter has no chunk or no title, or the start times are not increasing.
 */
export function chaptersFromChunks(input: ChaptersFromChunksInput): AudioChapter[] {
  const { chunkChapterIndex, chapterTitles, chunkStartsSeconds, durationSeconds } = input;
  if (!Array.isArray(chunkChapterIndex) || !Array.isArray(chapterTitles)) {
    throw new InvalidAudioOptionsError('chunkChapterIndex and chapterTitles must be arrays');
  }
  const spans = chunkSpans(chunkStartsSeconds, durationSeconds, chunkChapterIndex.length);
  chapterTitles.forEach((title, index) => {
    if (typeof title !== 'string' || title.trim() === '') {
      throw new InvalidAudioOptionsError(`chapter ${index} has no title`);
    }
  });
  const firstChunkOfChapter = new Map<number, number>();
  chunkChapterIndex.forEach((chapter, chunk) => {
    if (!Number.isInteger(chapter) || chapter < 0 || chapter >= chapterTitles.length) {
      throw new InvalidAudioOptionsError(
        `chunk ${chunk} maps to chapter ${chapter}, which has no title`,
      );
    }
    const previous = chunk > 0 ? (chunkChapterIndex[chunk - 1] as number) : -1;
    if (chapter < previous) {
      throw new InvalidAudioOptionsError(
        `chunk ${chunk} goes back from chapter ${previous} to ${chapter}`,
      );
    }
    if (!firstChunkOfChapter.has(chapter)) firstChunkOfChapter.set(chapter, chunk);
  });
  if (firstChunkOfChapter.size !== chapterTitles.length) {
    const missing = chapterTitles.findIndex((_, index) => !firstChunkOfChapter.has(index));
    throw new InvalidAudioOptionsError(
      `chapter ${missing} ("${chapterTitles[missing]}") has no chunk`,
    );
  }
  return chapterTitles.map((title, chapter) => {
    const firstChunk = firstChunkOfChapter.get(chapter) as number;
    const nextFirstChunk = firstChunkOfChapter.get(chapter + 1);
    return {
      title,
      startSeconds: (spans[firstChunk] as { start: number }).start,
      endSeconds:
        nextFirstChunk === undefined
          ? durationSeconds
          : (spans[nextFirstChunk] as { start: number }).start,
    };
  });
}

import { chunkSpans } from './chunk-timeline';
import { InvalidAudioOptionsError } from '../errors';

/** Input of {@link webVttFromChunks}. */
export interface WebVttFromChunksInput {
  /** The spoken chunks in order: their text and who speaks it (becomes a `<v Speaker>` voice tag). */
  chunks: readonly { text: string; speaker: string }[];
  /** Start of each chunk in the assembled audio (from `assembleMp3`). */
  chunkStartsSeconds: readonly number[];
  /** Duration of the assembled audio. */
  durationSeconds: number;
  /** One cue per sentence (default; the chunk's span shared by character count) or one per chunk. */
  cuesPer?: 'sentence' | 'chunk';
}

function timestamp(ms: number): string {
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = Math.floor((ms % 60_000) / 1000);
  const millis = ms % 1000;
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(millis, 3)}`;
}

function escapeCueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Splits text after ., ! , ? or … followed by whitespace; keeps the punctuation. */
function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…]["'”’)\]]?)\s+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/**
 * Writes a WebVTT caption file for the assembled audio: every cue lies inside its chunk's span (from its
 * start to the next chunk's start, the last one to the end of the audio), carries a `<v Speaker>` voice
 * tag, and — per sentence — shares the chunk's span in proportion to each sentence's length. Times are
 * whole milliseconds; cues never overlap. Text is escaped (`&`, `<`, `>`).
 *
 * @throws InvalidAudioOptionsError for empty text or speaker, or start times that do not fit the chunks.
 */
export function webVttFromChunks(input: WebVttFromChunksInput): string {
  const { chunks, chunkStartsSeconds, durationSeconds, cuesPer = 'sentence' } = input;
  if (!Array.isArray(chunks)) throw new InvalidAudioOptionsError('chunks must be an array');
  if (cuesPer !== 'sentence' && cuesPer !== 'chunk') {
    throw new InvalidAudioOptionsError(
      `cuesPer must be 'sentence' or 'chunk', got ${String(cuesPer)}`,
    );
  }
  const spans = chunkSpans(chunkStartsSeconds, durationSeconds, chunks.length);
  chunks.forEach((chunk, index) => {
    if (typeof chunk?.text !== 'string' || chunk.text.trim() === '') {
      throw new InvalidAudioOptionsError(`chunk ${index} has no text`);
    }
    if (typeof chunk.speaker !== 'string' || chunk.speaker.trim() === '') {
      throw new InvalidAudioOptionsError(`chunk ${index} has no speaker`);
    }
  });
  const cues: string[] = [];
  chunks.forEach((chunk, index) => {
    const span = spans[index] as { start: number; end: number };
    const startMs = Math.round(span.start * 1000);
    const endMs = Math.round(span.end * 1000);
    if (endMs <= startMs) {
      throw new InvalidAudioOptionsError(`chunk ${index} spans less than a millisecond`);
    }
    const voice = escapeCueText(chunk.speaker.trim().replace(/\s+/g, ' '));
    let parts = cuesPer === 'sentence' ? sentences(chunk.text) : [chunk.text.trim()];
    if (parts.length > endMs - startMs) parts = [chunk.text.trim()];
    const weights = parts.map((part) => part.length);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let consumed = 0;
    let cueStart = startMs;
    parts.forEach((part, partIndex) => {
      consumed += weights[partIndex] as number;
      const remaining = parts.length - partIndex - 1;
      const proportional = startMs + Math.round((consumed / total) * (endMs - startMs));
      // Each cue lasts at least 1 ms and leaves at least 1 ms for each cue after it.
      const cueEnd =
        remaining === 0 ? endMs : Math.min(Math.max(proportional, cueStart + 1), endMs - remaining);
      cues.push(
        `${timestamp(cueStart)} --> ${timestamp(cueEnd)}\n<v ${voice}>${escapeCueText(part.replace(/\s+/g, ' '))}`,
      );
      cueStart = cueEnd;
    });
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

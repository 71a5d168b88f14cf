import { chunkForSpeech, DEFAULT_SPEECH_CHUNK_CHARS } from './chunk-for-speech';
import { ScriptInputError } from './errors';
import type { PodcastScript } from './podcast-script';

/**
 * One request's worth of speech: the text, who speaks it, and where it sits in the
 * script, so audio can later be aligned to chapters and captions.
 *
 * @example
 * ```ts
 * const chunk: SpeechChunk = {
 *   index: 0, text: 'Welcome!', speaker: 'Ada', hostIndex: 0, chapterIndex: 0, segmentIndex: 0,
 * };
 * ```
 */
export interface SpeechChunk {
  /** Position in the whole episode, from 0, without gaps. */
  index: number;
  text: string;
  /** The host's name, as in `script.hosts`. */
  speaker: string;
  /** 0 for `script.hosts[0]`, 1 for `script.hosts[1]` (pick the voice from this). */
  hostIndex: 0 | 1;
  chapterIndex: number;
  /** Index of the segment within its chapter. */
  segmentIndex: number;
}

/**
 * Turns a script into ordered speech chunks: each segment is split with
 * {@link chunkForSpeech}, so every chunk is ≤ `maxChars` (default 3,000) and no chunk spans
 * two segments. Chunks follow the script's order (chapter, then segment, then text).
 *
 * @throws {ScriptInputError} when `maxChars` is not an integer ≥ 2, or a segment's speaker
 *   is not one of the two hosts (the field names the segment) — nothing is guessed.
 * @example
 * ```ts
 * for (const chunk of planSpeech(script)) {
 *   const voice = chunk.hostIndex === 0 ? 'Joanna' : 'Matthew';
 *   await synthesize(chunk.text, voice);
 * }
 * ```
 */
export function planSpeech(
  script: PodcastScript,
  options: { maxChars?: number } = {},
): SpeechChunk[] {
  const maxChars = options.maxChars ?? DEFAULT_SPEECH_CHUNK_CHARS;
  const firstHost = script.hosts[0].name;
  const secondHost = script.hosts[1].name;
  const plan: SpeechChunk[] = [];
  script.chapters.forEach((chapter, chapterIndex) => {
    chapter.segments.forEach((segment, segmentIndex) => {
      if (segment.speaker !== firstHost && segment.speaker !== secondHost) {
        throw new ScriptInputError(
          `chapters.${chapterIndex}.segments.${segmentIndex}.speaker`,
          `speaker "${segment.speaker}" is not one of the hosts (${firstHost}, ${secondHost})`,
        );
      }
      const hostIndex = segment.speaker === firstHost ? 0 : 1;
      for (const text of chunkForSpeech(segment.text, { maxChars })) {
        plan.push({
          index: plan.length,
          text,
          speaker: segment.speaker,
          hostIndex,
          chapterIndex,
          segmentIndex,
        });
      }
    });
  });
  return plan;
}

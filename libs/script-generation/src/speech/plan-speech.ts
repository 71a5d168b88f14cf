import { chunkForSpeech, DEFAULT_SPEECH_CHUNK_CHARS } from './chunk-for-speech';
import { ScriptInputError } from '../errors';
import { notAHostMessage, type HostIndex } from '../script/episode-hosts';
import type { PodcastScript } from '../script/podcast-script';

/**
 * One request's worth of speech: the text, who speaks it, and where it sits in the
 * script, so audio can later be aligned to chapters and captions.
 */
export interface SpeechChunk {
  /** Position in the whole episode, from 0, without gaps. */
  index: number;
  text: string;
  /** The host's name, as in `script.hosts`. */
  speaker: string;
  /** The speaker's position in `script.hosts` (pick the voice from this). */
  hostIndex: HostIndex;
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
 *   is not one of the script's hosts (the field names the segment) — nothing is guessed.
 * @example
 * ```ts
 * for (const chunk of planSpeech(script)) {
 *   const voice = ['Joanna', 'Matthew', 'Ruth'][chunk.hostIndex];
 *   await synthesize(chunk.text, voice);
 * }
 * ```
 */
export function planSpeech(
  script: PodcastScript,
  options: { maxChars?: number } = {},
): SpeechChunk[] {
  const maxChars = options.maxChars ?? DEFAULT_SPEECH_CHUNK_CHARS;
  const names = script.hosts.map((host) => host.name);
  const plan: SpeechChunk[] = [];
  script.chapters.forEach((chapter, chapterIndex) => {
    chapter.segments.forEach((segment, segmentIndex) => {
      const hostIndex = names.indexOf(segment.speaker);
      if (hostIndex < 0 || hostIndex > 2) {
        throw new ScriptInputError(
          `chapters.${chapterIndex}.segments.${segmentIndex}.speaker`,
          notAHostMessage(segment.speaker, ...names),
        );
      }
      for (const text of chunkForSpeech(segment.text, { maxChars })) {
        plan.push({
          index: plan.length,
          text,
          speaker: segment.speaker,
          hostIndex: hostIndex as HostIndex,
          chapterIndex,
          segmentIndex,
        });
      }
    });
  });
  return plan;
}

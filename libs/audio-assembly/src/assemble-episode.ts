import { assembleMp3 } from './mp3/assemble-mp3';
import { chaptersFromChunks } from './captions/chapters-from-chunks';
import { InvalidAudioOptionsError } from './errors';
import { type AudioChapter, id3ChapterTag, validateChapters } from './mp3/id3-chapters';
import { webVttFromChunks } from './captions/webvtt';

/** One chunk of the speech plan: its chapter, its text and who speaks it. */
export interface EpisodeChunk {
  chapterIndex: number;
  text: string;
  speaker: string;
}

/** Options of {@link assembleEpisode}. */
export interface AssembleEpisodeOptions {
  /** The speech plan, one entry per audio chunk, in order. */
  plan: readonly EpisodeChunk[];
  /** Chapter titles, indexed by `plan[i].chapterIndex`. */
  chapterTitles: readonly string[];
  /** Silence between chunks (default 0). */
  silenceBetweenMs?: number;
}

/**
 * The audio of an assembled episode: MP3 with chapters, captions that match it, and its measured
 * duration. Bytes, not storage keys (the pipeline's `AssembledEpisode` holds those).
 */
export interface AssembledAudio {
  /** `[ID3v2 CHAP/CTOC][Xing/Info frame][audio frames]`. */
  audio: Uint8Array;
  /** WebVTT, one cue per sentence, inside each chunk's span of the audio. */
  captions: string;
  /** Audio frames × samples per frame / sample rate: what the quota charges for. */
  durationSeconds: number;
  chapters: AudioChapter[];
  chunkStartsSeconds: number[];
}

/**
 * Assembles one episode from its synthesized chunks and its speech plan, in one
 * pass over the audio: the chunks are joined frame-exactly ({@link assembleMp3}),
 * chapters are placed where each chapter's first chunk starts and written as an
 * ID3v2 CHAP/CTOC tag in front, and WebVTT captions are timed to the same
 * chunk starts.
 *
 * @throws InvalidAudioOptionsError when the plan and the chunks disagree in number, or the plan's
 *   chapters do not fit the titles; AudioFormatError for a chunk that is not MP3 or differs in format.
 * @example
 * ```ts
 * const episode = assembleEpisode(chunkAudio, {
 *   plan: [{ chapterIndex: 0, text: 'Hello!', speaker: 'Ada' }],
 *   chapterTitles: ['Welcome'],
 * });
 * episode.durationSeconds; // e.g. 1.224
 * ```
 */
export function assembleEpisode(
  chunks: Uint8Array[],
  options: AssembleEpisodeOptions,
): AssembledAudio {
  if (!Array.isArray(options.plan) || options.plan.length !== chunks.length) {
    throw new InvalidAudioOptionsError(
      `the plan has ${options.plan?.length ?? 0} chunks but ${chunks.length} audio chunks were given`,
    );
  }
  const assembled = assembleMp3(chunks, { silenceBetweenMs: options.silenceBetweenMs });
  const chapters = chaptersFromChunks({
    chunkChapterIndex: options.plan.map((chunk) => chunk.chapterIndex),
    chapterTitles: options.chapterTitles,
    chunkStartsSeconds: assembled.chunkStartsSeconds,
    durationSeconds: assembled.durationSeconds,
  });
  validateChapters(chapters, assembled.durationSeconds);
  const tag = id3ChapterTag(chapters);
  const audio = new Uint8Array(tag.length + assembled.audio.length);
  audio.set(tag, 0);
  audio.set(assembled.audio, tag.length);
  const captions = webVttFromChunks({
    chunks: options.plan.map(({ text, speaker }) => ({ text, speaker })),
    chunkStartsSeconds: assembled.chunkStartsSeconds,
    durationSeconds: assembled.durationSeconds,
  });
  return {
    audio,
    captions,
    durationSeconds: assembled.durationSeconds,
    chapters,
    chunkStartsSeconds: assembled.chunkStartsSeconds,
  };
}

import { AudioFormatError, InvalidAudioOptionsError } from '../errors';
import { type AudioChapter, id3ChapterTag, validateChapters } from './id3-chapters';
import { type Mp3StreamFormat, silentMp3Frame, xingHeaderFrame } from './header-frames';
import { type Mp3FrameHeader, parseMp3FrameHeader } from './frame-header';
import { type Mp3Scan, scanMp3Frames } from './frames';

/** Options of {@link assembleMp3}. */
export interface AssembleMp3Options {
  /** Silence inserted between consecutive chunks, rounded to whole frames. Default 0. */
  silenceBetweenMs?: number;
  /** Chapters written as ID3v2.4 CHAP/CTOC frames before the audio (times relative to the first sample). */
  chapters?: readonly AudioChapter[];
}

/** The result of {@link assembleMp3}. */
export interface AssembledMp3 {
  /** [ID3v2 chapter tag][Xing/Info frame][audio frames of chunk 0][silence][chunk 1]... */
  audio: Uint8Array;
  /** Audio frames × samples per frame / sample rate (the Xing frame excluded). */
  durationSeconds: number;
  /** Where each chunk's first audio frame starts, in seconds from the first audio sample. */
  chunkStartsSeconds: number[];
  /** Audio frames in the output (the Xing frame excluded); equals the Xing header's frame count. */
  frames: number;
  sampleRate: number;
  channels: 1 | 2;
}

/** Longest silence accepted between two chunks. */
const MAX_SILENCE_MS = 60_000;

function checkOptions(chunks: unknown, options: AssembleMp3Options): void {
  if (!Array.isArray(chunks) || chunks.length === 0) {
    throw new AudioFormatError('assembleMp3 needs at least one chunk');
  }
  const silence = options.silenceBetweenMs ?? 0;
  if (
    typeof silence !== 'number' ||
    !Number.isFinite(silence) ||
    silence < 0 ||
    silence > MAX_SILENCE_MS
  ) {
    throw new InvalidAudioOptionsError(
      `silenceBetweenMs must be between 0 and ${MAX_SILENCE_MS}, got ${silence}`,
    );
  }
}

/**
 * Concatenates MP3 chunks frame-exactly into one MP3: every chunk's tags and Xing/Info/VBRI frame are
 * dropped, junk and truncated frames are left out, optional silent frames go between chunks, one fresh
 * Xing/Info frame (true frame count, byte count, seek table) leads the audio, and optional chapters are
 * written as an ID3v2.4 tag in front.
 *
 * @throws AudioFormatError when there are no chunks, a chunk is not MP3, or a chunk's sample rate or
 *   channel count differs from chunk 0 (the error's `chunkIndex` names it).
 * @throws InvalidAudioOptionsError for a bad silence or chapters that do not fit the audio.
 */
export function assembleMp3(chunks: Uint8Array[], options: AssembleMp3Options = {}): AssembledMp3 {
  checkOptions(chunks, options);
  const chapters = options.chapters && options.chapters.length > 0 ? options.chapters : undefined;
  if (options.chapters !== undefined) validateChapters(options.chapters, Number.POSITIVE_INFINITY);
  const tag = chapters ? id3ChapterTag(chapters) : new Uint8Array(0);

  const firstScan = scanMp3Frames(chunks[0] as Uint8Array, 0);
  const first = firstScan.first;
  const format: Mp3StreamFormat = {
    version: first.version,
    sampleRate: first.sampleRate,
    channels: first.channels,
    channelMode: first.channelMode,
  };
  const secondsPerFrame = first.samplesPerFrame / first.sampleRate;
  const silenceFrames = Math.round(
    ((options.silenceBetweenMs ?? 0) / 1000) * (first.sampleRate / first.samplesPerFrame),
  );
  const silence = silentMp3Frame(format);
  const xingLength = xingHeaderFrame(format, [], false).length;

  // One pass per chunk: scan it, then copy its frames at once while its bytes are still in cache. The
  // output is allocated for the worst case (every input byte kept) and trimmed below.
  let capacity = tag.length + xingLength + silence.length * silenceFrames * (chunks.length - 1);
  for (const chunk of chunks) capacity += chunk instanceof Uint8Array ? chunk.length : 0;
  const unfilled = Buffer.allocUnsafe(capacity); // every byte up to `offset` is written below
  let offset = tag.length + xingLength;
  const scans: Mp3Scan[] = [];
  const chunkStartsSeconds: number[] = [];
  const bitrates = new Set<number>();
  let variableBitrate = false;
  let frames = 0;
  chunks.forEach((chunk, index) => {
    const scan = index === 0 ? firstScan : scanMp3Frames(chunk, index);
    if (scan.first.sampleRate !== first.sampleRate || scan.first.channels !== first.channels) {
      throw new AudioFormatError(
        `chunk ${index} is ${scan.first.sampleRate} Hz with ${scan.first.channels} channel(s) but chunk 0 is ` +
          `${first.sampleRate} Hz with ${first.channels}: all chunks must share sample rate and channel mode`,
        { chunkIndex: index },
      );
    }
    if (index > 0) {
      for (let i = 0; i < silenceFrames; i++) {
        unfilled.set(silence, offset);
        offset += silence.length;
      }
      frames += silenceFrames;
    }
    for (const run of scan.runs) {
      unfilled.set(chunk.subarray(run.start, run.end), offset);
      offset += run.end - run.start;
    }
    chunkStartsSeconds.push(frames * secondsPerFrame);
    frames += scan.frames;
    if (scan.variableBitrate) variableBitrate = true;
    bitrates.add(scan.audioBitrateKbps);
    scans.push(scan);
  });
  if (silenceFrames > 0 && chunks.length > 1) {
    bitrates.add((parseMp3FrameHeader(silence, 0) as Mp3FrameHeader).bitrateKbps);
  }
  if (bitrates.size > 1) variableBitrate = true;
  const durationSeconds = frames * secondsPerFrame;
  if (options.chapters !== undefined) validateChapters(options.chapters, durationSeconds);

  const frameLengths = new Uint16Array(frames);
  let frameIndex = 0;
  scans.forEach((scan, index) => {
    if (index > 0) {
      frameLengths.fill(silence.length, frameIndex, frameIndex + silenceFrames);
      frameIndex += silenceFrames;
    }
    frameLengths.set(scan.frameLengths, frameIndex);
    frameIndex += scan.frames;
  });
  unfilled.set(tag, 0);
  unfilled.set(xingHeaderFrame(format, frameLengths, variableBitrate), tag.length);
  // Hand back a view of the written bytes; copy only when dropped tags/junk left much of the buffer unused.
  const audio =
    capacity - offset > capacity / 8
      ? new Uint8Array(unfilled.subarray(0, offset))
      : new Uint8Array(unfilled.buffer, unfilled.byteOffset, offset);
  return {
    audio,
    durationSeconds,
    chunkStartsSeconds,
    frames,
    sampleRate: first.sampleRate,
    channels: first.channels,
  };
}

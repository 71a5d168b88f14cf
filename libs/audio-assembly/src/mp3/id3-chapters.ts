import { InvalidAudioOptionsError } from '../errors';

/** One chapter of the assembled audio, in seconds from the first audio sample. */
export interface AudioChapter {
  title: string;
  startSeconds: number;
  endSeconds: number;
}

const encoder = new TextEncoder();

function syncsafe(value: number): number[] {
  return [(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f];
}

function uint32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

/** An ID3v2.4 frame: 4-char id, syncsafe size, no flags. */
function id3Frame(id: string, body: Uint8Array): Uint8Array {
  const frame = new Uint8Array(10 + body.length);
  frame.set(encoder.encode(id), 0);
  frame.set(syncsafe(body.length), 4);
  frame.set(body, 10);
  return frame;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A TIT2 (title) frame in UTF-8. */
function titleFrame(title: string): Uint8Array {
  return id3Frame('TIT2', concat([Uint8Array.of(3), encoder.encode(title)]));
}

/**
 * Checks chapters against the audio duration: titles non-empty, times finite, start < end, in order,
 * not overlapping, inside [0, duration], at most 255 (the CTOC entry count is one byte).
 *
 * @throws InvalidAudioOptionsError naming the first bad chapter.
 */
export function validateChapters(chapters: readonly AudioChapter[], durationSeconds: number): void {
  if (!Array.isArray(chapters)) throw new InvalidAudioOptionsError('chapters must be an array');
  if (chapters.length > 255)
    throw new InvalidAudioOptionsError(`at most 255 chapters, got ${chapters.length}`);
  let previousEnd = 0;
  chapters.forEach((chapter, index) => {
    const { title, startSeconds, endSeconds } = chapter ?? ({} as AudioChapter);
    if (typeof title !== 'string' || title.trim() === '') {
      throw new InvalidAudioOptionsError(`chapter ${index} has no title`);
    }
    if (
      !Number.isFinite(startSeconds) ||
      !Number.isFinite(endSeconds) ||
      startSeconds >= endSeconds
    ) {
      throw new InvalidAudioOptionsError(`chapter ${index} needs finite startSeconds < endSeconds`);
    }
    if (startSeconds < previousEnd - 1e-9 || endSeconds > durationSeconds + 1e-9) {
      throw new InvalidAudioOptionsError(
        `chapter ${index} (${startSeconds}–${endSeconds} s) overlaps the previous one or ends after ` +
          `the audio (${durationSeconds} s)`,
      );
    }
    previousEnd = endSeconds;
  });
}

/**
 * An ID3v2.4 tag holding one top-level ordered table of contents (CTOC "toc") and one CHAP frame per
 * chapter (ids "ch0", "ch1"..., times in milliseconds, byte offsets unused, a TIT2 title each).
 */
export function id3ChapterTag(chapters: readonly AudioChapter[]): Uint8Array {
  const ids = chapters.map((_, index) => `ch${index}`);
  const tocBody = concat([
    encoder.encode('toc\0'),
    Uint8Array.of(0x03, chapters.length), // top-level, ordered
    ...ids.map((id) => encoder.encode(`${id}\0`)),
  ]);
  const frames = [id3Frame('CTOC', tocBody)];
  chapters.forEach((chapter, index) => {
    const body = concat([
      encoder.encode(`${ids[index]}\0`),
      Uint8Array.from([
        ...uint32(Math.round(chapter.startSeconds * 1000)),
        ...uint32(Math.round(chapter.endSeconds * 1000)),
        ...uint32(0xffffffff),
        ...uint32(0xffffffff),
      ]),
      titleFrame(chapter.title),
    ]);
    frames.push(id3Frame('CHAP', body));
  });
  const body = concat(frames);
  return concat([Uint8Array.from([0x49, 0x44, 0x33, 4, 0, 0, ...syncsafe(body.length)]), body]);
}

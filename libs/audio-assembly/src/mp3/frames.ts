import { AudioFormatError } from '../errors';
import {
  layer3Bitrates,
  layer3FrameLength,
  type Mp3FrameHeader,
  parseMp3FrameHeader,
} from './frame-header';
import { audioEndBeforeTrailingTags, skipLeadingTags } from './tags';

/** Kind of the informational first frame written by encoders (it carries no audio). */
export type Mp3HeaderFrameKind = 'Xing' | 'Info' | 'VBRI';

/** A contiguous byte range of audio frames. */
export interface FrameRun {
  start: number;
  end: number;
}

/** What a scan of one MP3 byte stream found. */
export interface Mp3Scan {
  /**
   * Header of the first frame synced on (the Xing/Info/VBRI frame when there is one); every audio frame
   * shares its version, sample rate and channels.
   */
  first: Mp3FrameHeader;
  /** Number of audio frames (header frame and truncated last frame excluded). */
  frames: number;
  /** Byte length of each audio frame, in order. */
  frameLengths: Uint16Array;
  /** Byte ranges holding the audio frames (more than one when junk sat between frames). */
  runs: FrameRun[];
  /** Sum of the audio frames' lengths. */
  audioBytes: number;
  /** Bit rate of the first audio frame, kbit/s. */
  audioBitrateKbps: number;
  /** True when not every audio frame has the same bit rate. */
  variableBitrate: boolean;
  headerFrame: Mp3HeaderFrameKind | undefined;
  /** Frame count declared by the Xing/Info/VBRI header, if any. */
  declaredFrames: number | undefined;
  /** Bytes between tags that were not frames (junk skipped while syncing), plus a dropped truncated frame. */
  skippedBytes: number;
}

/** The header bits every audio frame of a stream shares with its first frame, and its frame lengths. */
interface LockedStream {
  /** Second header byte without the CRC bit: sync, version, layer. */
  b1: number;
  /** Sample-rate bits of the third header byte. */
  rateBits: number;
  mono: boolean;
  /** Unpadded frame length by bit-rate index (0 = invalid index). */
  lengthByBitrateIndex: Uint16Array;
}

/**
 * The hot loop: walks consecutive frames of the locked stream from `position`, writing their lengths
 * from `lengths[count]`, and stops at the first byte that is not such a frame or at a frame that runs
 * past `end`. No allocation per frame.
 */
function walkFrames(
  bytes: Uint8Array,
  start: number,
  end: number,
  stream: LockedStream,
  lengths: Uint16Array,
  count: number,
): { position: number; frames: number; bitrateBits: number } {
  const lockedB1 = stream.b1;
  const rateBits = stream.rateBits;
  const modeBit = stream.mono ? 1 : 0;
  const lengthByBitrateIndex = stream.lengthByBitrateIndex;
  let position = start;
  let index = count;
  let bitrateBits = 0;
  while (position + 4 <= end) {
    const b2 = bytes[position + 2] as number;
    const b3 = bytes[position + 3] as number;
    const frameLength = (lengthByBitrateIndex[b2 >> 4] as number) + ((b2 >> 1) & 1);
    if (
      bytes[position] !== 0xff ||
      ((bytes[position + 1] as number) & 0xfe) !== lockedB1 ||
      (b2 & 0x0c) !== rateBits ||
      (b3 >= 0xc0 ? 1 : 0) !== modeBit ||
      (b3 & 3) === 2 ||
      frameLength <= 1 ||
      position + frameLength > end
    ) {
      break;
    }
    bitrateBits |= 1 << (b2 >> 4);
    lengths[index++] = frameLength;
    position += frameLength;
  }
  return { position, frames: index - count, bitrateBits };
}

function firstAudioBitrate(
  bytes: Uint8Array,
  runs: readonly FrameRun[],
  first: Mp3FrameHeader,
): number {
  const header = runs[0] ? parseMp3FrameHeader(bytes, runs[0].start) : undefined;
  return header?.bitrateKbps ?? first.bitrateKbps;
}

/** How many consecutive valid frames prove a sync position (unless the stream ends sooner, exactly). */
const FRAMES_TO_CONFIRM_SYNC = 4;

function sameStream(a: Mp3FrameHeader, b: Mp3FrameHeader): boolean {
  return a.version === b.version && a.sampleRate === b.sampleRate && a.channels === b.channels;
}

/**
 * True when `count` consecutive consistent frames start at `offset`, or when fewer frames reach `end`
 * exactly.
 */
function confirmsSync(
  bytes: Uint8Array,
  offset: number,
  end: number,
  first: Mp3FrameHeader,
): boolean {
  let position = offset;
  for (let i = 0; i < FRAMES_TO_CONFIRM_SYNC; i++) {
    if (position === end && i > 0) return true;
    const header = parseMp3FrameHeader(bytes, position);
    if (!header || !sameStream(header, first) || position + header.frameLength > end) return false;
    position += header.frameLength;
  }
  return true;
}

function findSync(bytes: Uint8Array, from: number, end: number): number {
  for (let offset = from; offset + 4 <= end; offset++) {
    if (bytes[offset] !== 0xff) continue;
    const header = parseMp3FrameHeader(bytes, offset);
    if (header && confirmsSync(bytes, offset, end, header)) return offset;
  }
  return -1;
}

function readUint32BE(bytes: Uint8Array, offset: number): number {
  return (
    (((bytes[offset] as number) << 24) |
      ((bytes[offset + 1] as number) << 16) |
      ((bytes[offset + 2] as number) << 8) |
      (bytes[offset + 3] as number)) >>>
    0
  );
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function detectHeaderFrame(
  bytes: Uint8Array,
  offset: number,
  header: Mp3FrameHeader,
): { kind: Mp3HeaderFrameKind; declaredFrames: number | undefined } | undefined {
  const xingOffset = offset + 4 + (header.hasCrc ? 2 : 0) + header.sideInfoLength;
  const tag = ascii(bytes, xingOffset, 4);
  if (tag === 'Xing' || tag === 'Info') {
    const flags = readUint32BE(bytes, xingOffset + 4);
    const declaredFrames = (flags & 1) !== 0 ? readUint32BE(bytes, xingOffset + 8) : undefined;
    return { kind: tag, declaredFrames };
  }
  if (ascii(bytes, offset + 36, 4) === 'VBRI') {
    return { kind: 'VBRI', declaredFrames: readUint32BE(bytes, offset + 36 + 14) };
  }
  return undefined;
}

/**
 * Walks an MP3 byte stream frame by frame: skips leading ID3v2 tags and trailing ID3v1/APE/Lyrics3/ID3v2
 * tags, syncs on the first position followed by consecutive valid Layer III frames (so junk is skipped),
 * resyncs the same way after junk between frames, excludes a leading Xing/Info/VBRI frame and drops a
 * truncated last frame. `chunkIndex` only labels errors.
 *
 * @throws AudioFormatError when no Layer III frame is found or the sample rate/channels change mid-stream.
 */
export function scanMp3Frames(bytes: Uint8Array, chunkIndex?: number): Mp3Scan {
  const label = chunkIndex === undefined ? 'audio' : `chunk ${chunkIndex}`;
  if (!(bytes instanceof Uint8Array)) {
    throw new AudioFormatError(`${label} is not a byte array`, { chunkIndex });
  }
  if (bytes.length === 0) throw new AudioFormatError(`${label} is empty`, { chunkIndex });
  const start = skipLeadingTags(bytes);
  const end = audioEndBeforeTrailingTags(bytes, Math.min(start, bytes.length));
  let position = findSync(bytes, start, end);
  if (position < 0) {
    throw new AudioFormatError(`${label} holds no MPEG Layer III frames (${bytes.length} bytes)`, {
      chunkIndex,
    });
  }
  let skippedBytes = position - start;
  const first = parseMp3FrameHeader(bytes, position) as Mp3FrameHeader;
  const firstOffset = position;
  const detected = detectHeaderFrame(bytes, position, first);
  if (detected) position += first.frameLength;

  // Upper bound on the frame count: every frame is at least as long as the shortest one at this rate.
  const shortestFrame = layer3FrameLength(
    first.version,
    layer3Bitrates(first.version)[0] as number,
    first.sampleRate,
    false,
  );
  const lengths = new Uint16Array(Math.ceil((end - position) / shortestFrame) + 1);
  let count = 0;
  const runs: FrameRun[] = [];
  let runStart = position;
  const stream: LockedStream = {
    b1: (bytes[firstOffset + 1] as number) & 0xfe,
    rateBits: (bytes[firstOffset + 2] as number) & 0x0c,
    mono: first.channels === 1,
    lengthByBitrateIndex: new Uint16Array(16),
  };
  layer3Bitrates(first.version).forEach((kbps, index) => {
    stream.lengthByBitrateIndex[index + 1] = layer3FrameLength(
      first.version,
      kbps,
      first.sampleRate,
      false,
    );
  });
  let bitrateBits = 0; // bit i set when some audio frame uses bit-rate index i
  while (position < end) {
    const walked = walkFrames(bytes, position, end, stream, lengths, count);
    count += walked.frames;
    bitrateBits |= walked.bitrateBits;
    position = walked.position;
    if (position >= end) break;
    // Junk, a frame of another stream, or a truncated last frame: resync after it, or stop.
    if (position > runStart) runs.push({ start: runStart, end: position });
    const next = findSync(bytes, position + 1, end);
    if (next < 0) {
      skippedBytes += end - position;
      runStart = position;
      break;
    }
    const resumed = parseMp3FrameHeader(bytes, next) as Mp3FrameHeader;
    if (!sameStream(resumed, first)) {
      throw new AudioFormatError(
        `${label} changes from ${first.sampleRate} Hz/${first.channels} ch to ` +
          `${resumed.sampleRate} Hz/${resumed.channels} ch at byte ${next}`,
        { chunkIndex },
      );
    }
    skippedBytes += next - position;
    position = next;
    runStart = next;
  }
  if (position > runStart) runs.push({ start: runStart, end: Math.min(position, end) });
  const frameLengths = lengths.subarray(0, count);
  let audioBytes = 0;
  for (const run of runs) audioBytes += run.end - run.start;
  if (count === 0) {
    throw new AudioFormatError(`${label} holds no complete MPEG Layer III audio frame`, {
      chunkIndex,
    });
  }
  return {
    first,
    frames: count,
    frameLengths,
    runs,
    audioBytes,
    audioBitrateKbps: firstAudioBitrate(bytes, runs, first),
    variableBitrate: (bitrateBits & (bitrateBits - 1)) !== 0, // more than one bit-rate index seen
    headerFrame: detected?.kind,
    declaredFrames: detected?.declaredFrames,
    skippedBytes,
  };
}

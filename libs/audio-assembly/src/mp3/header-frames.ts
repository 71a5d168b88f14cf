import {
  buildMp3FrameHeader,
  layer3Bitrates,
  layer3FrameLength,
  layer3SideInfoLength,
  type MpegVersion,
} from './frame-header';

/** Stream parameters every generated frame must share with the audio it sits in. */
export interface Mp3StreamFormat {
  version: MpegVersion;
  sampleRate: number;
  channels: 1 | 2;
  channelMode: 0 | 1 | 2 | 3;
}

function emptyFrame(format: Mp3StreamFormat, minimumLength: number): Uint8Array {
  const bitrate = layer3Bitrates(format.version).find(
    (kbps) => layer3FrameLength(format.version, kbps, format.sampleRate, false) >= minimumLength,
  );
  if (bitrate === undefined)
    throw new RangeError(`no frame of ${minimumLength} bytes at ${format.sampleRate} Hz`);
  const frame = new Uint8Array(
    layer3FrameLength(format.version, bitrate, format.sampleRate, false),
  );
  frame.set(buildMp3FrameHeader(format.version, bitrate, format.sampleRate, format.channelMode), 0);
  return frame;
}

/**
 * A valid Layer III frame that decodes to silence: all-zero side information (no main data, no bit
 * reservoir use) at the lowest bit rate that holds it.
 */
export function silentMp3Frame(format: Mp3StreamFormat): Uint8Array {
  return emptyFrame(format, 4 + layer3SideInfoLength(format.version, format.channels));
}

/** Size of the Xing payload written here: tag, flags, frames, bytes, 100-byte TOC, quality. */
const XING_PAYLOAD_LENGTH = 4 + 4 + 4 + 4 + 100 + 4;

/**
 * Builds a Xing ('Xing' for VBR, 'Info' for CBR) header frame for `frameLengths` audio frames that follow
 * it. The frame count excludes the header frame itself (the LAME convention, which ffmpeg follows); the
 * byte count and the seek table include it.
 */
export function xingHeaderFrame(
  format: Mp3StreamFormat,
  frameLengths: ArrayLike<number>,
  variableBitrate: boolean,
): Uint8Array {
  const sideInfoLength = layer3SideInfoLength(format.version, format.channels);
  const frame = emptyFrame(format, 4 + sideInfoLength + XING_PAYLOAD_LENGTH);
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const at = 4 + sideInfoLength;
  const frames = frameLengths.length;
  let audioBytes = 0;
  for (let i = 0; i < frames; i++) audioBytes += frameLengths[i] as number;
  const totalBytes = frame.length + audioBytes;

  frame.set(new TextEncoder().encode(variableBitrate ? 'Xing' : 'Info'), at);
  view.setUint32(at + 4, 0x0f); // frames, bytes, TOC and quality present
  view.setUint32(at + 8, frames);
  view.setUint32(at + 12, totalBytes);
  let frameIndex = 0;
  let offset = frame.length;
  for (let percent = 0; percent < 100; percent++) {
    const target = Math.floor((percent / 100) * frames);
    while (frameIndex < target) offset += frameLengths[frameIndex++] as number;
    frame[at + 16 + percent] = Math.min(255, Math.floor((offset / totalBytes) * 256));
  }
  view.setUint32(at + 116, 0); // quality indicator: unknown
  return frame;
}

/** MPEG audio version of a Layer III frame. */
export type MpegVersion = 'MPEG-1' | 'MPEG-2' | 'MPEG-2.5';

/** The fields of one MPEG Layer III frame header that assembly and duration need. */
export interface Mp3FrameHeader {
  version: MpegVersion;
  /** Bit rate of this frame in kbit/s. */
  bitrateKbps: number;
  sampleRate: number;
  /** 1 for mono, 2 for stereo, joint stereo and dual channel. */
  channels: 1 | 2;
  /** Raw channel mode bits: 0 stereo, 1 joint stereo, 2 dual channel, 3 mono. */
  channelMode: 0 | 1 | 2 | 3;
  /** Samples per channel in this frame: 1152 for MPEG-1, 576 for MPEG-2 and MPEG-2.5 Layer III. */
  samplesPerFrame: 1152 | 576;
  /** Whole frame length in bytes, header included. */
  frameLength: number;
  /** True when a 16-bit CRC follows the header. */
  hasCrc: boolean;
  /** Bytes of side information after the header (and CRC). */
  sideInfoLength: number;
}

const BITRATES_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<MpegVersion, readonly number[]> = {
  'MPEG-1': [44100, 48000, 32000],
  'MPEG-2': [22050, 24000, 16000],
  'MPEG-2.5': [11025, 12000, 8000],
};

/** Bit rates (kbit/s) a Layer III frame of this version may use, lowest first (free format excluded). */
export function layer3Bitrates(version: MpegVersion): readonly number[] {
  return (version === 'MPEG-1' ? BITRATES_MPEG1 : BITRATES_MPEG2).slice(1);
}

/** The MPEG version that carries a given Layer III sample rate, or undefined if none does. */
export function versionForSampleRate(sampleRate: number): MpegVersion | undefined {
  for (const version of ['MPEG-1', 'MPEG-2', 'MPEG-2.5'] as const) {
    if (SAMPLE_RATES[version].includes(sampleRate)) return version;
  }
  return undefined;
}

/** Length in bytes of a Layer III frame (MPEG-1: 144 × bitrate / rate; MPEG-2/2.5: 72 × bitrate / rate). */
export function layer3FrameLength(
  version: MpegVersion,
  bitrateKbps: number,
  sampleRate: number,
  padding: boolean,
): number {
  const coefficient = version === 'MPEG-1' ? 144 : 72;
  return Math.floor((coefficient * bitrateKbps * 1000) / sampleRate) + (padding ? 1 : 0);
}

/** Side-information length of a Layer III frame. */
export function layer3SideInfoLength(version: MpegVersion, channels: 1 | 2): number {
  if (version === 'MPEG-1') return channels === 1 ? 17 : 32;
  return channels === 1 ? 9 : 17;
}

/**
 * Parses the 4-byte header at `offset` as an MPEG Layer III frame header. Returns undefined when the
 * bytes are not a valid Layer III header (no sync, reserved version, other layer, free-format or bad
 * bit rate, reserved sample rate or emphasis). Layer I/II frames are not accepted.
 */
export function parseMp3FrameHeader(bytes: Uint8Array, offset: number): Mp3FrameHeader | undefined {
  if (offset < 0 || offset + 4 > bytes.length) return undefined;
  const b0 = bytes[offset] as number;
  const b1 = bytes[offset + 1] as number;
  const b2 = bytes[offset + 2] as number;
  const b3 = bytes[offset + 3] as number;
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const versionBits = (b1 >> 3) & 0x03;
  const layerBits = (b1 >> 1) & 0x03;
  if (versionBits === 1 || layerBits !== 1) return undefined;
  const bitrateIndex = b2 >> 4;
  const sampleRateIndex = (b2 >> 2) & 0x03;
  if (bitrateIndex === 0 || bitrateIndex === 15 || sampleRateIndex === 3 || (b3 & 0x03) === 2) {
    return undefined;
  }
  const version: MpegVersion =
    versionBits === 3 ? 'MPEG-1' : versionBits === 2 ? 'MPEG-2' : 'MPEG-2.5';
  const bitrateKbps = (version === 'MPEG-1' ? BITRATES_MPEG1 : BITRATES_MPEG2)[
    bitrateIndex
  ] as number;
  const sampleRate = SAMPLE_RATES[version][sampleRateIndex] as number;
  const padding = (b2 & 0x02) !== 0;
  const channelMode = (b3 >> 6) as 0 | 1 | 2 | 3;
  const channels = channelMode === 3 ? 1 : 2;
  return {
    version,
    bitrateKbps,
    sampleRate,
    channels,
    channelMode,
    samplesPerFrame: version === 'MPEG-1' ? 1152 : 576,
    frameLength: layer3FrameLength(version, bitrateKbps, sampleRate, padding),
    hasCrc: (b1 & 0x01) === 0,
    sideInfoLength: layer3SideInfoLength(version, channels),
  };
}

/**
 * Builds a 4-byte Layer III header (no CRC, no padding, not copyrighted, original, no emphasis).
 */
export function buildMp3FrameHeader(
  version: MpegVersion,
  bitrateKbps: number,
  sampleRate: number,
  channelMode: 0 | 1 | 2 | 3,
): Uint8Array {
  const versionBits = version === 'MPEG-1' ? 3 : version === 'MPEG-2' ? 2 : 0;
  const bitrateIndex = (version === 'MPEG-1' ? BITRATES_MPEG1 : BITRATES_MPEG2).indexOf(
    bitrateKbps,
  );
  const sampleRateIndex = SAMPLE_RATES[version].indexOf(sampleRate);
  if (bitrateIndex <= 0 || sampleRateIndex < 0) {
    throw new RangeError(
      `no ${version} Layer III header for ${bitrateKbps} kbit/s at ${sampleRate} Hz`,
    );
  }
  return Uint8Array.of(
    0xff,
    0xe0 | (versionBits << 3) | (1 << 1) | 1,
    (bitrateIndex << 4) | (sampleRateIndex << 2),
    (channelMode << 6) | 0x04,
  );
}

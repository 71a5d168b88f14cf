import { FakePollyConfigError } from '../errors';

/** MPEG-2 / MPEG-2.5 Layer III bit rates by index, kbit/s (ISO/IEC 13818-3). */
export const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

/** Version bits and sample-rate index of each rate (MPEG-2: 22050/24000/16000; MPEG-2.5: 11025/12000/8000). */
const RATE_CODES: Readonly<Record<number, { version: number; index: number }>> = {
  22050: { version: 0b10, index: 0 },
  24000: { version: 0b10, index: 1 },
  16000: { version: 0b10, index: 2 },
  11025: { version: 0b00, index: 0 },
  12000: { version: 0b00, index: 1 },
  8000: { version: 0b00, index: 2 },
};

/**
 * `seconds` of silence as CBR mono MPEG-2/2.5 Layer III frames: each frame is a header, 9 bytes of zero side
 * information (no main data, global gain 0: a decoder outputs silence) and zero padding to the frame
 * length `floor(72 × bitrate / rate)`; padding slots are spread so the stream keeps the nominal bit rate.
 *
 * @example
 * ```ts
 * const { bytes, frames } = silentMp3(24000, 48, 2.5);
 * ```
 */
export function silentMp3(
  sampleRate: number,
  kbps: number,
  seconds: number,
): { bytes: Uint8Array; frames: number } {
  const code = RATE_CODES[sampleRate];
  if (!code) throw new FakePollyConfigError(`no MPEG-2/2.5 frame for ${sampleRate} Hz`);
  const frames = Math.max(1, Math.ceil((seconds * sampleRate) / 576));
  const slotBytes = 72 * kbps * 1000;
  const base = Math.floor(slotBytes / sampleRate);
  const remainder = slotBytes % sampleRate;
  const bytes = new Uint8Array(frames * (base + 1));
  let offset = 0;
  let carried = 0;
  const b1 = 0xe0 | (code.version << 3) | (0b01 << 1) | 1; // sync, version, layer III, no CRC
  const bitrateIndex = MPEG2_BITRATES.indexOf(kbps);
  for (let i = 0; i < frames; i++) {
    carried += remainder;
    const padding = carried >= sampleRate ? 1 : 0;
    if (padding) carried -= sampleRate;
    bytes[offset] = 0xff;
    bytes[offset + 1] = b1;
    bytes[offset + 2] = (bitrateIndex << 4) | (code.index << 2) | (padding << 1);
    bytes[offset + 3] = 0xc4; // mono, original
    offset += base + padding; // side information and main data stay zero
  }
  return { bytes: bytes.slice(0, offset), frames };
}

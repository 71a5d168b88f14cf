import { InvalidAudioOptionsError } from '../errors';
import { parseMp3FrameHeader } from './frame-header';

type Lame = typeof import('@breezystack/lamejs');
let lame: Promise<Lame> | undefined;

/**
 * Loads the ESM-only `@breezystack/lamejs` once per process. (Under Jest, the root preset maps the
 * package to its ESM build: its `require` entry is an IIFE that exports nothing under CommonJS.)
 */
function loadLame(): Promise<Lame> {
  lame ??= import('@breezystack/lamejs');
  return lame;
}

/** Options of {@link encodeMp3}. */
export interface EncodeMp3Options {
  /** PCM sample rate; also the MP3's (8000–48000 Hz, a rate MPEG Layer III defines). */
  sampleRate: number;
  /** Constant bit rate in kbit/s (default 48). */
  kbps?: number;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const LAYER3_RATES = new Set([8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000]);

/**
 * Encodes 16-bit PCM to CBR MP3 with `@breezystack/lamejs` (no Xing header). Mono unless `right` is
 * given. LAME adds 576 samples of encoder delay in front and pads the end to whole frames, so the MP3
 * lasts 1200–2000 samples longer than the PCM (see README).
 *
 * @throws InvalidAudioOptionsError for a sample rate MP3 does not define, mismatched channels, or a bit
 *   rate so low that LAME would resample (e.g. 24 kHz below 40 kbit/s): the output always keeps the input rate.
 * @example
 * ```ts
 * const mp3 = await encodeMp3(new Int16Array(24000), undefined, { sampleRate: 24000 }); // 1 s of silence
 * ```
 */
export async function encodeMp3(
  left: Int16Array,
  right: Int16Array | undefined,
  options: EncodeMp3Options,
): Promise<Uint8Array> {
  const { sampleRate, kbps = 48 } = options;
  if (!LAYER3_RATES.has(sampleRate))
    throw new InvalidAudioOptionsError(`MP3 has no ${sampleRate} Hz sample rate`);
  if (right && right.length !== left.length)
    throw new InvalidAudioOptionsError('left and right differ in length');
  const { Mp3Encoder } = await loadLame();
  const encoder = new Mp3Encoder(right ? 2 : 1, sampleRate, kbps);
  const parts: Uint8Array[] = [];
  const block = 1152 * 16;
  for (let i = 0; i < left.length; i += block) {
    parts.push(encoder.encodeBuffer(left.subarray(i, i + block), right?.subarray(i, i + block)));
    // LAME runs on this thread: yield between blocks (≈ 0.8 s of audio each) so a server
    // encoding speech stays responsive to its other requests.
    if (i + block < left.length) await yieldToEventLoop();
  }
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  const produced = parseMp3FrameHeader(out, 0)?.sampleRate;
  if (produced !== sampleRate) {
    throw new InvalidAudioOptionsError(
      `lamejs resamples ${sampleRate} Hz at ${kbps} kbit/s to ${produced} Hz; use a higher bit rate`,
    );
  }
  return out;
}

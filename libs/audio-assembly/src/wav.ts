import { AudioFormatError, InvalidAudioOptionsError } from './errors';

/**
 * Measured facts about one WAV (RIFF/WAVE, integer PCM) file.
 *
 * @example
 * ```ts
 * const { sampleRate, frames, durationSeconds }: WavInfo = wavInfo(bytes);
 * ```
 */
export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Sample frames (one sample per channel) in the data chunk; a partial trailing frame is not counted. */
  frames: number;
  /** `frames / sampleRate`. */
  durationSeconds: number;
  /** Offset of the PCM data in the file. */
  dataOffset: number;
  /** Bytes of whole sample frames in the data chunk. */
  dataLength: number;
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** True when the bytes start like a RIFF/WAVE file. */
export function looksLikeWav(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WAVE';
}

/**
 * Reads the format and data chunks of a PCM WAV file (format 1, or WAVE_FORMAT_EXTENSIBLE holding PCM).
 * A data size larger than the file (streamed WAV) is clamped to the bytes present.
 *
 * @throws AudioFormatError when the bytes are not a PCM WAV file.
 * @example
 * ```ts
 * const { sampleRate, durationSeconds } = wavInfo(new Uint8Array(await readFile('chunk.wav')));
 * ```
 */
export function wavInfo(audio: Uint8Array, chunkIndex?: number): WavInfo {
  const label = chunkIndex === undefined ? 'audio' : `chunk ${chunkIndex}`;
  if (!(audio instanceof Uint8Array) || !looksLikeWav(audio)) {
    throw new AudioFormatError(`${label} is not a RIFF/WAVE file`, { chunkIndex });
  }
  const view = new DataView(audio.buffer, audio.byteOffset, audio.byteLength);
  let format:
    { sampleRate: number; channels: number; bitsPerSample: number; blockAlign: number } | undefined;
  let offset = 12;
  while (offset + 8 <= audio.length) {
    const id = ascii(audio, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= audio.length) {
      const tag = view.getUint16(body, true);
      const isPcm =
        tag === 1 || (tag === 0xfffe && size >= 40 && view.getUint16(body + 24, true) === 1);
      if (!isPcm)
        throw new AudioFormatError(`${label} is not integer PCM (format tag ${tag})`, {
          chunkIndex,
        });
      format = {
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
      if (format.channels === 0 || format.sampleRate === 0 || format.blockAlign === 0) {
        throw new AudioFormatError(`${label} has an invalid fmt chunk`, { chunkIndex });
      }
    } else if (id === 'data') {
      if (!format)
        throw new AudioFormatError(`${label} has a data chunk before its fmt chunk`, {
          chunkIndex,
        });
      const available = Math.min(size, audio.length - body);
      const frames = Math.floor(available / format.blockAlign);
      return {
        sampleRate: format.sampleRate,
        channels: format.channels,
        bitsPerSample: format.bitsPerSample,
        frames,
        durationSeconds: frames / format.sampleRate,
        dataOffset: body,
        dataLength: frames * format.blockAlign,
      };
    }
    offset = body + size + (size % 2);
  }
  throw new AudioFormatError(`${label} has no ${format ? 'data' : 'fmt'} chunk`, { chunkIndex });
}

/**
 * Options of {@link assembleWav}.
 *
 * @example
 * ```ts
 * const options: AssembleWavOptions = { sampleRate: 16000, silenceBetweenMs: 200 };
 * ```
 */
export interface AssembleWavOptions {
  /** Sample rate of the PCM chunks (Polly `pcm`: 8000 or 16000). */
  sampleRate: number;
  /** Channels of the PCM chunks. Default 1. */
  channels?: number;
  /** Silence inserted between consecutive chunks, rounded to whole sample frames. Default 0. */
  silenceBetweenMs?: number;
}

/**
 * The assembled WAV file.
 *
 * @example
 * ```ts
 * const { audio, durationSeconds }: AssembledWav = assembleWav(pcmChunks, { sampleRate: 16000 });
 * ```
 */
export interface AssembledWav {
  audio: Uint8Array;
  /** Sample frames / sample rate. */
  durationSeconds: number;
  /** Where each chunk starts, in seconds from the first sample. */
  chunkStartsSeconds: number[];
  frames: number;
}

/**
 * Writes one 16-bit PCM WAV file from chunks of raw 16-bit little-endian PCM (Polly's `pcm` output) or of
 * WAV files with the same format, with optional silence between chunks.
 *
 * @throws AudioFormatError when there is no chunk, a chunk has an odd number of bytes for its sample
 *   frames, or a WAV chunk's format differs from the options (`chunkIndex` names it).
 * @throws InvalidAudioOptionsError for a bad sample rate, channel count or silence.
 * @example
 * ```ts
 * const { audio, durationSeconds } = assembleWav(pcmChunks, { sampleRate: 16000 });
 * ```
 */
export function assembleWav(pcmChunks: Uint8Array[], options: AssembleWavOptions): AssembledWav {
  const { sampleRate, channels = 1, silenceBetweenMs = 0 } = options ?? ({} as AssembleWavOptions);
  if (!Number.isInteger(sampleRate) || sampleRate < 1000 || sampleRate > 384_000) {
    throw new InvalidAudioOptionsError(
      `sampleRate must be an integer between 1000 and 384000, got ${sampleRate}`,
    );
  }
  if (!Number.isInteger(channels) || channels < 1 || channels > 8) {
    throw new InvalidAudioOptionsError(
      `channels must be an integer between 1 and 8, got ${channels}`,
    );
  }
  if (!Number.isFinite(silenceBetweenMs) || silenceBetweenMs < 0 || silenceBetweenMs > 60_000) {
    throw new InvalidAudioOptionsError(
      `silenceBetweenMs must be between 0 and 60000, got ${silenceBetweenMs}`,
    );
  }
  if (!Array.isArray(pcmChunks) || pcmChunks.length === 0) {
    throw new AudioFormatError('assembleWav needs at least one chunk');
  }
  const blockAlign = 2 * channels;
  const pcm = pcmChunks.map((chunk, index) => {
    if (!(chunk instanceof Uint8Array) || chunk.length === 0) {
      throw new AudioFormatError(`chunk ${index} is empty or not a byte array`, {
        chunkIndex: index,
      });
    }
    if (!looksLikeWav(chunk)) {
      if (chunk.length % blockAlign !== 0) {
        throw new AudioFormatError(
          `chunk ${index} has ${chunk.length} bytes, not a whole number of ${blockAlign}-byte sample frames`,
          { chunkIndex: index },
        );
      }
      return chunk;
    }
    const info = wavInfo(chunk, index);
    if (info.sampleRate !== sampleRate || info.channels !== channels || info.bitsPerSample !== 16) {
      throw new AudioFormatError(
        `chunk ${index} is ${info.sampleRate} Hz, ${info.channels} ch, ${info.bitsPerSample} bit; ` +
          `expected ${sampleRate} Hz, ${channels} ch, 16 bit`,
        { chunkIndex: index },
      );
    }
    return chunk.subarray(info.dataOffset, info.dataOffset + info.dataLength);
  });
  const silenceBytes = Math.round((silenceBetweenMs / 1000) * sampleRate) * blockAlign;
  const dataLength =
    pcm.reduce((sum, chunk) => sum + chunk.length, 0) + silenceBytes * (pcm.length - 1);
  if (44 + dataLength > 0xffffffff) throw new AudioFormatError('assembled WAV would exceed 4 GiB');

  const audio = new Uint8Array(44 + dataLength);
  const view = new DataView(audio.buffer);
  audio.set(new TextEncoder().encode('RIFF'), 0);
  view.setUint32(4, 36 + dataLength, true);
  audio.set(new TextEncoder().encode('WAVEfmt '), 8);
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, 16, true);
  audio.set(new TextEncoder().encode('data'), 36);
  view.setUint32(40, dataLength, true);

  const chunkStartsSeconds: number[] = [];
  let offset = 44;
  pcm.forEach((chunk, index) => {
    if (index > 0) offset += silenceBytes; // the buffer is zero-filled: silence
    chunkStartsSeconds.push((offset - 44) / blockAlign / sampleRate);
    audio.set(chunk, offset);
    offset += chunk.length;
  });
  const frames = dataLength / blockAlign;
  return { audio, durationSeconds: frames / sampleRate, chunkStartsSeconds, frames };
}

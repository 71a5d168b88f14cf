import { AudioFormatError } from '../errors';

/** Measured facts about one WAV (RIFF/WAVE, integer PCM) file. */
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

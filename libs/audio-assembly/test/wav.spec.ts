import { AudioFormatError } from '../src/errors';
import { wavInfo } from '../src/local/wav';
import { ffmpegDecode, requireFfmpeg, tone } from './fixtures';

beforeAll(requireFfmpeg);

/** A 44-byte-header 16-bit PCM WAV file of the samples (mono), written field by field. */
function wavFile(samples: Int16Array, sampleRate: number): Uint8Array {
  const dataLength = samples.length * 2;
  const bytes = new Uint8Array(44 + dataLength);
  const view = new DataView(bytes.buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((c, index) => view.setUint8(offset + index, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + dataLength, true);
  text(8, 'WAVEfmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, dataLength, true);
  samples.forEach((sample, index) => view.setInt16(44 + index * 2, sample, true));
  return bytes;
}

describe('wavInfo', () => {
  it('reads the format and sample frames of a 16 kHz mono WAV, the count ffmpeg decodes', () => {
    const wav = wavFile(tone(16000, 0.5), 16000);

    expect(wavInfo(wav)).toEqual({
      sampleRate: 16000,
      channels: 1,
      bitsPerSample: 16,
      frames: 8000,
      durationSeconds: 0.5,
      dataOffset: 44,
      dataLength: 16000,
    });
    expect(ffmpegDecode(wav, 'wav')).toEqual({ errors: '', samples: 8000, channels: 1 });
  });

  it('reads a WAV whose data chunk follows other chunks, and clamps a streamed data size to the bytes present', () => {
    const plain = wavFile(tone(16000, 0.1), 16000);
    const list = Uint8Array.from(
      [...'LIST'].map((c) => c.charCodeAt(0)).concat([3, 0, 0, 0, 1, 2, 3, 0]),
    );
    const withList = new Uint8Array(plain.length + list.length);
    withList.set(plain.subarray(0, 36), 0);
    withList.set(list, 36);
    withList.set(plain.subarray(36), 36 + list.length);
    new DataView(withList.buffer).setUint32(36 + list.length + 4, 0xffffffff, true);

    expect(wavInfo(withList)).toMatchObject({
      sampleRate: 16000,
      frames: 1600,
      dataOffset: 44 + list.length,
      durationSeconds: 0.1,
    });
  });

  it('names the chunk it was given when the bytes are not a WAV file', () => {
    expect(() => wavInfo(new Uint8Array(12), 3)).toThrow(
      expect.objectContaining({ name: 'AudioFormatError', chunkIndex: 3 }),
    );
  });

  it.each([
    ['empty input', new Uint8Array(0)],
    ['MP3 bytes', Uint8Array.of(0xff, 0xf3, 0x64, 0xc4, 0, 0, 0, 0, 0, 0, 0, 0)],
    ['a RIFF file without fmt', Uint8Array.from('RIFF\x04\0\0\0WAVE', (c) => c.charCodeAt(0))],
  ])('throws AudioFormatError for %s', (_label, bytes) => {
    expect(() => wavInfo(bytes)).toThrow(AudioFormatError);
  });
});

import { AudioFormatError, InvalidAudioOptionsError, assembleWav, wavInfo } from '../src/index';
import { ffmpegDecode, requireFfmpeg, tone } from './fixtures';

beforeAll(requireFfmpeg);

/** Raw 16-bit little-endian PCM, as Polly's `pcm` output format returns it. */
function pcmBytes(samples: Int16Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  samples.forEach((sample, index) => view.setInt16(index * 2, sample, true));
  return bytes;
}

describe('assembleWav', () => {
  it('writes one 16 kHz mono WAV from raw PCM chunks that ffmpeg decodes to exactly the samples given', () => {
    const a = pcmBytes(tone(16000, 0.5));
    const b = pcmBytes(tone(16000, 0.25, 660));
    const result = assembleWav([a, b], { sampleRate: 16000, silenceBetweenMs: 100 });
    const decoded = ffmpegDecode(result.audio, 'wav');

    expect(result.frames).toBe(8000 + 1600 + 4000);
    expect(result.durationSeconds).toBeCloseTo(13600 / 16000, 12);
    expect(result.chunkStartsSeconds).toEqual([0, 0.6]);
    expect(decoded).toEqual({ errors: '', samples: 13600, channels: 1 });
    expect(Buffer.from(result.audio.subarray(44, 44 + a.length)).equals(Buffer.from(a))).toBe(true);
    expect(
      result.audio.subarray(44 + a.length, 44 + a.length + 3200).every((byte) => byte === 0),
    ).toBe(true);
  });

  it('accepts WAV chunks of the same format and keeps only their samples', () => {
    const inner = assembleWav([pcmBytes(tone(8000, 0.2))], { sampleRate: 8000 });
    const result = assembleWav([inner.audio, pcmBytes(tone(8000, 0.1))], { sampleRate: 8000 });

    expect(result.frames).toBe(1600 + 800);
    expect(wavInfo(result.audio)).toMatchObject({
      sampleRate: 8000,
      channels: 1,
      bitsPerSample: 16,
      frames: 2400,
      dataOffset: 44,
    });
  });

  it('refuses a WAV chunk of another sample rate, naming it', () => {
    const other = assembleWav([pcmBytes(tone(8000, 0.1))], { sampleRate: 8000 }).audio;

    expect(() => assembleWav([pcmBytes(tone(16000, 0.1)), other], { sampleRate: 16000 })).toThrow(
      expect.objectContaining({ name: 'AudioFormatError', chunkIndex: 1 }),
    );
  });

  it('refuses a raw chunk with half a sample, naming it', () => {
    expect(() =>
      assembleWav([new Uint8Array(4), new Uint8Array(3)], { sampleRate: 16000 }),
    ).toThrow(expect.objectContaining({ name: 'AudioFormatError', chunkIndex: 1 }));
  });

  it.each([
    ['a sample rate of 0', { sampleRate: 0 }],
    ['a fractional sample rate', { sampleRate: 16000.5 }],
    ['negative silence', { sampleRate: 16000, silenceBetweenMs: -1 }],
    ['zero channels', { sampleRate: 16000, channels: 0 }],
  ])('refuses %s before touching the chunks', (_label, options) => {
    expect(() => assembleWav([new Uint8Array(2)], options)).toThrow(InvalidAudioOptionsError);
  });

  it('refuses an empty chunk list and an empty chunk', () => {
    expect(() => assembleWav([], { sampleRate: 16000 })).toThrow(AudioFormatError);
    expect(() => assembleWav([new Uint8Array(0)], { sampleRate: 16000 })).toThrow(AudioFormatError);
  });
});

describe('wavInfo', () => {
  it('reads a WAV whose data chunk follows other chunks, and clamps a streamed data size to the bytes present', () => {
    const plain = assembleWav([pcmBytes(tone(16000, 0.1))], { sampleRate: 16000 }).audio;
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

  it.each([
    ['empty input', new Uint8Array(0)],
    ['MP3 bytes', Uint8Array.of(0xff, 0xf3, 0x64, 0xc4, 0, 0, 0, 0, 0, 0, 0, 0)],
    ['a RIFF file without fmt', Uint8Array.from('RIFF\x04\0\0\0WAVE', (c) => c.charCodeAt(0))],
  ])('throws AudioFormatError for %s', (_label, bytes) => {
    expect(() => wavInfo(bytes)).toThrow(AudioFormatError);
  });
});

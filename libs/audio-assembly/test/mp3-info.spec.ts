import { AudioFormatError } from '../src/errors';
import { mp3Info } from '../src/mp3/info';
import {
  apeTag,
  concatBytes,
  ffmpegDecode,
  headerFrame,
  id3v1,
  id3v2WithPicture,
  junk,
  lameMp3,
  requireFfmpeg,
  splitFrames,
} from './fixtures';

beforeAll(requireFfmpeg);

describe('mp3Info', () => {
  describe('on plain CBR streams from lamejs', () => {
    it.each([
      [8000, 1, 16, 'MPEG-2.5', 576],
      [16000, 1, 32, 'MPEG-2', 576],
      [22050, 1, 48, 'MPEG-2', 576],
      [24000, 1, 48, 'MPEG-2', 576],
      [24000, 2, 64, 'MPEG-2', 576],
      [44100, 1, 64, 'MPEG-1', 1152],
      [44100, 2, 128, 'MPEG-1', 1152],
    ] as const)(
      'measures %i Hz with %i channel(s) at %i kbit/s as %s with %i samples per frame, agreeing with ffmpeg',
      async (sampleRate, channels, kbps, version, samplesPerFrame) => {
        const { bytes, samplesFed } = await lameMp3(sampleRate, channels, kbps, 0.4);
        const info = mp3Info(bytes);
        const decoded = ffmpegDecode(bytes);

        expect(info).toMatchObject({
          sampleRate,
          channels,
          version,
          samplesPerFrame,
          bitrateMode: 'constant',
          headerFrame: null,
        });
        expect(info.frames).toBe(splitFrames(bytes).length);
        expect(info.durationSeconds).toBeCloseTo((info.frames * samplesPerFrame) / sampleRate, 12);
        expect(decoded.errors).toBe('');
        expect(decoded.channels).toBe(channels);
        expect(decoded.samples).toBe(info.frames * samplesPerFrame);
        // lamejs: 576 samples of encoder delay, then padding to whole frames.
        const overhead = info.frames * samplesPerFrame - samplesFed;
        expect(overhead).toBeGreaterThanOrEqual(576);
        expect(overhead).toBeLessThanOrEqual(576 + 2 * samplesPerFrame);
        expect(info.averageBitrateKbps).toBeCloseTo(kbps, 0);
      },
    );

    it('counts 576 samples per MPEG-2 frame, so two seconds at 24 kHz are not reported as four', async () => {
      const { bytes, samplesFed } = await lameMp3(24000, 1, 48, 2);
      const info = mp3Info(bytes);

      expect(samplesFed).toBe(48000);
      expect(info.durationSeconds).toBeGreaterThan(2);
      expect(info.durationSeconds).toBeLessThan(2.1);
    });
  });

  describe('around tags', () => {
    it('skips an ID3v2 tag holding a 40 kB picture full of sync-like bytes', async () => {
      const { bytes } = await lameMp3(22050, 1, 48, 0.3);
      const tagged = concatBytes(id3v2WithPicture(40_000), bytes);

      expect(mp3Info(tagged)).toEqual(mp3Info(bytes));
      expect(ffmpegDecode(tagged).samples).toBe(mp3Info(tagged).frames * 576);
    });

    it('skips an ID3v2.4 tag with a footer at the start and another appended at the end', async () => {
      const { bytes } = await lameMp3(24000, 1, 48, 0.3);
      const tagged = concatBytes(id3v2WithPicture(5000, true), bytes, id3v2WithPicture(300, true));

      expect(mp3Info(tagged)).toEqual(mp3Info(bytes));
    });

    it('skips two ID3v2 tags in a row, then an APE tag and an ID3v1 tag at the end', async () => {
      const { bytes } = await lameMp3(44100, 2, 128, 0.3);
      const tagged = concatBytes(
        id3v2WithPicture(100),
        id3v2WithPicture(2000),
        bytes,
        apeTag(),
        id3v1(),
      );

      expect(mp3Info(tagged)).toEqual(mp3Info(bytes));
    });
  });

  describe('with header frames', () => {
    it.each(['Xing', 'Info', 'VBRI'] as const)(
      'excludes a leading %s frame from the audio and reports what it declares',
      async (kind) => {
        const { bytes } = await lameMp3(24000, 1, 48, 0.3);
        const plain = mp3Info(bytes);
        const withHeader = concatBytes(
          id3v2WithPicture(500),
          headerFrame(kind, bytes, plain.frames, plain.audioBytes),
          bytes,
        );
        const info = mp3Info(withHeader);

        expect(info.headerFrame).toBe(kind);
        expect(info.declaredFrames).toBe(plain.frames);
        expect(info.frames).toBe(plain.frames);
        expect(info.durationSeconds).toBe(plain.durationSeconds);
      },
    );

    it('still counts the frames actually present when the header frame lies about them', async () => {
      const { bytes } = await lameMp3(16000, 1, 32, 0.3);
      const plain = mp3Info(bytes);
      const info = mp3Info(concatBytes(headerFrame('Xing', bytes, 9999, 1), bytes));

      expect(info.declaredFrames).toBe(9999);
      expect(info.frames).toBe(plain.frames);
    });
  });

  describe('with CRC-protected frames', () => {
    it('counts frames flagged with a CRC and finds a Xing tag placed after the CRC', async () => {
      const { bytes } = await lameMp3(24000, 1, 48, 0.3);
      const protectedFrames = splitFrames(bytes).map((frame) => {
        const copy = frame.slice();
        copy[1] = (copy[1] as number) & 0xfe; // protection bit 0: a 16-bit CRC follows the header
        return copy;
      });
      const xing = headerFrame('Xing', bytes, protectedFrames.length, 0);
      const crcXing = new Uint8Array(xing.length);
      crcXing.set(xing.subarray(0, 4), 0);
      crcXing[1] = (crcXing[1] as number) & 0xfe;
      crcXing.set(xing.subarray(4 + 9, xing.length - 2), 4 + 2 + 9); // side info 9 bytes, after the CRC
      const info = mp3Info(concatBytes(crcXing, ...protectedFrames));

      expect(info).toMatchObject({
        headerFrame: 'Xing',
        declaredFrames: protectedFrames.length,
        frames: protectedFrames.length,
      });
    });
  });

  describe('on VBR streams', () => {
    it('measures frames of different bit rates, without a header frame', async () => {
      const low = await lameMp3(24000, 1, 40, 0.3);
      const high = await lameMp3(24000, 1, 96, 0.4, 660);
      const vbr = concatBytes(low.bytes, high.bytes);
      const info = mp3Info(vbr);

      expect(info.bitrateMode).toBe('variable');
      expect(info.frames).toBe(splitFrames(low.bytes).length + splitFrames(high.bytes).length);
      expect(ffmpegDecode(vbr)).toEqual({ errors: '', samples: info.frames * 576, channels: 1 });
    });

    it('measures interleaved frames of two bit rates behind a Xing frame', async () => {
      const a = splitFrames((await lameMp3(22050, 1, 32, 0.3)).bytes);
      const b = splitFrames((await lameMp3(22050, 1, 128, 0.3)).bytes);
      const frames = a.flatMap((frame, index) => [frame, b[index] ?? frame]);
      const audio = concatBytes(...frames);
      const info = mp3Info(
        concatBytes(headerFrame('Xing', audio, frames.length, audio.length), audio),
      );

      expect(info).toMatchObject({
        bitrateMode: 'variable',
        headerFrame: 'Xing',
        frames: frames.length,
      });
      expect(info.durationSeconds).toBeCloseTo((frames.length * 576) / 22050, 12);
    });
  });

  describe('on damaged streams', () => {
    it('resyncs past junk before the first frame', async () => {
      const { bytes } = await lameMp3(24000, 1, 48, 0.3);
      const info = mp3Info(concatBytes(junk(3001), bytes));

      expect(info.frames).toBe(mp3Info(bytes).frames);
      expect(info.skippedBytes).toBe(3001);
    });

    it('resyncs past junk between frames without losing a frame', async () => {
      const { bytes } = await lameMp3(22050, 1, 48, 0.3);
      const frames = splitFrames(bytes);
      const cut = frames.slice(0, 6).reduce((sum, frame) => sum + frame.length, 0);
      const info = mp3Info(concatBytes(bytes.subarray(0, cut), junk(777), bytes.subarray(cut)));

      expect(info.frames).toBe(frames.length);
      expect(info.skippedBytes).toBe(777);
    });

    it('drops a truncated last frame', async () => {
      const { bytes } = await lameMp3(24000, 1, 48, 0.3);
      const frames = splitFrames(bytes);
      const truncated = bytes.subarray(0, bytes.length - 50);

      expect(mp3Info(truncated).frames).toBe(frames.length - 1);
      expect(mp3Info(concatBytes(truncated, id3v1())).frames).toBe(frames.length - 1);
    });
  });

  describe('on input that is not MP3', () => {
    it.each([
      ['empty input', new Uint8Array(0)],
      ['a WAV header', Uint8Array.from('RIFF\0\0\0\0WAVEfmt ', (c) => c.charCodeAt(0))],
      ['junk with sync-like bytes', junk(20_000)],
      ['an ID3v2 tag alone', id3v2WithPicture(1000)],
      ['an ID3v1 tag alone', id3v1()],
    ])('throws AudioFormatError for %s', (_label, bytes) => {
      expect(() => mp3Info(bytes)).toThrow(AudioFormatError);
    });

    it('throws AudioFormatError for something that is not a byte array', () => {
      expect(() => mp3Info('ID3' as unknown as Uint8Array)).toThrow(AudioFormatError);
    });

    it('throws AudioFormatError when the sample rate changes mid-stream', async () => {
      const a = await lameMp3(24000, 1, 48, 0.3);
      const b = await lameMp3(22050, 1, 48, 0.3);

      expect(() => mp3Info(concatBytes(a.bytes, b.bytes))).toThrow(
        /changes from 24000 Hz\/1 ch to 22050 Hz\/1 ch/,
      );
    });
  });
});

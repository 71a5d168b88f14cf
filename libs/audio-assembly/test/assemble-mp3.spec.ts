import { AudioFormatError, InvalidAudioOptionsError } from '../src/errors';
import { assembleMp3 } from '../src/mp3/assemble-mp3';
import { mp3Info } from '../src/mp3/info';
import {
  apeTag,
  concatBytes,
  ffmpegDecode,
  ffmpegDecodeWithPcm,
  ffprobe,
  headerFrame,
  id3v1,
  id3v2WithPicture,
  junk,
  lameMp3,
  requireFfmpeg,
  splitFrames,
} from './fixtures';

beforeAll(requireFfmpeg);

/** Reads the Xing/Info frame of an assembled file (after an optional ID3v2 tag). */
function readXing(audio: Uint8Array, sideInfo: number) {
  const info = mp3Info(audio);
  let offset = 0;
  if (audio[0] === 0x49 && audio[1] === 0x44 && audio[2] === 0x33) {
    const size = audio.subarray(6, 10);
    offset =
      10 +
      (((size[0] ?? 0) << 21) | ((size[1] ?? 0) << 14) | ((size[2] ?? 0) << 7) | (size[3] ?? 0));
  }
  const at = offset + 4 + sideInfo;
  const view = new DataView(audio.buffer, audio.byteOffset);
  return {
    tag: String.fromCharCode(...audio.subarray(at, at + 4)),
    frames: view.getUint32(at + 8),
    bytes: view.getUint32(at + 12),
    toc: [...audio.subarray(at + 16, at + 116)],
    streamBytes: audio.length - offset,
    info,
  };
}

describe('assembleMp3', () => {
  it('drops every chunk tag and header frame and writes one Info frame whose frame count ffmpeg agrees with', async () => {
    const a = await lameMp3(24000, 1, 48, 0.4);
    const b = await lameMp3(24000, 1, 48, 0.4, 330);
    const bInfo = mp3Info(b.bytes);
    const chunks = [
      concatBytes(id3v2WithPicture(20_000), a.bytes, apeTag(), id3v1()),
      concatBytes(junk(500), headerFrame('Info', b.bytes, bInfo.frames, bInfo.audioBytes), b.bytes),
      concatBytes(id3v2WithPicture(100, true), b.bytes.subarray(0, b.bytes.length - 40)),
    ];
    const [framesA, framesB, framesC] = [mp3Info(a.bytes).frames, bInfo.frames, bInfo.frames - 1];
    const result = assembleMp3(chunks);
    const xing = readXing(result.audio, 9);
    const decoded = ffmpegDecode(result.audio);

    expect(result.frames).toBe(framesA + framesB + framesC);
    expect(result.durationSeconds).toBeCloseTo((result.frames * 576) / 24000, 12);
    expect(result.chunkStartsSeconds).toEqual([
      0,
      (framesA * 576) / 24000,
      ((framesA + framesB) * 576) / 24000,
    ]);
    expect(xing.tag).toBe('Info');
    expect(xing.frames).toBe(result.frames);
    expect(xing.bytes).toBe(xing.streamBytes);
    expect(xing.info).toMatchObject({
      frames: result.frames,
      headerFrame: 'Info',
      declaredFrames: result.frames,
      skippedBytes: 0,
    });
    expect(decoded.errors).toBe('');
    expect(decoded.samples).toBe(result.frames * 576);
    expect(ffprobe(result.audio).duration).toBeCloseTo(result.durationSeconds, 3);
  });

  it('keeps the audio frames byte for byte, in chunk order', async () => {
    const a = await lameMp3(22050, 1, 48, 0.4);
    const b = await lameMp3(22050, 1, 48, 0.4, 550);
    const result = assembleMp3([concatBytes(id3v2WithPicture(64), a.bytes), b.bytes]);
    const body = result.audio.subarray(result.audio.length - a.bytes.length - b.bytes.length);

    expect(Buffer.from(body).equals(Buffer.concat([a.bytes, b.bytes]))).toBe(true);
  });

  it('writes a Xing frame with a monotonic seek table for chunks of different bit rates', async () => {
    const a = await lameMp3(24000, 1, 40, 0.4);
    const b = await lameMp3(24000, 1, 96, 0.4, 660);
    const result = assembleMp3([a.bytes, b.bytes]);
    const xing = readXing(result.audio, 9);

    expect(xing.tag).toBe('Xing');
    expect(xing.frames).toBe(splitFrames(a.bytes).length + splitFrames(b.bytes).length);
    const xingFrameLength = xing.streamBytes - a.bytes.length - b.bytes.length;
    // Entries are byte offsets / stream bytes × 256, counted from the Xing frame (as ffmpeg reads them).
    expect(xing.toc[0]).toBe(Math.floor((256 * xingFrameLength) / xing.bytes));
    expect(
      xing.toc.every((value, index) => index === 0 || value >= (xing.toc[index - 1] ?? 0)),
    ).toBe(true);
    // Half the frames are the 40 kbit/s chunk: the 50 % entry points well before the middle of the bytes.
    expect(xing.toc[50]).toBeLessThan(128);
    expect(ffmpegDecode(result.audio)).toEqual({
      errors: '',
      samples: result.frames * 576,
      channels: 1,
    });
  });

  it.each([
    [44100, 2, 128, 1152],
    [16000, 1, 32, 576],
    [8000, 1, 16, 576],
  ] as const)(
    'assembles %i Hz %i-channel chunks that decode without error',
    async (sampleRate, channels, kbps, samplesPerFrame) => {
      const a = await lameMp3(sampleRate, channels, kbps, 0.3);
      const b = await lameMp3(sampleRate, channels, kbps, 0.3, 550);
      const result = assembleMp3([a.bytes, b.bytes], { silenceBetweenMs: 250 });
      const decoded = ffmpegDecode(result.audio);

      expect(decoded).toEqual({ errors: '', samples: result.frames * samplesPerFrame, channels });
      expect(readXing(result.audio, sampleRate === 44100 ? 32 : 9).frames).toBe(result.frames);
    },
  );

  it('inserts whole silent frames between chunks, which decode to silence', async () => {
    const a = await lameMp3(24000, 1, 48, 0.4);
    const b = await lameMp3(24000, 1, 48, 0.4, 550);
    const aFrames = splitFrames(a.bytes).length;
    const result = assembleMp3([a.bytes, b.bytes], { silenceBetweenMs: 480 });
    const silentFrames = Math.round((0.48 * 24000) / 576); // 20
    const { pcm } = ffmpegDecodeWithPcm(result.audio);
    const gap = pcm.subarray(aFrames * 576 + 1200, (aFrames + silentFrames) * 576);
    const speech = pcm.subarray(1200, aFrames * 576 - 1200);

    expect(result.frames).toBe(aFrames + silentFrames + splitFrames(b.bytes).length);
    expect(result.chunkStartsSeconds[1]).toBeCloseTo(((aFrames + silentFrames) * 576) / 24000, 12);
    expect(Math.max(...gap.map(Math.abs))).toBeLessThan(50);
    expect(Math.max(...speech.map(Math.abs))).toBeGreaterThan(3000);
  });

  it('writes chapters that ffprobe reads back with their titles and times', async () => {
    const a = await lameMp3(24000, 1, 48, 0.4);
    const b = await lameMp3(24000, 1, 48, 0.4, 550);
    const first = assembleMp3([a.bytes, b.bytes]);
    const secondStart = first.chunkStartsSeconds[1] ?? Number.NaN;
    const chapters = [
      { title: 'Intro', startSeconds: 0, endSeconds: secondStart },
      {
        title: 'Café & “quotes”',
        startSeconds: secondStart,
        endSeconds: first.durationSeconds,
      },
    ];
    const result = assembleMp3([a.bytes, b.bytes], { chapters });
    const probed = ffprobe(result.audio);

    expect(probed.errors).toBe('');
    expect(probed.chapters.map((chapter) => chapter.tags?.title)).toEqual([
      'Intro',
      'Café & “quotes”',
    ]);
    expect(probed.chapters.map((chapter) => Number(chapter.start_time))).toEqual([
      0,
      Math.round(secondStart * 1000) / 1000,
    ]);
    expect(Number(probed.chapters[1]?.end_time)).toBeCloseTo(result.durationSeconds, 3);
    expect(mp3Info(result.audio).frames).toBe(first.frames);
    expect(ffmpegDecode(result.audio)).toEqual({
      errors: '',
      samples: first.frames * 576,
      channels: 1,
    });
  });

  describe('refusals', () => {
    it('refuses a chunk of another sample rate, naming it', async () => {
      const a = await lameMp3(24000, 1, 48, 0.4);
      const b = await lameMp3(22050, 1, 48, 0.4);

      expect(() => assembleMp3([a.bytes, a.bytes, b.bytes])).toThrow(
        expect.objectContaining({ name: 'AudioFormatError', chunkIndex: 2 }),
      );
    });

    it('refuses a stereo chunk among mono chunks, naming it', async () => {
      const mono = await lameMp3(24000, 1, 48, 0.4);
      const stereo = await lameMp3(24000, 2, 64, 0.4);

      expect(() => assembleMp3([mono.bytes, stereo.bytes])).toThrow(
        /chunk 1 is 24000 Hz with 2 channel/,
      );
    });

    it('refuses a chunk that is not MP3, naming it', async () => {
      const a = await lameMp3(24000, 1, 48, 0.4);
      let error: unknown;
      try {
        assembleMp3([a.bytes, new Uint8Array(0), a.bytes]);
      } catch (caught) {
        error = caught;
      }

      expect(error).toBeInstanceOf(AudioFormatError);
      expect((error as AudioFormatError).chunkIndex).toBe(1);
    });

    it('refuses an empty chunk list', () => {
      expect(() => assembleMp3([])).toThrow(AudioFormatError);
    });

    it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, 60_001])(
      'refuses silenceBetweenMs %p',
      async (silenceBetweenMs) => {
        const a = await lameMp3(24000, 1, 48, 0.4);

        expect(() => assembleMp3([a.bytes], { silenceBetweenMs })).toThrow(
          InvalidAudioOptionsError,
        );
      },
    );

    it('refuses more than 255 chapters (the CTOC entry count is one byte)', async () => {
      const a = await lameMp3(24000, 1, 48, 0.4);
      const chapters = Array.from({ length: 256 }, (_, index) => ({
        title: `Chapter ${index}`,
        startSeconds: index * 0.001,
        endSeconds: (index + 1) * 0.001,
      }));

      expect(() => assembleMp3([a.bytes], { chapters })).toThrow(/at most 255 chapters/);
      expect(() => assembleMp3([a.bytes], { chapters: chapters.slice(0, 255) })).not.toThrow();
    });

    it.each([
      ['a chapter ending after the audio', [{ title: 'A', startSeconds: 0, endSeconds: 99 }]],
      ['an empty title', [{ title: ' ', startSeconds: 0, endSeconds: 0.1 }]],
      ['a chapter ending before it starts', [{ title: 'A', startSeconds: 0.3, endSeconds: 0.2 }]],
      [
        'overlapping chapters',
        [
          { title: 'A', startSeconds: 0, endSeconds: 0.3 },
          { title: 'B', startSeconds: 0.2, endSeconds: 0.4 },
        ],
      ],
    ])('refuses %s', async (_label, chapters) => {
      const a = await lameMp3(24000, 1, 48, 0.4);

      expect(() => assembleMp3([a.bytes], { chapters })).toThrow(InvalidAudioOptionsError);
    });
  });
});

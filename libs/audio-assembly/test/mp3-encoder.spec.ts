import { InvalidAudioOptionsError } from '../src/errors';
import { encodeMp3 } from '../src/mp3/encoder';
import { mp3Info } from '../src/mp3/info';
import { ffmpegDecode, requireFfmpeg, tone } from './fixtures';

beforeAll(requireFfmpeg);

describe('encodeMp3', () => {
  it('encodes mono and stereo PCM at the input rate, with LAME delay and padding inside the duration', async () => {
    const left = tone(22050, 0.5);
    const mono = await encodeMp3(left, undefined, { sampleRate: 22050 });
    const stereo = await encodeMp3(left, tone(22050, 0.5, 660), { sampleRate: 22050, kbps: 64 });

    expect(mp3Info(mono)).toMatchObject({
      sampleRate: 22050,
      channels: 1,
      bitrateMode: 'constant',
    });
    expect(mp3Info(mono).averageBitrateKbps).toBeCloseTo(48, 0);
    expect(mp3Info(stereo)).toMatchObject({ sampleRate: 22050, channels: 2 });
    const overhead = mp3Info(mono).frames * 576 - left.length;
    expect(overhead).toBeGreaterThanOrEqual(576);
    expect(ffmpegDecode(mono)).toEqual({
      errors: '',
      samples: mp3Info(mono).frames * 576,
      channels: 1,
    });
  });

  it('refuses a bit rate so low that LAME would resample, instead of returning another rate', async () => {
    await expect(
      encodeMp3(tone(24000, 0.1), undefined, { sampleRate: 24000, kbps: 32 }),
    ).rejects.toThrow(/resamples 24000 Hz at 32 kbit\/s to 22050 Hz/);
  });

  it('refuses a sample rate MP3 does not define and channels of different lengths', async () => {
    await expect(
      encodeMp3(new Int16Array(10), undefined, { sampleRate: 12345 }),
    ).rejects.toBeInstanceOf(InvalidAudioOptionsError);
    await expect(
      encodeMp3(new Int16Array(10), new Int16Array(9), { sampleRate: 24000 }),
    ).rejects.toBeInstanceOf(InvalidAudioOptionsError);
  });
});

import { InvalidAudioOptionsError, SpeechEngineError } from '../src/errors';
import { LOCAL_SAMPLE_RATE, LocalSynthesizer } from '../src/local/local-synthesizer';
import { assembleMp3 } from '../src/mp3/assemble-mp3';
import { mp3Info } from '../src/mp3/info';
import { ffmpegDecode, ffmpegDecodeWithPcm, requireFfmpeg } from './fixtures';

beforeAll(requireFfmpeg);

/** Median fundamental frequency of the voiced 46 ms windows, by normalized autocorrelation (70–400 Hz). */
function medianPitchHz(pcm: Int16Array, sampleRate: number): number {
  const size = 1024;
  const pitches: number[] = [];
  for (let start = 0; start + size <= pcm.length; start += size / 2) {
    const window = pcm.subarray(start, start + size);
    let energy = 0;
    for (const sample of window) energy += sample * sample;
    if (Math.sqrt(energy / size) < 1500) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = Math.floor(sampleRate / 400); lag <= Math.ceil(sampleRate / 70); lag++) {
      let sum = 0;
      let norm = 0;
      for (let i = 0; i + lag < size; i++) {
        const a = window[i] as number;
        const b = window[i + lag] as number;
        sum += a * b;
        norm += b * b;
      }
      const score = sum / Math.sqrt(energy * norm || 1);
      if (score > best) {
        best = score;
        bestLag = lag;
      }
    }
    if (best > 0.6) pitches.push(sampleRate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

describe('LocalSynthesizer', () => {
  const local = new LocalSynthesizer();
  const chunks = [
    { text: 'Welcome to Lumcast. Today, tides.', voice: local.voiceForHost(0, 'neural') },
    { text: 'The ocean rises twice a day.', voice: local.voiceForHost(1, 'neural') },
    { text: '--help is just text here.', voice: local.voiceForHost(0, 'neural') },
  ];
  let audio: Uint8Array[];

  beforeAll(async () => {
    audio = await Promise.all(
      chunks.map(({ text, voice }) => local.synthesize({ text, voice, quality: 'neural' })),
    );
    // Compiling espeak-ng's WASM and encoding MP3 takes a few seconds, more on a busy CI machine.
  }, 60_000);
  afterAll(() => local.close());

  it('speaks text as 22.05 kHz mono MP3 that ffmpeg decodes without error', () => {
    for (const mp3 of audio) {
      const info = mp3Info(mp3);

      expect(info).toMatchObject({
        sampleRate: LOCAL_SAMPLE_RATE,
        channels: 1,
        version: 'MPEG-2',
        bitrateMode: 'constant',
      });
      // Five or six words at 165–175 words per minute: seconds of speech, not a blip.
      expect(info.durationSeconds).toBeGreaterThan(1.2);
      expect(info.durationSeconds).toBeLessThan(6);
      expect(ffmpegDecode(mp3)).toEqual({ errors: '', samples: info.frames * 576, channels: 1 });
    }
  });

  it('speaks text that starts with dashes instead of reading it as an option', () => {
    expect(mp3Info(audio[2] as Uint8Array).durationSeconds).toBeGreaterThan(1.2);
  });

  it('gives the two hosts clearly different voices (host 1 speaks at least 40 % higher)', () => {
    const lowPitch = medianPitchHz(
      ffmpegDecodeWithPcm(audio[0] as Uint8Array).pcm,
      LOCAL_SAMPLE_RATE,
    );
    const highPitch = medianPitchHz(
      ffmpegDecodeWithPcm(audio[1] as Uint8Array).pcm,
      LOCAL_SAMPLE_RATE,
    );

    expect(local.voiceForHost(0, 'standard')).not.toBe(local.voiceForHost(1, 'standard'));
    expect(lowPitch).toBeGreaterThan(70);
    expect(highPitch).toBeGreaterThan(lowPitch * 1.4);
  });

  it('gives a third host a voice of its own, pitched between the other two', async () => {
    const third = await local.synthesize({
      text: 'The ocean rises twice a day.',
      voice: local.voiceForHost(2, 'neural'),
      quality: 'neural',
    });
    const pitch = (mp3: Uint8Array) =>
      medianPitchHz(ffmpegDecodeWithPcm(mp3).pcm, LOCAL_SAMPLE_RATE);

    expect(
      new Set([0, 1, 2].map((host) => local.voiceForHost(host as 0 | 1 | 2, 'standard'))).size,
    ).toBe(3);
    expect(pitch(third)).toBeGreaterThan(pitch(audio[0] as Uint8Array) * 1.1);
    expect(pitch(third)).toBeLessThan(pitch(audio[1] as Uint8Array) * 0.9);
  });

  it('produces chunks that assemble into one MP3 that decodes without error', () => {
    const assembled = assembleMp3(audio, { silenceBetweenMs: 300 });

    expect(ffmpegDecode(assembled.audio)).toEqual({
      errors: '',
      samples: assembled.frames * 576,
      channels: 1,
    });
  });

  it('refuses an unknown voice and empty text before starting the engine', async () => {
    const fresh = new LocalSynthesizer();

    await expect(
      fresh.synthesize({ text: 'Hi.', voice: 'en-us', quality: 'neural' }),
    ).rejects.toBeInstanceOf(InvalidAudioOptionsError);
    await expect(
      fresh.synthesize({ text: '  ', voice: fresh.voiceForHost(0, 'neural'), quality: 'neural' }),
    ).rejects.toBeInstanceOf(InvalidAudioOptionsError);
    await fresh.close();
  });

  it('fails pending requests when closed, and starts the engine again on the next request', async () => {
    const fresh = new LocalSynthesizer();
    const pending = fresh.synthesize({
      text: 'This request is cut short.',
      voice: fresh.voiceForHost(1, 'neural'),
      quality: 'neural',
    });
    await fresh.close();

    await expect(pending).rejects.toBeInstanceOf(SpeechEngineError);
    const mp3 = await fresh.synthesize({
      text: 'Back again.',
      voice: fresh.voiceForHost(1, 'neural'),
      quality: 'neural',
    });
    expect(mp3Info(mp3).frames).toBeGreaterThan(10);
    await fresh.close();
  });

  it('fails a request that takes longer than timeoutMs with a SpeechEngineError', async () => {
    const slow = new LocalSynthesizer({ timeoutMs: 1 });

    await expect(
      slow.synthesize({
        text: 'Too slow.',
        voice: slow.voiceForHost(0, 'neural'),
        quality: 'neural',
      }),
    ).rejects.toThrow(/did not answer within 1 ms/);
    await slow.close();
  });

  it('refuses a bit rate MPEG-2 Layer III does not have', () => {
    expect(() => new LocalSynthesizer({ kbps: 50 })).toThrow(InvalidAudioOptionsError);
  });
});

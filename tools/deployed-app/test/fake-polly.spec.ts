import { spawnSync } from 'node:child_process';
import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import {
  POLLY_VOICES_BY_ENGINE,
  PollySynthesizer,
  mp3Info,
  pollyVoiceAvailability,
} from '@lumcast/audio-assembly';
import {
  FAKE_POLLY_VOICES,
  type FakePollyEngine,
  type FakePollyOptions,
  startFakePolly,
} from '@lumcast/aws-emulator';

const ENGINES: FakePollyEngine[] = ['standard', 'neural', 'generative'];
const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };

interface Speech {
  Engine?: FakePollyEngine;
  VoiceId?: string;
  Text?: string;
  TextType?: 'text' | 'ssml';
  SampleRate?: string;
}

/** A fake Polly with a real PollyClient (one SDK attempt, as the Lambda has) and a fake clock. */
async function setUp(options: FakePollyOptions = {}, clientTimeoutMs?: number) {
  let clockMs = Date.parse('2026-12-03T08:00:00.000Z');
  const polly = await startFakePolly({ now: () => new Date(clockMs), ...options });
  const client = new PollyClient({
    endpoint: polly.url,
    region: 'us-east-1',
    credentials,
    maxAttempts: 1,
    ...(clientTimeoutMs ? { requestHandler: { requestTimeout: clientTimeoutMs } } : {}),
  });
  const speak = async (speech: Speech = {}) => {
    const response = await client.send(
      new SynthesizeSpeechCommand({
        Engine: speech.Engine ?? 'neural',
        VoiceId: (speech.VoiceId ?? 'Danielle') as never,
        OutputFormat: 'mp3',
        Text: speech.Text ?? 'Hello and welcome back to the show.',
        TextType: speech.TextType ?? 'text',
        ...(speech.SampleRate ? { SampleRate: speech.SampleRate } : {}),
      }),
    );
    if (!response.AudioStream) throw new Error('no AudioStream in the answer');
    const audio = await response.AudioStream.transformToByteArray();
    return { response, audio };
  };
  /** The error name Polly answered, or 'audio'. */
  const outcome = (speech: Speech = {}) =>
    speak(speech).then(
      () => 'audio',
      (error: Error) => error.name,
    );
  let closed = false;
  const setup = {
    polly,
    client,
    speak,
    outcome,
    advance: (ms: number) => void (clockMs += ms),
    close: async () => {
      if (closed) return;
      closed = true;
      client.destroy();
      await polly.stop();
    },
  };
  running.push(setup);
  return setup;
}

type Setup = Awaited<ReturnType<typeof setUp>>;

/** Fakes started by the current test, closed after it. */
const running: { close(): Promise<void> }[] = [];

describe('startFakePolly', () => {
  let fake: Setup;
  afterEach(async () => {
    for (const opened of running.splice(0)) await opened.close();
  });

  describe('audio', () => {
    it('answers real CBR MP3 frames at the requested rate, as long as the text at 15 characters/s', async () => {
      fake = await setUp();
      const text = 'a'.repeat(300); // 20 s of speech
      const { response, audio } = await fake.speak({ Text: text, SampleRate: '22050' });
      const info = mp3Info(audio);

      expect(response.ContentType).toBe('audio/mpeg');
      expect(response.RequestCharacters).toBe(300);
      expect(info).toMatchObject({
        sampleRate: 22050,
        channels: 1,
        samplesPerFrame: 576,
        bitrateMode: 'constant',
        skippedBytes: 0,
      });
      expect(info.durationSeconds).toBeGreaterThanOrEqual(20);
      expect(info.durationSeconds).toBeLessThan(20.1);
      expect(Math.abs(info.averageBitrateKbps - 32)).toBeLessThan(0.5);
      expect(fake.polly.requests[0]).toMatchObject({ outcome: 'audio', status: 200 });
      expect(fake.polly.requests[0]?.audioSeconds).toBeCloseTo(info.durationSeconds, 3);
    });

    it.each(['8000', '16000', '22050', '24000'])(
      'answers %s Hz audio that ffmpeg decodes without error to the expected length',
      async (rate) => {
        fake = await setUp();
        const { audio } = await fake.speak({ Text: 'a'.repeat(150), SampleRate: rate }); // 10 s
        const decoded = spawnSync(
          'ffmpeg',
          ['-v', 'error', '-f', 'mp3', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', 'pipe:1'],
          { input: Buffer.from(audio), maxBuffer: 1 << 26 },
        );

        expect(decoded.error).toBeUndefined(); // ffmpeg is installed (.ci/run installs it)
        expect(String(decoded.stderr)).toBe('');
        const seconds = decoded.stdout.length / 2 / Number(rate);
        expect(seconds).toBeGreaterThan(9.9);
        expect(seconds).toBeLessThan(10.2);
        expect(
          new Int16Array(
            decoded.stdout.buffer,
            decoded.stdout.byteOffset,
            decoded.stdout.length / 2,
          ).every((v) => v === 0),
        ).toBe(true);
      },
    );

    it.each([
      ['standard', 'Joanna', undefined, 22050],
      ['neural', 'Danielle', undefined, 24000],
      ['generative', 'Ruth', '24000', 24000],
      ['neural', 'Gregory', '16000', 16000],
      ['standard', 'Joey', '8000', 8000],
    ] as const)(
      'speaks %s %s at SampleRate %s (the engine default when undefined) in %d Hz frames',
      async (engine, voice, rate, expected) => {
        fake = await setUp();
        const { audio } = await fake.speak({ Engine: engine, VoiceId: voice, SampleRate: rate });

        expect(mp3Info(audio).sampleRate).toBe(expected);
      },
    );
  });

  describe("AWS's limits", () => {
    it('admits a burst of 10 neural requests at once, throttles the 11th, and refills one token every 125 ms', async () => {
      fake = await setUp();
      const outcomes = await Promise.all(Array.from({ length: 11 }, () => fake.outcome()));

      expect(outcomes.filter((o) => o === 'audio')).toHaveLength(10);
      expect(outcomes.filter((o) => o === 'ThrottlingException')).toHaveLength(1);
      expect(fake.polly.counters).toMatchObject({
        throttled: 1,
        rateLimited: 1,
        maxRequestsInAnySecond: { neural: 11 },
        maxAdmittedInAnySecond: { neural: 10 },
      });

      fake.advance(124);
      expect(await fake.outcome()).toBe('ThrottlingException'); // not a whole token yet
      fake.advance(1);
      expect(await fake.outcome()).toBe('audio');
      expect(await fake.outcome()).toBe('ThrottlingException');
    });

    it('holds 8 neural requests a second sustained once the burst is spent', async () => {
      fake = await setUp();
      const admitted: number[] = [];
      for (let ms = 0; ms < 5000; ms += 25) {
        if ((await fake.outcome({ Text: 'Hi.' })) === 'audio') admitted.push(ms);
        fake.advance(25);
      }

      // The burst of 10, then what 8 a second refills over the 4.975 s that follow (39.8 tokens).
      expect(admitted).toHaveLength(10 + 40 - 1);
      expect(fake.polly.counters.admitted.neural).toBe(admitted.length);
    });

    it('takes a burst equal to the rate when only the rate is configured', async () => {
      fake = await setUp({ requestsPerSecond: { neural: 8 } });
      const outcomes = await Promise.all(Array.from({ length: 9 }, () => fake.outcome()));

      expect(outcomes.filter((o) => o === 'audio')).toHaveLength(8);
    });

    it('throttles 11 neural requests sent at once on the real clock', async () => {
      fake = await setUp({ now: () => new Date() }); // the system clock
      const outcomes = await Promise.all(Array.from({ length: 11 }, () => fake.outcome()));

      expect(outcomes).toContain('ThrottlingException');
      expect(fake.polly.counters.admitted.neural).toBeLessThanOrEqual(11);
    });

    it('keeps separate buckets per engine: a burst of 100 standard requests, and neural untouched by them', async () => {
      fake = await setUp();
      for (let i = 0; i < 100; i++) {
        expect(await fake.outcome({ Engine: 'standard', VoiceId: 'Joanna', Text: 'Hi.' })).toBe(
          'audio',
        );
      }
      expect(await fake.outcome({ Engine: 'standard', VoiceId: 'Joanna', Text: 'Hi.' })).toBe(
        'ThrottlingException',
      );
      expect(await fake.outcome({ Engine: 'neural' })).toBe('audio');
      expect(fake.polly.counters.requests).toEqual({ standard: 101, neural: 1, generative: 0 });
      expect(fake.polly.counters.maxAdmittedInAnySecond).toEqual({
        standard: 100,
        neural: 1,
        generative: 0,
      });
    });

    it('refuses a burst below one at start', async () => {
      await expect(startFakePolly({ burst: { neural: 0 } })).rejects.toThrow(
        'burst.neural must be >= 1',
      );
    });

    it('bills 3,000 characters at most and takes 6,000 in total (SSML tags are not billed)', async () => {
      fake = await setUp();

      expect(await fake.outcome({ Text: 'a'.repeat(3000) })).toBe('audio');
      expect(await fake.outcome({ Text: 'a'.repeat(3001) })).toBe('TextLengthExceededException');
      const tags = '<break time="1s"/>'.repeat(150); // 2,700 characters of tags
      const ssml = `<speak>${'a'.repeat(2900)}${tags}</speak>`;
      expect(await fake.outcome({ Text: ssml, TextType: 'ssml' })).toBe('audio');
      expect(fake.polly.requests.at(-1)?.billedCharacters).toBe(2900);
      const tooLong = `<speak>${'a'.repeat(100)}${'<break time="1s"/>'.repeat(340)}</speak>`;
      expect(tooLong.length).toBeGreaterThan(6000);
      expect(await fake.outcome({ Text: tooLong, TextType: 'ssml' })).toBe(
        'TextLengthExceededException',
      );
    });

    it.each([
      ['standard', 'Joanna', '24000'],
      ['standard', 'Joanna', '44100'],
      ['neural', 'Danielle', '11025'],
      ['generative', 'Matthew', '48000'],
    ] as const)(
      'refuses %s at %s Hz with InvalidSampleRateException',
      async (engine, voice, rate) => {
        fake = await setUp();

        expect(await fake.outcome({ Engine: engine, VoiceId: voice, SampleRate: rate })).toBe(
          'InvalidSampleRateException',
        );
      },
    );

    it.each([
      ['standard', 'Matthew'],
      ['standard', 'Danielle'],
      ['neural', 'Nicole'],
      ['generative', 'Joey'],
    ] as const)(
      'refuses %s %s, a real voice that engine does not have, with EngineNotSupportedException',
      async (engine, voice) => {
        fake = await setUp();
        const failure = fake.speak({ Engine: engine, VoiceId: voice });

        await expect(failure).rejects.toMatchObject({
          name: 'EngineNotSupportedException',
          $metadata: expect.objectContaining({ httpStatusCode: 400 }),
        });
      },
    );

    it('refuses a voice ID Polly does not have with ValidationException', async () => {
      fake = await setUp();

      expect(await fake.outcome({ VoiceId: 'Nobody' })).toBe('ValidationException');
    });
  });

  describe('voices against the lib', () => {
    it("accepts every voice of the lib's catalog on its engine, over the wire", async () => {
      fake = await setUp({ requestsPerSecond: { standard: 1000, neural: 1000, generative: 1000 } });
      const refused: string[] = [];
      for (const engine of ENGINES) {
        const voices = new Set(Object.values(POLLY_VOICES_BY_ENGINE[engine]).flat());
        expect(voices.size).toBeGreaterThan(0);
        for (const voice of voices) {
          const result = await fake.outcome({ Engine: engine, VoiceId: voice, Text: 'Hi.' });
          if (result !== 'audio') refused.push(`${engine} ${voice}: ${result}`);
        }
      }
      expect(refused).toEqual([]);
    });

    it('agrees with the lib on every voice the fake knows: the lib never lists one the fake lacks, and refuses what the fake lacks or leaves it unconfirmed', () => {
      const disagreements: string[] = [];
      const all = new Set(ENGINES.flatMap((engine) => [...FAKE_POLLY_VOICES[engine]]));
      for (const engine of ENGINES) {
        for (const voice of all) {
          const lib = pollyVoiceAvailability(engine, voice);
          const fakeHas = FAKE_POLLY_VOICES[engine].has(voice);
          if (lib === 'available' && !fakeHas) disagreements.push(`lib lists ${engine} ${voice}`);
          if (fakeHas && lib !== 'available') disagreements.push(`lib misses ${engine} ${voice}`);
        }
      }
      expect(disagreements).toEqual([]);
    });

    it('serves the default hosts of a PollySynthesizer at every quality', async () => {
      fake = await setUp();
      const synthesizer = new PollySynthesizer({ client: fake.client });
      for (const quality of ENGINES) {
        for (const host of [0, 1] as const) {
          const audio = await synthesizer.synthesize({
            text: 'Welcome back.',
            voice: synthesizer.voiceForHost(host, quality),
            quality,
          });
          expect(mp3Info(audio).frames).toBeGreaterThan(0);
        }
      }
    });
  });

  describe('faults', () => {
    it('answers an injected server error as ServiceFailureException (HTTP 500), once', async () => {
      fake = await setUp();
      fake.polly.inject({ kind: 'server-error', count: 1 });

      await expect(fake.speak()).rejects.toMatchObject({
        name: 'ServiceFailureException',
        $metadata: expect.objectContaining({ httpStatusCode: 500 }),
      });
      expect(await fake.outcome()).toBe('audio');
      expect(fake.polly.counters.serverErrors).toBe(1);
    });

    it("leaves an injected timeout unanswered until the client's request timeout cuts it", async () => {
      fake = await setUp({}, 200);
      fake.polly.inject({ kind: 'timeout', count: 1 });

      expect(await fake.outcome()).toBe('TimeoutError');
      expect(await fake.outcome()).toBe('audio');
      expect(fake.polly.requests.map((r) => r.outcome)).toEqual(['timeout', 'audio']);
      expect(fake.polly.counters.timeouts).toBe(1);
    });

    it('throttles the next requests on an injected throttle, then serves', async () => {
      fake = await setUp();
      fake.polly.inject({ kind: 'throttle', count: 2 });

      expect([await fake.outcome(), await fake.outcome(), await fake.outcome()]).toEqual([
        'ThrottlingException',
        'ThrottlingException',
        'audio',
      ]);
      expect(fake.polly.counters).toMatchObject({ throttled: 2, rateLimited: 0 });
    });

    it('throttles every request during a throttle storm and none after it', async () => {
      fake = await setUp();
      fake.polly.throttleStorm(5000);

      expect(await fake.outcome({ Engine: 'standard', VoiceId: 'Joanna' })).toBe(
        'ThrottlingException',
      );
      fake.advance(4999);
      expect(await fake.outcome()).toBe('ThrottlingException');
      fake.advance(1);
      expect(await fake.outcome()).toBe('audio');
    });

    it('lets the PollySynthesizer ride out one injected 5xx and one timeout', async () => {
      fake = await setUp({}, 200);
      fake.polly.inject({ kind: 'server-error', count: 1 });
      fake.polly.inject({ kind: 'timeout', count: 1 });
      const synthesizer = new PollySynthesizer({
        client: fake.client,
        sleep: async () => undefined,
      });

      const audio = await synthesizer.synthesize({
        text: 'Hi.',
        voice: 'Danielle',
        quality: 'neural',
      });

      expect(mp3Info(audio).sampleRate).toBe(24000);
      expect(fake.polly.requests.map((r) => r.outcome)).toEqual([
        'ServiceFailureException',
        'timeout',
        'audio',
      ]);
    });

    it('refuses a fault with an unknown kind or a count below 1', async () => {
      fake = await setUp();

      expect(() => fake.polly.inject({ kind: 'meltdown' as never, count: 1 })).toThrow(
        /unknown fault kind/,
      );
      expect(() => fake.polly.inject({ kind: 'timeout', count: 0 })).toThrow(/positive integer/);
    });
  });

  it('stops with a request still unanswered', async () => {
    fake = await setUp();
    fake.polly.inject({ kind: 'timeout', count: 1 });
    const pending = fake.outcome();
    await waitFor(() => fake.polly.requests.length === 1);

    await fake.polly.stop();
    expect(await pending).not.toBe('audio');
  });
});

it('stops while a client still holds an answer it never read', async () => {
  const polly = await startFakePolly();
  const client = new PollyClient({
    endpoint: polly.url,
    region: 'us-east-1',
    credentials,
    maxAttempts: 1,
  });
  try {
    const response = await client.send(
      new SynthesizeSpeechCommand({
        Engine: 'neural',
        VoiceId: 'Danielle',
        OutputFormat: 'mp3',
        Text: 'a'.repeat(3000),
      }),
    );
    expect(response.ContentType).toBe('audio/mpeg');
    await polly.stop(); // resolves although the audio stream was never consumed
  } finally {
    client.destroy();
  }
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

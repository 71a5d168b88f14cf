import {
  constants as http2Constants,
  createServer,
  type Http2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { PollyClient } from '@aws-sdk/client-polly';
import { POLLY_CHILD_VOICES } from '../src/polly/host-voices';
import { POLLY_VOICES_BY_ENGINE } from '../src/polly/voices';
import {
  InvalidAudioOptionsError,
  SpeechEngineError,
  SpeechRequestRejectedError,
  SpeechServiceUnavailableError,
  SpeechThrottledError,
} from '../src/errors';
import { PollySynthesizer } from '../src/polly/polly-synthesizer';
import { mp3Info } from '../src/mp3/info';
import { lameMp3 } from './fixtures';

interface Recorded {
  method: string;
  path: string;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

type ServerResponse = Http2ServerResponse;
type Responder = (request: Recorded, response: ServerResponse) => Promise<void> | void;

/**
 * A local Polly REST-JSON endpoint: POST /v1/speech answers with audio bytes or an error. It speaks
 * cleartext HTTP/2 because the Polly client's default request handler is NodeHttp2Handler (the client
 * needs it for StartSpeechSynthesisStream); an HTTP/1.1 server gets "Protocol error" from it.
 */
class FakePollyServer {
  readonly requests: Recorded[] = [];
  responder: Responder = () => undefined;
  private server: Http2Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((request: Http2ServerRequest, response: ServerResponse) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => {
        const recorded: Recorded = {
          method: request.method ?? '',
          path: request.url ?? '',
          contentType: request.headers['content-type'],
          body: JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as Record<
            string,
            unknown
          >,
        };
        this.requests.push(recorded);
        void Promise.resolve(this.responder(recorded, response));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}

function sendAudio(response: ServerResponse, audio: Uint8Array, contentType = 'audio/mpeg'): void {
  response.writeHead(200, { 'Content-Type': contentType, 'x-amzn-RequestCharacters': '10' });
  response.end(Buffer.from(audio));
}

function sendError(response: ServerResponse, status: number, type: string, message: string): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'x-amzn-errortype': type });
  response.end(JSON.stringify({ message }));
}

/** Answers with real MP3 at the requested sample rate. */
const speakingResponder: Responder = async (request, response) => {
  const { bytes } = await lameMp3(Number(request.body.SampleRate), 1, 48, 0.3);
  sendAudio(response, bytes);
};

describe('PollySynthesizer', () => {
  const server = new FakePollyServer();
  let client: PollyClient;

  let timingOutClient: PollyClient;

  beforeAll(async () => {
    const endpoint = await server.start();
    const config = {
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      maxAttempts: 1,
    };
    client = new PollyClient(config);
    // The request timeout is the client's configuration, as in the synthesize Lambda.
    timingOutClient = new PollyClient({ ...config, requestHandler: { requestTimeout: 300 } });
  });

  afterAll(async () => {
    client.destroy();
    timingOutClient.destroy();
    await server.stop();
  });

  beforeEach(() => {
    server.requests.length = 0;
    server.responder = speakingResponder;
  });

  it.each([
    ['standard', 'standard', '22050', 22050],
    ['neural', 'neural', '24000', 24000],
    ['generative', 'generative', '24000', 24000],
  ] as const)(
    'asks Polly for %s quality with the %s engine and MP3 at %s Hz',
    async (quality, engine, rate, sampleRate) => {
      const polly = new PollySynthesizer({ client });
      const voice = polly.voiceForHost(1, quality);
      const audio = await polly.synthesize({ text: 'Hello, and welcome back.', voice, quality });

      expect(server.requests).toEqual([
        {
          method: 'POST',
          path: '/v1/speech',
          contentType: 'application/json',
          body: {
            Engine: engine,
            OutputFormat: 'mp3',
            SampleRate: rate,
            Text: 'Hello, and welcome back.',
            TextType: 'text',
            VoiceId: voice,
          },
        },
      ]);
      expect(mp3Info(audio).sampleRate).toBe(sampleRate);
    },
  );

  it('gives the two hosts different voices at every quality, and takes voices from options', () => {
    const polly = new PollySynthesizer({ client, voices: { neural: ['Stephen', 'Danielle'] } });

    for (const quality of ['standard', 'neural', 'generative'] as const) {
      expect(polly.voiceForHost(0, quality)).not.toBe(polly.voiceForHost(1, quality));
    }
    expect([polly.voiceForHost(0, 'neural'), polly.voiceForHost(1, 'neural')]).toEqual([
      'Stephen',
      'Danielle',
    ]);
  });

  it('retries a ThrottlingException with jittered exponential backoff, then succeeds', async () => {
    let throttles = 2;
    server.responder = async (request, response) => {
      if (throttles-- > 0) return sendError(response, 400, 'ThrottlingException', 'Rate exceeded');
      return speakingResponder(request, response);
    };
    const waits: number[] = [];
    const polly = new PollySynthesizer({
      client,
      sleep: async (ms) => void waits.push(ms),
      random: () => 0.5,
      baseDelayMs: 100,
    });
    const audio = await polly.synthesize({ text: 'Hi.', voice: 'Joanna', quality: 'neural' });

    expect(server.requests).toHaveLength(3);
    expect(waits).toEqual([50, 100]);
    expect(mp3Info(audio).frames).toBeGreaterThan(0);
  });

  it('gives up after maxAttempts throttled attempts with a SpeechThrottledError keeping the SDK error', async () => {
    server.responder = (_request, response) =>
      sendError(response, 400, 'ThrottlingException', 'Rate exceeded');
    const polly = new PollySynthesizer({ client, sleep: async () => undefined, maxAttempts: 3 });
    const failure = polly.synthesize({ text: 'Hi.', voice: 'Joanna', quality: 'neural' });

    await expect(failure).rejects.toBeInstanceOf(SpeechThrottledError);
    await expect(failure).rejects.toMatchObject({
      attempts: 3,
      cause: expect.objectContaining({ name: 'ThrottlingException' }),
    });
    expect(server.requests).toHaveLength(3);
  });

  it('hands a throttled request back at once with maxThrottledAttempts 1, and still retries a server error', async () => {
    let answers = 0;
    server.responder = (request, response) => {
      answers += 1;
      if (answers === 1) return sendError(response, 500, 'ServiceFailureException', 'oops');
      if (answers === 2) return speakingResponder(request, response);
      return sendError(response, 400, 'ThrottlingException', 'Rate exceeded');
    };
    const polly = new PollySynthesizer({
      client,
      sleep: async () => undefined,
      maxAttempts: 5,
      maxThrottledAttempts: 1,
    });
    await polly.synthesize({ text: 'Hi.', voice: 'Joanna', quality: 'neural' });
    expect(server.requests).toHaveLength(2);

    const throttled = polly.synthesize({ text: 'Hi.', voice: 'Joanna', quality: 'neural' });
    await expect(throttled).rejects.toMatchObject({ name: 'SpeechThrottledError', attempts: 1 });
    expect(server.requests).toHaveLength(3);
  });

  it.each([0, 1.5])('refuses maxThrottledAttempts %p when it is made', (maxThrottledAttempts) => {
    expect(() => new PollySynthesizer({ client, maxThrottledAttempts })).toThrow(
      /maxThrottledAttempts must be a positive integer/,
    );
  });

  it.each([
    ['TextLengthExceededException', 400, SpeechRequestRejectedError],
    ['EngineNotSupportedException', 400, SpeechRequestRejectedError],
    ['InvalidSampleRateException', 400, SpeechRequestRejectedError],
    ['ValidationException', 400, SpeechRequestRejectedError],
  ] as const)('maps %s to a domain error without retrying', async (type, status, errorClass) => {
    server.responder = (_request, response) => sendError(response, status, type, 'no');
    const polly = new PollySynthesizer({ client, sleep: async () => undefined });
    const failure = polly.synthesize({ text: 'Hi.', voice: 'Joanna', quality: 'neural' });

    await expect(failure).rejects.toBeInstanceOf(errorClass);
    await expect(failure).rejects.toMatchObject({ cause: expect.objectContaining({ name: type }) });
    expect(server.requests).toHaveLength(1);
  });

  describe('transient failures', () => {
    const noWait = { sleep: async () => undefined };

    /** Answers `fail` for the first `count` requests, then real MP3. */
    function failingFirst(count: number, fail: Responder): Responder {
      let left = count;
      return (request, response) =>
        left-- > 0 ? fail(request, response) : speakingResponder(request, response);
    }

    it('retries a ServiceFailureException (HTTP 500) and returns the audio of the next attempt', async () => {
      server.responder = failingFirst(1, (_request, response) =>
        sendError(
          response,
          500,
          'ServiceFailureException',
          'An unknown condition has caused a service failure.',
        ),
      );
      const waits: number[] = [];
      const polly = new PollySynthesizer({
        client,
        sleep: async (ms) => void waits.push(ms),
        random: () => 0.5,
        baseDelayMs: 100,
      });
      const audio = await polly.synthesize({ text: 'Hi.', voice: 'Danielle', quality: 'neural' });

      expect(server.requests).toHaveLength(2);
      expect(waits).toEqual([50]);
      expect(mp3Info(audio).sampleRate).toBe(24000);
    });

    it('retries a bare 503 without an error type (a load balancer answering) and then succeeds', async () => {
      server.responder = failingFirst(2, (_request, response) => {
        response.writeHead(503, { 'Content-Type': 'text/html' });
        response.end('<html>Service Unavailable</html>');
      });
      const polly = new PollySynthesizer({ client, ...noWait });
      const audio = await polly.synthesize({ text: 'Hi.', voice: 'Joey', quality: 'standard' });

      expect(server.requests).toHaveLength(3);
      expect(mp3Info(audio).sampleRate).toBe(22050);
    });

    it('retries a stream the server resets mid-request (a network error), then succeeds', async () => {
      server.responder = failingFirst(1, (_request, response) =>
        response.stream.close(http2Constants.NGHTTP2_INTERNAL_ERROR),
      );
      const polly = new PollySynthesizer({ client, ...noWait });
      const audio = await polly.synthesize({ text: 'Hi.', voice: 'Ruth', quality: 'generative' });

      expect(server.requests).toHaveLength(2);
      expect(mp3Info(audio).frames).toBeGreaterThan(0);
    });

    it('retries a connection the server drops without answering (socket hang-up), then succeeds', async () => {
      server.responder = failingFirst(1, (_request, response) =>
        response.stream.session?.destroy(),
      );
      const polly = new PollySynthesizer({ client, ...noWait });
      const audio = await polly.synthesize({ text: 'Hi.', voice: 'Gregory', quality: 'neural' });

      expect(server.requests).toHaveLength(2);
      expect(mp3Info(audio).frames).toBeGreaterThan(0);
    });

    it("cuts a request that hangs with the client's request timeout and retries it", async () => {
      server.responder = failingFirst(1, () => undefined); // never answers
      const polly = new PollySynthesizer({ client: timingOutClient, ...noWait });
      const audio = await polly.synthesize({ text: 'Hi.', voice: 'Danielle', quality: 'neural' });

      expect(server.requests).toHaveLength(2);
      expect(mp3Info(audio).sampleRate).toBe(24000);
    });

    it('gives up after maxAttempts transient failures with a SpeechServiceUnavailableError keeping the last one', async () => {
      server.responder = (_request, response) =>
        sendError(response, 500, 'ServiceFailureException', 'still broken');
      const waits: number[] = [];
      const polly = new PollySynthesizer({
        client,
        maxAttempts: 4,
        sleep: async (ms) => void waits.push(ms),
        random: () => 0.999,
        baseDelayMs: 100,
        maxDelayMs: 300,
      });
      const failure = polly.synthesize({ text: 'Hi.', voice: 'Danielle', quality: 'neural' });

      await expect(failure).rejects.toBeInstanceOf(SpeechServiceUnavailableError);
      await expect(failure).rejects.toMatchObject({
        name: 'SpeechServiceUnavailableError',
        attempts: 4,
        cause: expect.objectContaining({ name: 'ServiceFailureException' }),
      });
      // Still a SpeechEngineError for code that catches engine failures.
      await expect(failure).rejects.toBeInstanceOf(SpeechEngineError);
      expect(server.requests).toHaveLength(4);
      // Full jitter under a doubling ceiling capped at maxDelayMs: 0.999 × (100, 200, 300).
      expect(waits).toEqual([99, 199, 299]);
    });

    it('gives up on timeouts too, with a SpeechServiceUnavailableError whose cause is the TimeoutError', async () => {
      server.responder = () => undefined;
      const polly = new PollySynthesizer({ client: timingOutClient, maxAttempts: 2, ...noWait });
      const failure = polly.synthesize({ text: 'Hi.', voice: 'Danielle', quality: 'neural' });

      await expect(failure).rejects.toMatchObject({
        name: 'SpeechServiceUnavailableError',
        attempts: 2,
        cause: expect.objectContaining({ name: 'TimeoutError' }),
      });
      expect(server.requests).toHaveLength(2);
    });

    it('shares one attempt budget between throttles and transient failures', async () => {
      let answer = 0;
      server.responder = (_request, response) =>
        answer++ % 2 === 0
          ? sendError(response, 400, 'ThrottlingException', 'Rate exceeded')
          : sendError(response, 500, 'ServiceFailureException', 'broken');
      const polly = new PollySynthesizer({ client, maxAttempts: 3, ...noWait });

      await expect(
        polly.synthesize({ text: 'Hi.', voice: 'Danielle', quality: 'neural' }),
      ).rejects.toMatchObject({ name: 'SpeechThrottledError', attempts: 3 });
      expect(server.requests).toHaveLength(3);
    });
  });

  describe('voices', () => {
    it('uses US English hosts that AWS lists for each engine by default', () => {
      const polly = new PollySynthesizer({ client });

      expect(
        (['standard', 'neural', 'generative'] as const).map((quality) => [
          polly.voiceForHost(0, quality),
          polly.voiceForHost(1, quality),
        ]),
      ).toEqual([
        ['Joey', 'Joanna'],
        ['Gregory', 'Danielle'],
        ['Matthew', 'Ruth'],
      ]);
    });

    it('gives a third host the engine’s next adult voice, and refuses a host it has no voice for', () => {
      const polly = new PollySynthesizer({ client });

      for (const quality of ['standard', 'neural'] as const) {
        const voices = [0, 1, 2].map((host) => polly.voiceForHost(host as 0 | 1 | 2, quality));
        expect(new Set(voices).size).toBe(3);
        expect(POLLY_VOICES_BY_ENGINE[quality]['en-US']).toContain(voices[2]);
        expect(POLLY_CHILD_VOICES.has(voices[2] ?? '')).toBe(false);
      }
      expect(polly.voiceForHost(2, 'standard')).toBe('Kendra');
      const configured = new PollySynthesizer({ client, voices: { generative: ['Ruth'] } });
      expect(() => configured.voiceForHost(1, 'generative')).toThrow(
        'no voice for host 1 at quality generative',
      );
    });

    it('refuses configured voices that repeat one or number more than three', () => {
      expect(() => new PollySynthesizer({ client, voices: { neural: ['Ruth', 'Ruth'] } })).toThrow(
        /must be 1 to 3 different voice IDs/,
      );
      expect(
        () =>
          new PollySynthesizer({
            client,
            voices: { standard: ['Joey', 'Joanna', 'Kendra', 'Salli'] },
          }),
      ).toThrow(/must be 1 to 3 different voice IDs/);
    });

    it('takes the default hosts of another language', () => {
      const polly = new PollySynthesizer({ client, language: 'en-GB' });

      expect([polly.voiceForHost(0, 'generative'), polly.voiceForHost(1, 'standard')]).toEqual([
        'Brian',
        'Amy',
      ]);
    });

    it('refuses a language without default hosts for an engine unless voices fill the gap', () => {
      expect(() => new PollySynthesizer({ client, language: 'ru-RU' })).toThrow(
        /no default neural voices for ru-RU/,
      );
      const polly = new PollySynthesizer({
        client,
        language: 'ru-RU',
        voices: { neural: ['Danielle'], generative: ['Ruth'] },
      });
      expect(polly.voiceForHost(0, 'standard')).toBe('Tatyana');
    });

    it('gives each call the host voices of the language it names, configured voices only to its own', () => {
      const polly = new PollySynthesizer({ client, voices: { neural: ['Joanna', 'Matthew'] } });

      expect(polly.voiceForHost(0, 'neural')).toBe('Joanna');
      expect(polly.voiceForHost(0, 'neural', 'en-US')).toBe('Joanna');
      expect(polly.voiceForHost(0, 'neural', 'es-MX')).toBe('Andres');
      expect(polly.voiceForHost(2, 'generative', 'de-DE')).toBe('Lennart');
      expect(polly.voiceForHost(0, 'standard', 'es-MX')).toBe('Mia');
      expect(() => polly.voiceForHost(1, 'standard', 'es-MX')).toThrow(
        /no voice for host 1 at quality standard in es-MX/,
      );
      expect(() => polly.voiceForHost(0, 'standard', 'fr-BE')).toThrow(InvalidAudioOptionsError);
      expect(() => polly.voiceForHost(0, 'neural', 'en-AU')).toThrow(InvalidAudioOptionsError);
    });

    it.each([
      ['standard', ['Matthew', 'Joanna']],
      ['standard', ['Joey', 'Danielle']],
      ['neural', ['Russell', 'Nicole']],
      ['generative', ['Brian', 'Emma']],
    ] as const)(
      'refuses at construction a %s voice pair with a voice that engine does not have (%j)',
      (quality, pair) => {
        expect(() => new PollySynthesizer({ client, voices: { [quality]: pair } })).toThrow(
          InvalidAudioOptionsError,
        );
        expect(server.requests).toHaveLength(0);
      },
    );

    it('refuses a request for a voice its engine does not have before sending it', async () => {
      const polly = new PollySynthesizer({ client });

      await expect(
        polly.synthesize({ text: 'Hi.', voice: 'Matthew', quality: 'standard' }),
      ).rejects.toThrow(/standard engine has no voice Matthew/);
      expect(server.requests).toHaveLength(0);
    });
  });

  it('rethrows an unknown error as it is', async () => {
    server.responder = (_request, response) =>
      sendError(response, 403, 'AccessDeniedException', 'not allowed');
    const polly = new PollySynthesizer({ client, sleep: async () => undefined });

    await expect(
      polly.synthesize({ text: 'Hi.', voice: 'Joanna', quality: 'neural' }),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('refuses audio that is not MP3 at the requested rate', async () => {
    const polly = new PollySynthesizer({ client });
    server.responder = (_request, response) =>
      sendAudio(response, new TextEncoder().encode('<html>oops</html>'));

    await expect(
      polly.synthesize({ text: 'Hi.', voice: 'Joanna', quality: 'neural' }),
    ).rejects.toBeInstanceOf(SpeechEngineError);

    server.responder = async (_request, response) =>
      sendAudio(response, (await lameMp3(16000, 1, 32, 0.3)).bytes);
    await expect(
      polly.synthesize({ text: 'Hi.', voice: 'Joanna', quality: 'neural' }),
    ).rejects.toThrow(/16000 Hz/);
  });

  it.each([
    ['empty text', { text: ' ', voice: 'Joanna', quality: 'neural' }],
    ['text over 3000 characters', { text: 'a'.repeat(3001), voice: 'Joanna', quality: 'neural' }],
    ['an empty voice', { text: 'Hi.', voice: '', quality: 'neural' }],
    ['an unknown quality', { text: 'Hi.', voice: 'Joanna', quality: 'ultra' }],
  ])('refuses %s before any request', async (_label, request) => {
    const polly = new PollySynthesizer({ client });

    await expect(
      polly.synthesize(request as Parameters<PollySynthesizer['synthesize']>[0]),
    ).rejects.toBeInstanceOf(InvalidAudioOptionsError);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses to be built without a client or with a bad maxAttempts', () => {
    expect(() => new PollySynthesizer({} as never)).toThrow(InvalidAudioOptionsError);
    expect(() => new PollySynthesizer({ client, maxAttempts: 0 })).toThrow(
      InvalidAudioOptionsError,
    );
  });
});

/**
 * A wire-level fake of Amazon Polly's SynthesizeSpeech: a local cleartext HTTP/2
 * server (the protocol the real `PollyClient` speaks: its default request handler is `NodeHttp2Handler`)
 * answering `POST /v1/speech` in REST-JSON, with AWS's published limits held.
 *
 * It holds AWS's published limits (rate and burst per engine, text length, sample rates, voices per
 * engine), each with its source, as `polly-limits.ts` and `polly-voices.ts` say, and answers real
 * MP3 frames of silence (`polly-mp3-frames.ts`).
 *
 * Faults: {@link FakePolly.inject} (`server-error` = HTTP 500 `ServiceFailureException`, `timeout` = the
 * request is never answered until the client gives up, `throttle` = `ThrottlingException`) for the next
 * `count` requests, and {@link FakePolly.throttleStorm} (every request throttled for a while).
 *
 * @packageDocumentation
 */
import {
  createServer,
  type Http2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { FakePollyConfigError } from '../errors';
import type {
  FakePolly,
  FakePollyCounters,
  FakePollyFault,
  FakePollyOptions,
  RecordedSpeechRequest,
} from './fake-polly-types';
import {
  billedSsmlCharacters,
  DEFAULT_SAMPLE_RATE,
  MAX_BILLED_CHARACTERS,
  MAX_TOTAL_CHARACTERS,
  POLLY_BURST,
  POLLY_REQUESTS_PER_SECOND,
  SAMPLE_RATES,
  validationProblem,
} from './polly-limits';
import { MPEG2_BITRATES, silentMp3 } from './polly-mp3-frames';
import { ENGINES, FAKE_POLLY_VOICES, perEngine, type FakePollyEngine } from './polly-voices';
import { TokenBucket } from './token-bucket';

export type { FakePolly, FakePollyOptions } from './fake-polly-types';
export { POLLY_BURST } from './polly-limits';
export { FAKE_POLLY_VOICES, type FakePollyEngine } from './polly-voices';

/**
 * Starts a fake Polly on 127.0.0.1 and resolves when it listens.
 *
 * @throws FakePollyConfigError for a non-positive rate, speaking rate or an unsupported bit rate.
 * @example
 * ```ts
 * const polly = await startFakePolly({ requestsPerSecond: { neural: 8 } });
 * try {
 *   // ... drive the app with AWS_ENDPOINT_URL_POLLY=polly.url
 *   console.log(polly.counters.maxAdmittedInAnySecond.neural); // <= 8
 * } finally {
 *   await polly.stop();
 * }
 * ```
 */
export async function startFakePolly(options: FakePollyOptions = {}): Promise<FakePolly> {
  const limits = { ...POLLY_REQUESTS_PER_SECOND, ...options.requestsPerSecond };
  const buckets = {} as Record<FakePollyEngine, TokenBucket>;
  for (const engine of ENGINES) {
    if (!(limits[engine] > 0)) {
      throw new FakePollyConfigError(`requestsPerSecond.${engine} must be > 0`);
    }
    const burst =
      options.burst?.[engine] ??
      (options.requestsPerSecond?.[engine] === undefined ? POLLY_BURST[engine] : limits[engine]);
    if (!(burst >= 1)) throw new FakePollyConfigError(`burst.${engine} must be >= 1`);
    buckets[engine] = new TokenBucket(limits[engine], burst);
  }
  const charactersPerSecond = options.charactersPerSecond ?? 15;
  if (!(charactersPerSecond > 0)) throw new FakePollyConfigError('charactersPerSecond must be > 0');
  const kbps = options.kbps ?? 32;
  if (!MPEG2_BITRATES.includes(kbps) || kbps === 0) {
    throw new FakePollyConfigError(`kbps must be one of ${MPEG2_BITRATES.slice(1).join(', ')}`);
  }
  const now = options.now ?? (() => new Date());
  const responseDelayMs = options.responseDelayMs ?? 0;

  const requests: RecordedSpeechRequest[] = [];
  const counters: FakePollyCounters = {
    requests: perEngine(),
    admitted: perEngine(),
    served: perEngine(),
    throttled: 0,
    rateLimited: 0,
    serverErrors: 0,
    timeouts: 0,
    maxRequestsInAnySecond: perEngine(),
    maxAdmittedInAnySecond: perEngine(),
  };
  const arrivals: Record<FakePollyEngine, number[]> = { standard: [], neural: [], generative: [] };
  const admittedAt: Record<FakePollyEngine, number[]> = {
    standard: [],
    neural: [],
    generative: [],
  };
  const faults: FakePollyFault[] = [];
  let stormUntil = -Infinity;
  const sessions = new Set<ServerHttp2Session>();

  /** Drops entries at or before `t - 1000` and returns how many remain. */
  const inWindow = (times: number[], t: number): number => {
    while (times.length > 0 && (times[0] as number) <= t - 1000) times.shift();
    return times.length;
  };

  const handle = (body: string, response: Http2ServerResponse) => {
    const t = now().getTime();
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body || '{}') as Record<string, unknown>;
    } catch {
      return sendError(response, 400, 'SerializationException', 'the request body is not JSON');
    }
    const text = typeof input.Text === 'string' ? input.Text : '';
    const textType = typeof input.TextType === 'string' ? input.TextType : 'text';
    const engineName = typeof input.Engine === 'string' ? input.Engine : 'standard';
    const record: RecordedSpeechRequest = {
      at: new Date(t),
      engine: engineName,
      voiceId: typeof input.VoiceId === 'string' ? input.VoiceId : '',
      outputFormat: typeof input.OutputFormat === 'string' ? input.OutputFormat : '',
      sampleRate: typeof input.SampleRate === 'string' ? input.SampleRate : '',
      textType,
      text,
      billedCharacters: textType === 'ssml' ? billedSsmlCharacters(text) : text.length,
      status: 0,
      outcome: 'timeout',
      audioSeconds: 0,
    };
    requests.push(record);
    const answerError = (status: number, type: string, message: string) => {
      record.status = status;
      record.outcome = type;
      sendError(response, status, type, message);
    };
    const engine = (ENGINES as readonly string[]).includes(engineName)
      ? (engineName as FakePollyEngine)
      : undefined;
    if (engine) {
      counters.requests[engine]++;
      arrivals[engine].push(t);
      counters.maxRequestsInAnySecond[engine] = Math.max(
        counters.maxRequestsInAnySecond[engine],
        inWindow(arrivals[engine], t),
      );
    }

    const fault = faults[0];
    if (fault) {
      if (--fault.count <= 0) faults.shift();
      if (fault.kind === 'timeout') {
        counters.timeouts++;
        return; // left open: the client's request timeout (or stop()) ends it
      }
      if (fault.kind === 'server-error') {
        counters.serverErrors++;
        return answerError(
          500,
          'ServiceFailureException',
          'An unknown condition has caused a service failure.',
        );
      }
      counters.throttled++;
      return answerError(400, 'ThrottlingException', 'Rate exceeded');
    }
    if (t < stormUntil) {
      counters.throttled++;
      return answerError(400, 'ThrottlingException', 'Rate exceeded');
    }
    if (engine) {
      if (!buckets[engine].take(t)) {
        counters.throttled++;
        counters.rateLimited++;
        return answerError(400, 'ThrottlingException', 'Rate exceeded');
      }
      admittedAt[engine].push(t);
      counters.admitted[engine]++;
      counters.maxAdmittedInAnySecond[engine] = Math.max(
        counters.maxAdmittedInAnySecond[engine],
        inWindow(admittedAt[engine], t),
      );
    }

    const invalid = validationProblem(input, engine);
    if (invalid) return answerError(400, 'ValidationException', invalid);
    const voice = record.voiceId;
    if (!FAKE_POLLY_VOICES[engine as FakePollyEngine].has(voice)) {
      return answerError(
        400,
        'EngineNotSupportedException',
        `This engine is not compatible with the voice that you have designated (${voice}, ${engine}). ` +
          'Choose a new voice that is compatible with the engine or change the engine and restart the operation.',
      );
    }
    if (text.length > MAX_TOTAL_CHARACTERS || record.billedCharacters > MAX_BILLED_CHARACTERS) {
      return answerError(
        400,
        'TextLengthExceededException',
        `Maximum text length has been exceeded: ${record.billedCharacters} billed of ${text.length} total ` +
          `characters (limits ${MAX_BILLED_CHARACTERS} billed, ${MAX_TOTAL_CHARACTERS} total).`,
      );
    }
    const rate =
      record.sampleRate === ''
        ? DEFAULT_SAMPLE_RATE[engine as FakePollyEngine]
        : Number(record.sampleRate);
    if (!SAMPLE_RATES[engine as FakePollyEngine].includes(rate)) {
      return answerError(
        400,
        'InvalidSampleRateException',
        `The specified sample rate ${record.sampleRate} is not valid for the ${engine} engine.`,
      );
    }

    const seconds = Math.max(record.billedCharacters, 1) / charactersPerSecond;
    const audio = silentMp3(rate, kbps, seconds);
    const answer = () => {
      record.status = 200;
      record.outcome = 'audio';
      record.audioSeconds = (audio.frames * 576) / rate;
      counters.served[engine as FakePollyEngine]++;
      response.writeHead(200, {
        'content-type': 'audio/mpeg',
        'x-amzn-requestcharacters': String(record.billedCharacters),
        'x-amzn-requestid': randomUUID(),
      });
      response.end(Buffer.from(audio.bytes));
    };
    if (responseDelayMs > 0) setTimeout(answer, responseDelayMs);
    else answer();
  };

  const server: Http2Server = createServer((request: Http2ServerRequest, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0];
      if (request.method !== 'POST' || path !== '/v1/speech') {
        return sendError(response, 404, 'UnknownOperationException', `${request.method} ${path}`);
      }
      handle(Buffer.concat(parts).toString('utf8'), response);
    });
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    counters,
    inject(fault: FakePollyFault) {
      if (!['server-error', 'timeout', 'throttle'].includes(fault?.kind)) {
        throw new FakePollyConfigError(`unknown fault kind ${String(fault?.kind)}`);
      }
      if (!Number.isInteger(fault.count) || fault.count < 1) {
        throw new FakePollyConfigError('a fault count must be a positive integer');
      }
      faults.push({ kind: fault.kind, count: fault.count });
    },
    throttleStorm(durationMs: number) {
      if (!(durationMs > 0)) throw new FakePollyConfigError('a storm lasts more than 0 ms');
      stormUntil = Math.max(stormUntil, now().getTime() + durationMs);
    },
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const session of sessions) session.destroy();
      await closed;
    },
  };
}

function sendError(response: Http2ServerResponse, status: number, type: string, message: string) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-amzn-errortype': type,
    'x-amzn-requestid': randomUUID(),
  });
  response.end(JSON.stringify({ message }));
}

/**
 * A wire-level fake of Amazon Polly's SynthesizeSpeech for the deployed-app run: a local cleartext HTTP/2
 * server (the protocol the real `PollyClient` speaks: its default request handler is `NodeHttp2Handler`)
 * answering `POST /v1/speech` in REST-JSON, with AWS's published limits held.
 *
 * Limits and behaviour, with their sources (stored copies of AWS's pages, read 2026-12-03):
 * - Rate: 8 SynthesizeSpeech requests per second for neural and generative, 80 for standard, with burst
 *   limits of 10 for neural and 100 for standard (Polly quotas; none is listed for generative, so its
 *   burst is its rate). Each engine has a {@link TokenBucket} on the `now` clock holding the burst and
 *   refilled at the rate. A request that finds no token answers HTTP 400 `ThrottlingException`, as Polly
 *   does, and takes none.
 * - Text: at most 6,000 characters in total and 3,000 billed characters (SSML tags are not billed), else
 *   HTTP 400 `TextLengthExceededException` (SynthesizeSpeech API reference).
 * - Sample rates for MP3: the API reference lists 8000, 16000, 22050 and 24000 Hz (defaults 22050 for
 *   standard, 24000 for neural and generative). This fake takes 8000–22050 for standard and 8000–24000 for
 *   neural and generative, as the project's limits say; anything else is HTTP 400
 *   `InvalidSampleRateException`. (Standard at 24000 Hz is refused here: stricter than the API reference.)
 * - Voices: {@link FAKE_POLLY_VOICES}, written here from the documentation on its own (not imported from
 *   `@lumcast/audio-assembly`, so a test can hold the lib's catalog against it). A voice ID outside
 *   Polly's `VoiceId` enum is HTTP 400 `ValidationException` (the request does not pass the API's input
 *   validation); a real voice the engine does not have is HTTP 400 `EngineNotSupportedException`, the
 *   error the API reference documents for "This engine is not compatible with the voice that you have
 *   designated". Neural and generative voices the documentation read did not confirm are refused the same
 *   way: on those the fake is stricter than AWS.
 * - Audio: real CBR MPEG-2 / MPEG-2.5 Layer III mono frames of silence at the requested rate, lasting the
 *   text at ~15 characters per second, with `Content-Type: audio/mpeg` and `x-amzn-RequestCharacters`.
 * - Only `OutputFormat: mp3` is implemented (others are `ValidationException` naming the fake's limit), and
 *   only SynthesizeSpeech (other routes are HTTP 404 `UnknownOperationException`).
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
import { VoiceId } from '@aws-sdk/client-polly';
import { FakePollyConfigError } from '../errors';
import { TokenBucket } from './token-bucket';

/**
 * The engines the fake serves.
 *
 * @example
 * ```ts
 * const engine: FakePollyEngine = 'generative';
 * ```
 */
export type FakePollyEngine = 'standard' | 'neural' | 'generative';

const ENGINES: readonly FakePollyEngine[] = ['standard', 'neural', 'generative'];

/**
 * Polly's voices and the engines the documentation says each has (S standard, N neural, G generative),
 * as `voice language engines`. Standard is the whole "Standard voices" table; neural and generative are
 * the whole "Available voices" table (all 42 rows, read 2026-12-04 from a weekly mirror of AWS's guide,
 * crowecawcaw/aws-docs-history `docs/polly/latest/dg/available-voices.md`). It is the same transcription
 * the lib's `polly-voices.ts` holds, so the agreement test below checks that the two copies stay the
 * same, not two independent readings.
 */
const VOICE_TABLE = `
Zeina arb S
Zhiyu cmn-CN SN
Naja da-DK S
Mads da-DK S
Lotte nl-NL S
Ruben nl-NL S
Nicole en-AU S
Russell en-AU S
Amy en-GB SNG
Emma en-GB SN
Brian en-GB SNG
Aditi en-IN S
Raveena en-IN S
Ivy en-US SN
Joanna en-US SNG
Kendra en-US SN
Kimberly en-US SN
Salli en-US SNG
Joey en-US SN
Kevin en-US SN
Geraint en-GB-WLS S
Celine fr-FR SG
Lea fr-FR SNG
Mathieu fr-FR S
Chantal fr-CA S
Marlene de-DE S
Vicki de-DE SNG
Hans de-DE S
Aditi hi-IN S
Dora is-IS S
Karl is-IS S
Carla it-IT S
Bianca it-IT SNG
Giorgio it-IT S
Mizuki ja-JP S
Takumi ja-JP SN
Seoyeon ko-KR SNG
Liv nb-NO S
Ewa pl-PL SG
Maja pl-PL S
Jacek pl-PL S
Jan pl-PL S
Camila pt-BR SNG
Vitoria pt-BR SN
Ricardo pt-BR S
Ines pt-PT SN
Cristiano pt-PT S
Carmen ro-RO S
Tatyana ru-RU S
Maxim ru-RU S
Conchita es-ES S
Lucia es-ES SNG
Enrique es-ES S
Mia es-MX SNG
Lupe es-US SNG
Penelope es-US S
Miguel es-US S
Astrid sv-SE S
Filiz tr-TR S
Gwyneth cy-GB S
Hala ar-AE N
Zayd ar-AE N
Lisa nl-BE NG
Arlet ca-ES N
Jitka cs-CZ N
Hiujin yue-CN N
Sofie da-DK N
Laura nl-NL NG
Olivia en-AU NG
Arthur en-GB N
Kajal en-IN NG
Niamh en-IE NG
Aria en-NZ NG
Jasmine en-SG NG
Ayanda en-ZA NG
Danielle en-US NG
Gregory en-US N
Ruth en-US NG
Justin en-US N
Matthew en-US NG
Stephen en-US NG
Suvi fi-FI N
Remi fr-FR NG
Isabelle fr-BE NG
Gabrielle fr-CA NG
Liam fr-CA NG
Daniel de-DE NG
Hannah de-AT NG
Sabrina de-CH NG
Kajal hi-IN N
Adriano it-IT N
Kazuha ja-JP N
Tomoko ja-JP N
Jihye ko-KR N
Ida nb-NO N
Ola pl-PL NG
Thiago pt-BR N
Sergio es-ES NG
Andres es-MX NG
Pedro es-US NG
Elin sv-SE N
Burcu tr-TR N
Tiffany en-US G
Ambre fr-FR G
Florian fr-FR G
Lennart de-DE G
Beatrice it-IT G
Lorenzo it-IT G
`;

function parseVoiceTable(table: string): Readonly<Record<FakePollyEngine, ReadonlySet<string>>> {
  const byEngine = {
    standard: new Set<string>(),
    neural: new Set<string>(),
    generative: new Set<string>(),
  };
  const letters: Record<string, FakePollyEngine> = { S: 'standard', N: 'neural', G: 'generative' };
  for (const line of table.trim().split('\n')) {
    const [voice, , engines] = line.trim().split(/\s+/);
    for (const letter of engines ?? '') {
      const engine = letters[letter];
      if (!voice || !engine) throw new FakePollyConfigError(`bad voice table line: ${line}`);
      byEngine[engine].add(voice);
    }
  }
  return byEngine;
}

/**
 * The voices the fake serves per engine (see the module's note for sources).
 *
 * @example
 * ```ts
 * FAKE_POLLY_VOICES.standard.has('Matthew'); // false
 * FAKE_POLLY_VOICES.generative.has('Matthew'); // true
 * ```
 */
export const FAKE_POLLY_VOICES: Readonly<Record<FakePollyEngine, ReadonlySet<string>>> =
  parseVoiceTable(VOICE_TABLE);

/**
 * AWS's published SynthesizeSpeech rate, requests per second per engine.
 *
 * @example
 * ```ts
 * POLLY_REQUESTS_PER_SECOND.neural; // 8
 * ```
 */
export const POLLY_REQUESTS_PER_SECOND: Readonly<Record<FakePollyEngine, number>> = Object.freeze({
  standard: 80,
  neural: 8,
  generative: 8,
});

/**
 * AWS's published SynthesizeSpeech burst limits per engine: the most requests a full bucket admits at
 * once (generative lists none, so its burst is its rate).
 *
 * @example
 * ```ts
 * POLLY_BURST.neural; // 10
 * ```
 */
export const POLLY_BURST: Readonly<Record<FakePollyEngine, number>> = Object.freeze({
  standard: 100,
  neural: 10,
  generative: 8,
});

const SAMPLE_RATES: Readonly<Record<FakePollyEngine, readonly number[]>> = {
  standard: [8000, 16000, 22050],
  neural: [8000, 16000, 22050, 24000],
  generative: [8000, 16000, 22050, 24000],
};
const DEFAULT_SAMPLE_RATE: Readonly<Record<FakePollyEngine, number>> = {
  standard: 22050,
  neural: 24000,
  generative: 24000,
};
const MAX_TOTAL_CHARACTERS = 6000;
const MAX_BILLED_CHARACTERS = 3000;
const KNOWN_VOICE_IDS: ReadonlySet<string> = new Set(Object.values(VoiceId));

/**
 * A fault to inject into the next `count` SynthesizeSpeech requests: `server-error` answers HTTP 500
 * `ServiceFailureException`, `timeout` never answers (until the client gives up or the fake stops),
 * `throttle` answers `ThrottlingException`.
 *
 * @example
 * ```ts
 * polly.inject({ kind: 'server-error', count: 1 });
 * ```
 */
export interface FakePollyFault {
  kind: 'server-error' | 'timeout' | 'throttle';
  count: number;
}

/**
 * One SynthesizeSpeech request as the fake saw it, and what it answered.
 *
 * @example
 * ```ts
 * const served = polly.requests.filter((r: RecordedSpeechRequest) => r.outcome === 'audio');
 * ```
 */
export interface RecordedSpeechRequest {
  /** Arrival, on the fake's `now` clock. */
  at: Date;
  engine: string;
  voiceId: string;
  outputFormat: string;
  sampleRate: string;
  textType: string;
  text: string;
  /** Characters billed (SSML tags excluded). */
  billedCharacters: number;
  /** HTTP status answered; 0 for a request left unanswered (`timeout` fault). */
  status: number;
  /** `'audio'`, the error type answered (`ThrottlingException`, ...), or `'timeout'`. */
  outcome: string;
  /** Seconds of audio answered (0 unless `outcome` is `'audio'`). */
  audioSeconds: number;
}

/**
 * Counters the load test reads, updated live. Engine records count SynthesizeSpeech requests by the
 * engine they named (unknown engines are not counted there).
 *
 * @example
 * ```ts
 * expect(polly.counters.maxAdmittedInAnySecond.neural).toBeLessThanOrEqual(8);
 * ```
 */
export interface FakePollyCounters {
  /** Every SynthesizeSpeech request that arrived, per engine. */
  requests: Record<FakePollyEngine, number>;
  /** Requests let through the rate limit (and no injected fault), per engine. */
  admitted: Record<FakePollyEngine, number>;
  /** Requests answered with audio, per engine. */
  served: Record<FakePollyEngine, number>;
  /** `ThrottlingException` answers: over the rate, injected, or in a storm. */
  throttled: number;
  /** Of which over the rate limit itself. */
  rateLimited: number;
  serverErrors: number;
  timeouts: number;
  /** Most requests that arrived in any one-second window, per engine (throttled ones included). */
  maxRequestsInAnySecond: Record<FakePollyEngine, number>;
  /** Most requests admitted in any one-second window, per engine (at most the burst plus the rate). */
  maxAdmittedInAnySecond: Record<FakePollyEngine, number>;
}

/**
 * Options of {@link startFakePolly}.
 *
 * @example
 * ```ts
 * const options: FakePollyOptions = { requestsPerSecond: { neural: 8 }, now: () => clock.now() };
 * ```
 */
export interface FakePollyOptions {
  /** Port to listen on, on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Rate limits per engine (default {@link POLLY_REQUESTS_PER_SECOND}). */
  requestsPerSecond?: Partial<Record<FakePollyEngine, number>>;
  /**
   * Burst limits per engine (default {@link POLLY_BURST}, or the engine's rate when only the rate is
   * given). A burst equal to the rate admits no bunching beyond the rate.
   */
  burst?: Partial<Record<FakePollyEngine, number>>;
  /** Speaking rate that sets the audio's length (default 15 characters per second). */
  charactersPerSecond?: number;
  /** MP3 bit rate of the answered frames in kbit/s (MPEG-2/2.5 Layer III: 8–160; default 32). */
  kbps?: number;
  /** Delay before answering an admitted request, in real ms (default 0). */
  responseDelayMs?: number;
  /** The clock of the rate windows, throttle storms and records (default the system clock). */
  now?: () => Date;
}

/**
 * A running fake Polly.
 *
 * @example
 * ```ts
 * const polly = await startFakePolly();
 * const client = new PollyClient({ endpoint: polly.url, region: 'us-east-1', credentials });
 * polly.inject({ kind: 'timeout', count: 1 });
 * await polly.stop();
 * ```
 */
export interface FakePolly {
  /** `http://127.0.0.1:<port>`: the `endpoint` of a `PollyClient` (or `AWS_ENDPOINT_URL_POLLY`). */
  url: string;
  /** Every SynthesizeSpeech request, in arrival order. */
  requests: RecordedSpeechRequest[];
  /** Live counters. */
  counters: FakePollyCounters;
  /** Queues a fault for the next `count` requests (after those already queued). */
  inject(fault: FakePollyFault): void;
  /** Throttles every request that arrives in the next `durationMs` on the `now` clock. */
  throttleStorm(durationMs: number): void;
  /** Closes every connection (unanswered requests included) and the server. */
  stop(): Promise<void>;
}

const perEngine = (): Record<FakePollyEngine, number> => ({
  standard: 0,
  neural: 0,
  generative: 0,
});

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

/** What Polly's input validation would refuse, in its words, or undefined. */
function validationProblem(
  input: Record<string, unknown>,
  engine: FakePollyEngine | undefined,
): string | undefined {
  const problems: string[] = [];
  if (!engine) {
    problems.push(
      `Value '${String(input.Engine)}' at 'engine' failed to satisfy constraint: this fake serves standard, neural and generative`,
    );
  }
  if (typeof input.Text !== 'string' || input.Text.length === 0) {
    problems.push("Value at 'text' failed to satisfy constraint: Member must not be null");
  }
  if (input.OutputFormat !== 'mp3') {
    problems.push(
      `Value '${String(input.OutputFormat)}' at 'outputFormat' failed to satisfy constraint: this fake answers mp3 only`,
    );
  }
  if (input.TextType !== undefined && input.TextType !== 'text' && input.TextType !== 'ssml') {
    problems.push(
      `Value '${String(input.TextType)}' at 'textType' failed to satisfy constraint: Member must satisfy enum value set: [ssml, text]`,
    );
  }
  if (typeof input.VoiceId !== 'string' || !KNOWN_VOICE_IDS.has(input.VoiceId)) {
    problems.push(
      `Value '${String(input.VoiceId)}' at 'voiceId' failed to satisfy constraint: Member must satisfy enum value set`,
    );
  }
  if (problems.length === 0) return undefined;
  return `${problems.length} validation error${problems.length > 1 ? 's' : ''} detected: ${problems.join('; ')}`;
}

/** Characters Polly bills for SSML: the text without its tags (entities count as one character). */
function billedSsmlCharacters(ssml: string): number {
  return ssml.replace(/<[^>]*>/g, '').replace(/&[a-zA-Z]+;|&#\d+;/g, '_').length;
}

function sendError(response: Http2ServerResponse, status: number, type: string, message: string) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'x-amzn-errortype': type,
    'x-amzn-requestid': randomUUID(),
  });
  response.end(JSON.stringify({ message }));
}

/** MPEG-2 / MPEG-2.5 Layer III bit rates by index, kbit/s (ISO/IEC 13818-3). */
const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];

/** Version bits and sample-rate index of each rate (MPEG-2: 22050/24000/16000; MPEG-2.5: 11025/12000/8000). */
const RATE_CODES: Readonly<Record<number, { version: number; index: number }>> = {
  22050: { version: 0b10, index: 0 },
  24000: { version: 0b10, index: 1 },
  16000: { version: 0b10, index: 2 },
  11025: { version: 0b00, index: 0 },
  12000: { version: 0b00, index: 1 },
  8000: { version: 0b00, index: 2 },
};

/**
 * `seconds` of silence as CBR mono MPEG-2/2.5 Layer III frames: each frame is a header, 9 bytes of zero side
 * information (no main data, global gain 0: a decoder outputs silence) and zero padding to the frame
 * length `floor(72 × bitrate / rate)`; padding slots are spread so the stream keeps the nominal bit rate.
 */
function silentMp3(
  sampleRate: number,
  kbps: number,
  seconds: number,
): { bytes: Uint8Array; frames: number } {
  const code = RATE_CODES[sampleRate];
  if (!code) throw new FakePollyConfigError(`no MPEG-2/2.5 frame for ${sampleRate} Hz`);
  const frames = Math.max(1, Math.ceil((seconds * sampleRate) / 576));
  const slotBytes = 72 * kbps * 1000;
  const base = Math.floor(slotBytes / sampleRate);
  const remainder = slotBytes % sampleRate;
  const bytes = new Uint8Array(frames * (base + 1));
  let offset = 0;
  let carried = 0;
  const b1 = 0xe0 | (code.version << 3) | (0b01 << 1) | 1; // sync, version, layer III, no CRC
  const bitrateIndex = MPEG2_BITRATES.indexOf(kbps);
  for (let i = 0; i < frames; i++) {
    carried += remainder;
    const padding = carried >= sampleRate ? 1 : 0;
    if (padding) carried -= sampleRate;
    bytes[offset] = 0xff;
    bytes[offset + 1] = b1;
    bytes[offset + 2] = (bitrateIndex << 4) | (code.index << 2) | (padding << 1);
    bytes[offset + 3] = 0xc4; // mono, original
    offset += base + padding; // side information and main data stay zero
  }
  return { bytes: bytes.slice(0, offset), frames };
}

import type { FakePollyEngine } from './polly-voices';

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

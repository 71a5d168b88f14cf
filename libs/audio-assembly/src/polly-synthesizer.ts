import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Engine,
  type PollyClient,
  SynthesizeSpeechCommand,
  type VoiceId,
} from '@aws-sdk/client-polly';
import type { VoiceQuality } from '@lumcast/quota';
import {
  AudioFormatError,
  InvalidAudioOptionsError,
  SpeechEngineError,
  SpeechRequestRejectedError,
  SpeechServiceUnavailableError,
  SpeechThrottledError,
} from './errors';
import { scanMp3Frames } from './mp3-frames';
import {
  POLLY_HOST_VOICES,
  type PollyEngine,
  type PollyLanguage,
  pollyVoiceAvailability,
} from './polly-voices';
import type { SpeechRequest, SpeechSynthesizer } from './speech-synthesizer';

/**
 * Voices for host 0 and host 1, per quality.
 *
 * @example
 * ```ts
 * const voices: HostVoices = { standard: ['Joey', 'Joanna'], neural: ['Gregory', 'Danielle'], generative: ['Matthew', 'Ruth'] };
 * ```
 */
export type HostVoices = Readonly<Record<VoiceQuality, readonly [string, string]>>;

const ENGINES: Readonly<Record<VoiceQuality, PollyEngine & Engine>> = {
  standard: 'standard',
  neural: 'neural',
  generative: 'generative',
};

function hostVoicesFor(
  language: PollyLanguage,
): Partial<Record<VoiceQuality, readonly [string, string]>> {
  const voices: Partial<Record<VoiceQuality, readonly [string, string]>> = {};
  for (const quality of Object.keys(ENGINES) as VoiceQuality[]) {
    const pair = POLLY_HOST_VOICES[ENGINES[quality]][language];
    if (pair) voices[quality] = pair;
  }
  return voices;
}

/**
 * Default Polly voices: US English, a male host 0 and a female host 1, each listed for its engine in
 * AWS's documentation (see `polly-voices.ts`): standard Joey/Joanna, neural Gregory/Danielle,
 * generative Matthew/Ruth.
 *
 * @example
 * ```ts
 * DEFAULT_POLLY_VOICES.standard; // ['Joey', 'Joanna']
 * ```
 */
export const DEFAULT_POLLY_VOICES: HostVoices = Object.freeze(
  hostVoicesFor('en-US') as Record<VoiceQuality, readonly [string, string]>,
);

/**
 * MP3 sample rate requested per quality: each engine's default rate.
 *
 * @example
 * ```ts
 * POLLY_SAMPLE_RATES.standard; // 22050
 * ```
 */
export const POLLY_SAMPLE_RATES: Readonly<Record<VoiceQuality, number>> = Object.freeze({
  standard: 22050,
  neural: 24000,
  generative: 24000,
});

/**
 * Polly's limit on characters per SynthesizeSpeech request (billed characters, plain text).
 *
 * @example
 * ```ts
 * if (text.length > POLLY_MAX_TEXT_LENGTH) throw new Error('split the chunk');
 * ```
 */
export const POLLY_MAX_TEXT_LENGTH = 3000;

/**
 * Request timeout for the Polly client, in ms: how long a SynthesizeSpeech stream may stay silent (no
 * response, no bytes) before the SDK abandons it with a `TimeoutError`, which {@link PollySynthesizer}
 * retries. Give it to the client: `new PollyClient({ requestHandler: { requestTimeout: POLLY_REQUEST_TIMEOUT_MS } })`.
 * Five attempts of 10 s plus backoff stay inside the synthesize Lambda's 100 s.
 *
 * @example
 * ```ts
 * const client = new PollyClient({ maxAttempts: 1, requestHandler: { requestTimeout: POLLY_REQUEST_TIMEOUT_MS } });
 * ```
 */
export const POLLY_REQUEST_TIMEOUT_MS = 10_000;

/**
 * Options of {@link PollySynthesizer}.
 *
 * @example
 * ```ts
 * const options: PollySynthesizerOptions = { client: new PollyClient({}), maxAttempts: 4, language: 'en-GB' };
 * ```
 */
export interface PollySynthesizerOptions {
  /** The Polly client (region, credentials, endpoint and request timeout are its configuration). */
  client: PollyClient;
  /**
   * Language whose default host voices ({@link POLLY_HOST_VOICES}) are used; default `'en-US'`
   * ({@link DEFAULT_POLLY_VOICES}). Every quality needs voices: from this language or from `voices`.
   */
  language?: PollyLanguage;
  /** Voices per quality for host 0 and host 1, over the language's defaults. */
  voices?: Partial<HostVoices>;
  /** Waits between retries; default a `setTimeout` promise. */
  sleep?: (ms: number) => Promise<void>;
  /** Uniform random number in [0, 1) for jitter; default `Math.random`. */
  random?: () => number;
  /** Attempts per request, throttled and transiently failed ones included (default 5). */
  maxAttempts?: number;
  /** First backoff ceiling in ms (doubles each retry; default 100). */
  baseDelayMs?: number;
  /** Largest backoff ceiling in ms (default 5000). */
  maxDelayMs?: number;
}

/** Polly errors that will fail the same way on retry. */
const REJECTIONS = new Set([
  'TextLengthExceededException',
  'InvalidSampleRateException',
  'EngineNotSupportedException',
  'LanguageNotSupportedException',
  'InvalidSsmlException',
  'LexiconNotFoundException',
  'MarksNotSupportedForFormatException',
  'SsmlMarksNotSupportedForTextTypeException',
  'ServiceQuotaExceededException',
  'ValidationException',
]);

const THROTTLES = new Set(['ThrottlingException', 'TooManyRequestsException', 'Throttling']);

/** Error names of service-side failures and timeouts (the SDK's and Node's). */
const TRANSIENT_NAMES = new Set([
  'ServiceFailureException',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalFailure',
  'InternalServerError',
  'InternalServerException',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
]);

/** Node / undici / HTTP/2 error codes of a connection that broke or never came up. */
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ERR_HTTP2_STREAM_ERROR',
  'ERR_HTTP2_SESSION_ERROR',
  'ERR_HTTP2_GOAWAY_SESSION',
  'ERR_HTTP2_STREAM_CANCEL',
  'ERR_HTTP2_INVALID_SESSION',
  'ERR_HTTP2_ERROR',
  'ERR_STREAM_PREMATURE_CLOSE',
  'UND_ERR_SOCKET',
]);

type Failure = 'throttled' | 'transient' | 'rejected' | 'unknown';

interface SdkLikeError {
  name?: string;
  code?: string;
  message?: string;
  $fault?: string;
  $metadata?: { httpStatusCode?: number };
}

/** Sorts a failure of `send` (or of reading the audio stream) into what to do with it. */
function classify(error: unknown): Failure {
  const e = (error ?? {}) as SdkLikeError;
  const status = e.$metadata?.httpStatusCode;
  if ((e.name && THROTTLES.has(e.name)) || status === 429) return 'throttled';
  if (e.name && REJECTIONS.has(e.name)) return 'rejected';
  if (e.name && TRANSIENT_NAMES.has(e.name)) return 'transient';
  if (typeof status === 'number' && status >= 500) return 'transient';
  if (e.$fault === 'server') return 'transient';
  if (e.code && NETWORK_CODES.has(e.code)) return 'transient';
  if (
    typeof e.message === 'string' &&
    /socket hang up|stream closed|premature close/i.test(e.message)
  )
    return 'transient';
  return 'unknown';
}

/**
 * Amazon Polly behind the {@link SpeechSynthesizer} interface: engine from quality (standard → standard,
 * neural → neural, generative → generative), one voice per host (defaults per language from
 * {@link POLLY_HOST_VOICES}; a configured voice that AWS's documentation says its engine lacks is refused
 * at construction), MP3 at the engine's default sample rate (so all chunks of a job match).
 *
 * Retries, with exponential backoff and full jitter, both `ThrottlingException` and transient failures:
 * 5xx answers (`ServiceFailureException`…), network errors, socket hang-ups and the client's request
 * timeout (`TimeoutError`; give the client {@link POLLY_REQUEST_TIMEOUT_MS}). When the attempts run out it
 * throws {@link SpeechThrottledError} (still throttled) or {@link SpeechServiceUnavailableError} (still
 * failing); permanent rejections are {@link SpeechRequestRejectedError} at once; unknown errors are rethrown
 * as they are. Give the client `maxAttempts: 1` so that the SDK does not retry underneath.
 *
 * @example
 * ```ts
 * const client = new PollyClient({ region: 'us-east-1', maxAttempts: 1, requestHandler: { requestTimeout: POLLY_REQUEST_TIMEOUT_MS } });
 * const polly = new PollySynthesizer({ client });
 * const mp3 = await polly.synthesize({ text: 'Welcome!', voice: polly.voiceForHost(1, 'neural'), quality: 'neural' });
 * ```
 */
export class PollySynthesizer implements SpeechSynthesizer {
  private readonly client: PollyClient;
  private readonly voices: HostVoices;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;

  constructor(options: PollySynthesizerOptions) {
    if (!options?.client || typeof options.client.send !== 'function') {
      throw new InvalidAudioOptionsError('PollySynthesizer needs a PollyClient in options.client');
    }
    const { maxAttempts = 5, baseDelayMs = 100, maxDelayMs = 5000, language = 'en-US' } = options;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new InvalidAudioOptionsError(
        `maxAttempts must be a positive integer, got ${maxAttempts}`,
      );
    }
    if (!(baseDelayMs >= 0) || !(maxDelayMs >= baseDelayMs)) {
      throw new InvalidAudioOptionsError('need 0 <= baseDelayMs <= maxDelayMs');
    }
    this.client = options.client;
    this.voices = checkedVoices({ ...hostVoicesFor(language), ...options.voices }, language);
    this.sleep = options.sleep ?? ((ms) => sleep(ms));
    this.random = options.random ?? Math.random;
    this.maxAttempts = maxAttempts;
    this.baseDelayMs = baseDelayMs;
    this.maxDelayMs = maxDelayMs;
  }

  /** {@inheritDoc SpeechSynthesizer.voiceForHost} */
  voiceForHost(hostIndex: 0 | 1, quality: VoiceQuality): string {
    const voices = this.voices[quality];
    if (!voices || (hostIndex !== 0 && hostIndex !== 1)) {
      throw new InvalidAudioOptionsError(`no voice for host ${hostIndex} at quality ${quality}`);
    }
    return voices[hostIndex];
  }

  /** {@inheritDoc SpeechSynthesizer.synthesize} */
  async synthesize(request: SpeechRequest): Promise<Uint8Array> {
    const { text, voice, quality } = request ?? ({} as SpeechRequest);
    if (!(quality in ENGINES))
      throw new InvalidAudioOptionsError(`unknown quality ${String(quality)}`);
    if (typeof voice !== 'string' || voice.trim() === '')
      throw new InvalidAudioOptionsError('voice is empty');
    if (pollyVoiceAvailability(ENGINES[quality], voice) === 'unavailable') {
      throw new InvalidAudioOptionsError(
        `Polly's ${ENGINES[quality]} engine has no voice ${voice}`,
      );
    }
    if (typeof text !== 'string' || text.trim() === '')
      throw new InvalidAudioOptionsError('text is empty');
    if (text.length > POLLY_MAX_TEXT_LENGTH) {
      throw new InvalidAudioOptionsError(
        `text has ${text.length} characters; Polly takes at most ${POLLY_MAX_TEXT_LENGTH}`,
      );
    }
    const sampleRate = POLLY_SAMPLE_RATES[quality];
    const command = new SynthesizeSpeechCommand({
      Engine: ENGINES[quality],
      OutputFormat: 'mp3',
      SampleRate: String(sampleRate),
      Text: text,
      TextType: 'text',
      VoiceId: voice as VoiceId,
    });
    for (let attempt = 1; ; attempt++) {
      let audio: Uint8Array | undefined;
      try {
        const response = await this.client.send(command);
        audio = await response.AudioStream?.transformToByteArray();
      } catch (error) {
        const failure = classify(error);
        const message = (error as Error)?.message;
        if (failure === 'rejected') {
          throw new SpeechRequestRejectedError(
            `Polly rejected the request (${(error as Error).name}): ${message}`,
            { cause: error },
          );
        }
        if (failure === 'unknown') throw error;
        if (attempt >= this.maxAttempts) {
          if (failure === 'throttled') {
            throw new SpeechThrottledError(`Polly throttled the request ${attempt} time(s)`, {
              cause: error,
              attempts: attempt,
            });
          }
          throw new SpeechServiceUnavailableError(
            `Polly failed ${attempt} time(s); last: ${(error as Error)?.name}: ${message}`,
            { cause: error, attempts: attempt },
          );
        }
        const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attempt - 1));
        await this.sleep(Math.floor(this.random() * ceiling));
        continue;
      }
      return checkedMp3(audio, sampleRate);
    }
  }
}

/** Every quality has two voices, and none is a voice the catalog says its engine lacks. */
function checkedVoices(
  voices: Partial<Record<VoiceQuality, readonly [string, string]>>,
  language: PollyLanguage,
): HostVoices {
  for (const quality of Object.keys(ENGINES) as VoiceQuality[]) {
    const pair = voices[quality];
    if (!pair) {
      throw new InvalidAudioOptionsError(
        `no default ${quality} voices for ${language}: pass options.voices.${quality}`,
      );
    }
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new InvalidAudioOptionsError(`options.voices.${quality} must be two voice IDs`);
    }
    for (const voice of pair) {
      if (typeof voice !== 'string' || voice.trim() === '') {
        throw new InvalidAudioOptionsError(`options.voices.${quality} has an empty voice`);
      }
      if (pollyVoiceAvailability(ENGINES[quality], voice) === 'unavailable') {
        throw new InvalidAudioOptionsError(
          `${voice} is not a ${ENGINES[quality]} voice in AWS's documentation (quality ${quality})`,
        );
      }
    }
  }
  return Object.freeze(voices as Record<VoiceQuality, readonly [string, string]>);
}

function checkedMp3(audio: Uint8Array | undefined, sampleRate: number): Uint8Array {
  if (!audio || audio.length === 0) throw new SpeechEngineError('Polly returned no audio');
  try {
    const scan = scanMp3Frames(audio);
    if (scan.first.sampleRate !== sampleRate) {
      throw new SpeechEngineError(
        `Polly returned ${scan.first.sampleRate} Hz audio, ${sampleRate} Hz was requested`,
      );
    }
  } catch (error) {
    if (error instanceof AudioFormatError) {
      throw new SpeechEngineError('Polly returned audio that is not MP3', { cause: error });
    }
    throw error;
  }
  return audio;
}

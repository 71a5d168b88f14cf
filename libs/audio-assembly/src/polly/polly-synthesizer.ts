import { setTimeout as sleep } from 'node:timers/promises';
import type { PollyClient } from '@aws-sdk/client-polly';
import type { VoiceQuality } from '@lumcast/quota';
import { InvalidAudioOptionsError } from '../errors';
import { checkedVoices, hostVoicesFor, type HostVoices } from './host-voices';
import { retryPollyCall, type PollyRetryPolicy } from './retry';
import { checkedMp3, speechCommand } from './speech-request';
import type { PollyLanguage } from './voices';
import { speechLanguage } from '../speech-languages';
import type { HostIndex, SpeechRequest, SpeechSynthesizer } from '../speech-synthesizer';

/**
 * Request timeout for the Polly client, in ms: how long a SynthesizeSpeech stream may stay silent (no
 * response, no bytes) before the SDK abandons it with a `TimeoutError`, which {@link PollySynthesizer}
 * retries. Give it to the client: `new PollyClient({ requestHandler: { requestTimeout: POLLY_REQUEST_TIMEOUT_MS } })`.
 * Five attempts of 10 s plus backoff stay inside the synthesize Lambda's 100 s.
 */
export const POLLY_REQUEST_TIMEOUT_MS = 10_000;

/** Options of {@link PollySynthesizer}. */
export interface PollySynthesizerOptions {
  /** The Polly client (region, credentials, endpoint and request timeout are its configuration). */
  client: PollyClient;
  /**
   * Language whose default host voices ({@link POLLY_HOST_VOICES}) are used when `voiceForHost`
   * names no language; default `'en-US'` ({@link DEFAULT_POLLY_VOICES}). Every quality needs voices:
   * from this language or from `voices`. A call for another language takes that language's host
   * voices from {@link SPEECH_LANGUAGES}.
   */
  language?: PollyLanguage;
  /** Voices per quality for host 0, 1 and 2 (one to three), over the language's defaults. */
  voices?: Partial<HostVoices>;
  /** Waits between retries; default a `setTimeout` promise. */
  sleep?: (ms: number) => Promise<void>;
  /** Uniform random number in [0, 1) for jitter; default `Math.random`. */
  random?: () => number;
  /** Attempts per request, throttled and transiently failed ones included (default 5). */
  maxAttempts?: number;
  /**
   * Attempts of a throttled request, at most `maxAttempts` (default `maxAttempts`). A caller that
   * paces its calls (the pipeline's pacing table) sets 1: a throttled call is thrown at once as
   * `SpeechThrottledError`, and its retry takes a new turn instead of jumping the line.
   */
  maxThrottledAttempts?: number;
  /** First backoff ceiling in ms (doubles each retry; default 100). */
  baseDelayMs?: number;
  /** Largest backoff ceiling in ms (default 5000). */
  maxDelayMs?: number;
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
  private readonly language: PollyLanguage;
  private readonly retry: PollyRetryPolicy;

  constructor(options: PollySynthesizerOptions) {
    if (!options?.client || typeof options.client.send !== 'function') {
      throw new InvalidAudioOptionsError('PollySynthesizer needs a PollyClient in options.client');
    }
    const { maxAttempts = 5, baseDelayMs = 100, maxDelayMs = 5000, language = 'en-US' } = options;
    const { maxThrottledAttempts = maxAttempts } = options;
    for (const [name, value] of [
      ['maxAttempts', maxAttempts],
      ['maxThrottledAttempts', maxThrottledAttempts],
    ] as const) {
      if (!Number.isInteger(value) || value < 1) {
        throw new InvalidAudioOptionsError(`${name} must be a positive integer, got ${value}`);
      }
    }
    if (!(baseDelayMs >= 0) || !(maxDelayMs >= baseDelayMs)) {
      throw new InvalidAudioOptionsError('need 0 <= baseDelayMs <= maxDelayMs');
    }
    this.client = options.client;
    this.language = language;
    this.voices = checkedVoices({ ...hostVoicesFor(language), ...options.voices }, language);
    this.retry = {
      maxAttempts,
      maxThrottledAttempts,
      baseDelayMs,
      maxDelayMs,
      sleep: options.sleep ?? ((ms) => sleep(ms)),
      random: options.random ?? Math.random,
    };
  }

  /** {@inheritDoc SpeechSynthesizer.voiceForHost} */
  voiceForHost(hostIndex: HostIndex, quality: VoiceQuality, language?: string): string {
    const voices =
      language === undefined || language === this.language
        ? this.voices[quality]
        : speechLanguage(language)?.voices[quality];
    const voice = voices?.[hostIndex];
    if (voice === undefined) {
      throw new InvalidAudioOptionsError(
        `no voice for host ${hostIndex} at quality ${quality} in ${language ?? this.language}`,
      );
    }
    return voice;
  }

  /** {@inheritDoc SpeechSynthesizer.synthesize} */
  async synthesize(request: SpeechRequest): Promise<Uint8Array> {
    const { command, sampleRate } = speechCommand(request);
    const audio = await retryPollyCall(async () => {
      const response = await this.client.send(command);
      return response.AudioStream?.transformToByteArray();
    }, this.retry);
    return checkedMp3(audio, sampleRate);
  }
}

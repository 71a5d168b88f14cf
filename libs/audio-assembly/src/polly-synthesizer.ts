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
  SpeechThrottledError,
} from './errors';
import { scanMp3Frames } from './mp3-frames';
import type { SpeechRequest, SpeechSynthesizer } from './speech-synthesizer';

/**
 * Voices for host 0 and host 1, per quality.
 *
 * @example
 * ```ts
 * const voices: HostVoices = { standard: ['Matthew', 'Joanna'], neural: ['Stephen', 'Danielle'], generative: ['Matthew', 'Ruth'] };
 * ```
 */
export type HostVoices = Readonly<Record<VoiceQuality, readonly [string, string]>>;

/**
 * Default Polly voices (US English; each available on the engine of its quality).
 *
 * @example
 * ```ts
 * DEFAULT_POLLY_VOICES.neural; // ['Matthew', 'Joanna']
 * ```
 */
export const DEFAULT_POLLY_VOICES: HostVoices = Object.freeze({
  standard: ['Matthew', 'Joanna'] as const,
  neural: ['Matthew', 'Joanna'] as const,
  generative: ['Matthew', 'Ruth'] as const,
});

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
 * Options of {@link PollySynthesizer}.
 *
 * @example
 * ```ts
 * const options: PollySynthesizerOptions = { client: new PollyClient({}), maxAttempts: 4 };
 * ```
 */
export interface PollySynthesizerOptions {
  /** The Polly client (region, credentials and endpoint are its configuration). */
  client: PollyClient;
  /** Voices per quality for host 0 and host 1; default {@link DEFAULT_POLLY_VOICES}. */
  voices?: Partial<HostVoices>;
  /** Waits between retries; default a `setTimeout` promise. */
  sleep?: (ms: number) => Promise<void>;
  /** Uniform random number in [0, 1) for jitter; default `Math.random`. */
  random?: () => number;
  /** Attempts per request, throttled ones included (default 5). */
  maxAttempts?: number;
  /** First backoff ceiling in ms (doubles each retry; default 100). */
  baseDelayMs?: number;
  /** Largest backoff ceiling in ms (default 5000). */
  maxDelayMs?: number;
}

const ENGINES: Readonly<Record<VoiceQuality, Engine>> = {
  standard: 'standard',
  neural: 'neural',
  generative: 'generative',
};

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

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Amazon Polly behind the {@link SpeechSynthesizer} interface: engine from quality (standard → standard,
 * neural → neural, generative → generative), one voice per host, MP3 at the engine's default sample rate
 * (so all chunks of a job match), retries with exponential backoff and full jitter on
 * `ThrottlingException`. Polly errors are mapped to {@link SpeechRequestRejectedError},
 * {@link SpeechThrottledError} and {@link SpeechEngineError}; unknown errors are rethrown as they are.
 *
 * @example
 * ```ts
 * const polly = new PollySynthesizer({ client: new PollyClient({ region: 'us-east-1' }) });
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
    const { maxAttempts = 5, baseDelayMs = 100, maxDelayMs = 5000 } = options;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
      throw new InvalidAudioOptionsError(
        `maxAttempts must be a positive integer, got ${maxAttempts}`,
      );
    }
    if (!(baseDelayMs >= 0) || !(maxDelayMs >= baseDelayMs)) {
      throw new InvalidAudioOptionsError('need 0 <= baseDelayMs <= maxDelayMs');
    }
    this.client = options.client;
    this.voices = { ...DEFAULT_POLLY_VOICES, ...options.voices };
    this.sleep = options.sleep ?? realSleep;
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
      try {
        const response = await this.client.send(command);
        const audio = await response.AudioStream?.transformToByteArray();
        return checkedMp3(audio, sampleRate);
      } catch (error) {
        const name = (error as { name?: string })?.name;
        if (name === 'ThrottlingException') {
          if (attempt >= this.maxAttempts) {
            throw new SpeechThrottledError(`Polly throttled the request ${attempt} time(s)`, {
              cause: error,
              attempts: attempt,
            });
          }
          const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attempt - 1));
          await this.sleep(Math.floor(this.random() * ceiling));
          continue;
        }
        if (name !== undefined && REJECTIONS.has(name)) {
          throw new SpeechRequestRejectedError(
            `Polly rejected the request (${name}): ${(error as Error).message}`,
            {
              cause: error,
            },
          );
        }
        if (name === 'ServiceFailureException') {
          throw new SpeechEngineError(`Polly failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        throw error;
      }
    }
  }
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

/**
 * Base class of every error thrown by `@lumcast/audio-assembly`.
 *
 * @example
 * ```ts
 * try {
 *   mp3Info(bytes);
 * } catch (error) {
 *   if (error instanceof AudioAssemblyError) console.warn(error.name, error.message);
 * }
 * ```
 */
export class AudioAssemblyError extends Error {
  override name = 'AudioAssemblyError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The bytes are not audio of the expected kind (not MP3, not WAV, empty, or a chunk whose sample rate /
 * channel mode differs from the first chunk). `chunkIndex` names the offending chunk when there is one.
 *
 * @example
 * ```ts
 * try {
 *   assembleMp3([mp3At24k, mp3At22k]);
 * } catch (error) {
 *   if (error instanceof AudioFormatError) console.log(error.chunkIndex); // 1
 * }
 * ```
 */
export class AudioFormatError extends AudioAssemblyError {
  override name = 'AudioFormatError';
  /** Index of the offending chunk in the input array, when the error concerns one chunk. */
  readonly chunkIndex: number | undefined;

  constructor(message: string, options?: { cause?: unknown; chunkIndex?: number }) {
    super(message, options);
    this.chunkIndex = options?.chunkIndex;
  }
}

/**
 * An argument other than the audio bytes is invalid (negative silence, chapters out of range, a
 * concurrency of 0, an empty text...). Thrown before any work or I/O is done.
 *
 * @example
 * ```ts
 * assembleMp3(chunks, { silenceBetweenMs: -5 }); // throws InvalidAudioOptionsError
 * ```
 */
export class InvalidAudioOptionsError extends AudioAssemblyError {
  override name = 'InvalidAudioOptionsError';
}

/**
 * The speech engine rejected a request it will keep rejecting (bad voice, text too long, unsupported
 * engine for the voice...). Not retried.
 *
 * @example
 * ```ts
 * try {
 *   await polly.synthesize({ text, voice: 'Nobody', quality: 'neural' });
 * } catch (error) {
 *   if (error instanceof SpeechRequestRejectedError) console.log(error.message);
 * }
 * ```
 */
export class SpeechRequestRejectedError extends AudioAssemblyError {
  override name = 'SpeechRequestRejectedError';
}

/**
 * The speech engine kept throttling the request after every allowed attempt.
 *
 * @example
 * ```ts
 * const polly = new PollySynthesizer({ client, maxAttempts: 3 });
 * // after 3 ThrottlingException answers:
 * await polly.synthesize(request); // rejects with SpeechThrottledError (attempts === 3)
 * ```
 */
export class SpeechThrottledError extends AudioAssemblyError {
  override name = 'SpeechThrottledError';
  /** How many attempts were made before giving up. */
  readonly attempts: number;

  constructor(message: string, options: { cause?: unknown; attempts: number }) {
    super(message, options);
    this.attempts = options.attempts;
  }
}

/**
 * The speech engine failed on its side (service failure, empty or unreadable audio, local engine crash).
 *
 * @example
 * ```ts
 * try {
 *   await synthesizer.synthesize(request);
 * } catch (error) {
 *   if (error instanceof SpeechEngineError) console.error(error.cause);
 * }
 * ```
 */
export class SpeechEngineError extends AudioAssemblyError {
  override name = 'SpeechEngineError';
}

/**
 * The speech service kept failing transiently (5xx answers such as `ServiceFailureException`, network
 * errors, socket hang-ups, request timeouts) through every allowed attempt. Worth retrying later, as a
 * whole step: the state machine retries this error name. `cause` holds the last failure. It is a
 * {@link SpeechEngineError}, so code that catches engine failures still catches it.
 *
 * @example
 * ```ts
 * try {
 *   await polly.synthesize(request);
 * } catch (error) {
 *   if (error instanceof SpeechServiceUnavailableError) console.warn(error.attempts, error.cause);
 * }
 * ```
 */
export class SpeechServiceUnavailableError extends SpeechEngineError {
  override name = 'SpeechServiceUnavailableError';
  /** How many attempts were made before giving up. */
  readonly attempts: number;

  constructor(message: string, options: { cause?: unknown; attempts: number }) {
    super(message, options);
    this.attempts = options.attempts;
  }
}

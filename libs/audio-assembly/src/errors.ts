/** Base class of every error thrown by `@lumcast/audio-assembly`. */
export class AudioAssemblyError extends Error {
  override name = 'AudioAssemblyError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * The bytes are not audio of the expected kind (not MP3, not WAV, empty, or a chunk whose sample rate /
 * channel mode differs from the first chunk). `chunkIndex` names the offending chunk when there is one.
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
 */
export class InvalidAudioOptionsError extends AudioAssemblyError {
  override name = 'InvalidAudioOptionsError';
}

/**
 * The speech engine rejected a request it will keep rejecting (bad voice, text too long, unsupported
 * engine for the voice...). Not retried.
 */
export class SpeechRequestRejectedError extends AudioAssemblyError {
  override name = 'SpeechRequestRejectedError';
}

/** The speech engine kept throttling the request after every allowed attempt. */
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
 */
export class SpeechEngineError extends AudioAssemblyError {
  override name = 'SpeechEngineError';
}

/**
 * The speech service kept failing transiently (5xx answers such as `ServiceFailureException`, network
 * errors, socket hang-ups, request timeouts) through every allowed attempt. Worth retrying later, as a
 * whole step: the state machine retries this error name. `cause` holds the last failure. It is a
 * {@link SpeechEngineError}, so code that catches engine failures still catches it.
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

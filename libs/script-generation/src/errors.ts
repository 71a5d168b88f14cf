/**
 * Every error this library throws is a {@link ScriptGenerationError}; callers can
 * catch the base class or branch on the subclasses (each has its own `name`).
 * The original error, when there is one, is kept as `cause`.
 */

/** Base class of every error thrown by `@lumcast/script-generation`. */
export class ScriptGenerationError extends Error {
  override readonly name: string = 'ScriptGenerationError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * A script request is invalid (empty topic, oversized source text, minutes outside
 * 1–60, unknown quality…). Thrown before any model call; `field` names the culprit.
 */
export class ScriptInputError extends ScriptGenerationError {
  override readonly name = 'ScriptInputError';

  constructor(
    /** Dotted path of the offending field, e.g. `topic` or `series.previousEpisodes.0.summary`. */
    readonly field: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The model service refused the request for a reason retrying will not fix
 * (`ValidationException`, `AccessDeniedException`, `ResourceNotFoundException`, …).
 * `code` is the service's error name.
 */
export class ModelRequestError extends ScriptGenerationError {
  override readonly name = 'ModelRequestError';

  constructor(
    /** The service's error name, e.g. `ValidationException`. */
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The model stayed throttled or unavailable through every retry
 * (`ThrottlingException`, `ServiceUnavailableException`, `ModelTimeoutException`).
 */
export class ModelUnavailableError extends ScriptGenerationError {
  override readonly name = 'ModelUnavailableError';

  constructor(
    /** The service's error name of the last failure. */
    readonly code: string,
    /** How many calls were made before giving up. */
    readonly attempts: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The model's answer was not a valid script, even after one repair round.
 * `issues` lists what was wrong with the last answer.
 */
export class ScriptOutputError extends ScriptGenerationError {
  override readonly name = 'ScriptOutputError';

  constructor(
    /** Human-readable problems with the model's last answer (field path: message). */
    readonly issues: readonly string[],
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

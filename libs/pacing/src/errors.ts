/**
 * Base class of every error the pacing library throws on purpose. Catch this to handle any
 * pacing failure; check the subclass (or `name`) for the reason.
 */
export class PacingError extends Error {
  override readonly name: string = 'PacingError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Bad input to `acquire` (an empty key, a rate that is not a positive finite number, a negative
 * cost, a negative wait) or a clock that gave an invalid date. Always thrown before any I/O.
 */
export class PacingInputError extends PacingError {
  override readonly name = 'PacingInputError';

  /** The offending field, e.g. `ratePerSecond`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

/**
 * The pacing table answered with something other than a grant or a condition failure (a
 * throttle, a missing table, a denied call), or with an item the pacer did not write. Nothing
 * was granted; `cause` is the SDK's error where there is one.
 */
export class PacingStoreError extends PacingError {
  override readonly name = 'PacingStoreError';

  /** The key whose item could not be read or written. */
  readonly key: string;

  constructor(key: string, message: string, options?: { cause?: unknown }) {
    super(`pacing key ${key}: ${message}`, options);
    this.key = key;
  }
}

/**
 * Other callers kept moving the key's line between this caller's writes, more times than the
 * pacer tries. Nothing was granted; asking again is safe.
 */
export class PacingContentionError extends PacingError {
  override readonly name = 'PacingContentionError';

  /** The contended key. */
  readonly key: string;

  constructor(key: string, attempts: number) {
    super(`pacing key ${key}: the line moved under ${attempts} attempts in a row`);
    this.key = key;
  }
}

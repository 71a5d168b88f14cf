/**
 * Base class of every error the quota library throws on purpose. Catch this to
 * handle any quota failure; check the subclass (or `name`) for the reason.
 *
 * @example
 * ```ts
 * try {
 *   await ledger.settle(request);
 * } catch (error) {
 *   if (error instanceof QuotaError) logger.warn(error.name, { error });
 *   throw error;
 * }
 * ```
 */
export class QuotaError extends Error {
  override readonly name: string = 'QuotaError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * Bad input: an empty or over-long id, a negative, fractional or non-finite cost,
 * limit or duration, an unknown voice quality, a malformed week key or an invalid
 * date. Always thrown before any I/O, so nothing has been read or written.
 */
export class QuotaInputError extends QuotaError {
  override readonly name = 'QuotaInputError';

  /** The name of the offending field, e.g. `jobId` or `cost`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.field = field;
  }
}

/**
 * The ledger gave up after its bounded number of attempts because other writers
 * kept changing the user's item (or conflicting with its transactions) between
 * its writes. Nothing was written by this call; retrying the same job or
 * operation later is safe (each is applied at most once).
 */
export class QuotaContentionError extends QuotaError {
  override readonly name = 'QuotaContentionError';

  /** How many attempts were made before giving up. */
  readonly attempts: number;

  constructor(userId: string, attempts: number) {
    super(
      `gave up writing the quota of user ${JSON.stringify(userId)} after ${attempts} contended attempts`,
    );
    this.attempts = attempts;
  }
}

/**
 * The users table does not exist (DynamoDB `ResourceNotFoundException`); the
 * original SDK error is kept as `cause`.
 */
export class QuotaTableNotFoundError extends QuotaError {
  override readonly name = 'QuotaTableNotFoundError';

  constructor(tableName: string, cause: unknown) {
    super(`users table ${JSON.stringify(tableName)} was not found`, { cause });
  }
}

/**
 * DynamoDB throttled the request even after the SDK's own retries
 * (`ProvisionedThroughputExceededException`, `ThrottlingException`,
 * `RequestLimitExceeded`); the original SDK error is kept as `cause`. Nothing
 * was charged by the throttled write, and retrying the same `jobId` is safe.
 */
export class QuotaThrottledError extends QuotaError {
  override readonly name = 'QuotaThrottledError';

  constructor(tableName: string, cause: unknown) {
    super(`DynamoDB throttled a request to ${JSON.stringify(tableName)}`, { cause });
  }
}

/**
 * A user's item holds quota attributes the ledger did not write (for example a
 * `quotaWeek` that is not a `YYYY-Www` key, a non-numeric `quotaCount`, a
 * `quotaCommitted` that is not `used + reserved - granted`, or some of the
 * ledger's counters without `quotaCommitted`). The ledger refuses to guess and
 * writes nothing. The one shape it reads without `quotaCommitted` is the post's
 * (`quotaWeek` and `quotaCount` alone: `used = quotaCount`).
 */
export class QuotaStateError extends QuotaError {
  override readonly name = 'QuotaStateError';

  constructor(userId: string, detail: string) {
    super(`quota state of user ${JSON.stringify(userId)} is unreadable: ${detail}`);
  }
}

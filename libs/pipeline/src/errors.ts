/**
 * Typed errors of `@lumcast/pipeline`. Each has its own `name` (which reaches the state
 * machine's Retry and Catch as the Lambda error type) and keeps the original error as
 * `cause`.
 */

/** Base class of the pipeline's typed errors. */
export class PipelineError extends Error {
  override readonly name: string = 'PipelineError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/**
 * An {@link ObjectStore} has no object at `key` (S3 `NoSuchKey`/`NotFound`/404, or a
 * missing file in the local store). Thrown by `ObjectStore.get`; the store's own error is
 * kept as `cause`. No step retries it: a missing part or script is final for the job, and
 * the state machine's Catch sends it to the failure path.
 *
 * @example
 * ```ts
 * try {
 *   await store.get(objectKeys.scriptPart(userId, jobId, 3));
 * } catch (error) {
 *   if (error instanceof ObjectNotFoundError) console.error(`missing ${error.key}`);
 * }
 * ```
 */
export class ObjectNotFoundError extends PipelineError {
  override readonly name = 'ObjectNotFoundError';

  constructor(
    /** The object key that has no object. */
    readonly key: string,
    options?: { cause?: unknown; message?: string },
  ) {
    super(options?.message ?? `No object at key ${key}`, { cause: options?.cause });
  }
}

/**
 * A cursor that is not one this API handed out (not base64url JSON of a listed position).
 * Thrown before any read.
 */
export class InvalidListCursorError extends PipelineError {
  override readonly name = 'InvalidListCursorError';
}

/**
 * An input of the series module (series memory, the series' episode listing) is invalid: an
 * empty or oversized id, a user id holding `#`, a budget or page size out of range, an empty
 * table name. Thrown before any I/O; `field` names the culprit.
 */
export class SeriesInputError extends PipelineError {
  override readonly name = 'SeriesInputError';

  constructor(
    /** Dotted path of the offending field, e.g. `userId` or `keyPoints.3`. */
    readonly field: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Series memory could not be read or written (a DynamoDB failure, or a stored item that no
 * longer matches the expected shape). The SDK's error is kept as `cause`.
 */
export class SeriesMemoryError extends PipelineError {
  override readonly name = 'SeriesMemoryError';
}

/**
 * A series' episodes could not be listed, or their index could not be created (a DynamoDB
 * failure: a missing table or index, throttling…). The SDK's error is kept as `cause`.
 */
export class SeriesEpisodesError extends PipelineError {
  override readonly name = 'SeriesEpisodesError';
}

/**
 * A function's configuration (its environment) is missing a value or asks for something this
 * function cannot do. Thrown at cold start, so a misconfigured function fails its first
 * invocation (INIT) with this message instead of misbehaving later.
 */
export class ConfigurationError extends PipelineError {
  override readonly name = 'ConfigurationError';
}

/**
 * A request body the API refuses (a 400): `code` is the API's error code (`malformed_json`,
 * `unknown_field`, `invalid_field`), `field` the field at fault when there is one.
 */
export class PodcastRequestError extends PipelineError {
  override readonly name = 'PodcastRequestError';

  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A feed or chapters document was asked for with an input it cannot carry: a URL that is not
 * absolute http(s), an enclosure without a whole, positive byte length, a chapter that starts
 * before the one ahead of it. Thrown before anything is rendered; `field` names the culprit.
 */
export class FeedInputError extends PipelineError {
  override readonly name = 'FeedInputError';

  constructor(
    /** Dotted path of the offending field, e.g. `channel.imageUrl`. */
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The feeds table could not be read or written; `cause` is the DynamoDB error. */
export class FeedStoreError extends PipelineError {
  override readonly name = 'FeedStoreError';
}

/** A user asked for one feed more than they may keep. */
export class FeedLimitError extends PipelineError {
  override readonly name = 'FeedLimitError';

  constructor(readonly limit: number) {
    super(`You have ${limit} feeds, the most one account keeps; revoke one first.`);
  }
}

/**
 * Why a source link could not be read: not a public address, a bad URL, too big, too slow, an
 * HTTP error, a type Lumcast cannot read, no text in it, or too many redirects.
 */
export type SourceLinkProblem =
  | 'bad_url'
  | 'not_public'
  | 'too_big'
  | 'timeout'
  | 'http_status'
  | 'unsupported_type'
  | 'mismatched_type'
  | 'no_text'
  | 'too_many_redirects'
  | 'unreachable';

/**
 * Why an uploaded source file could not be read: none at its key (never uploaded, or
 * expired), over the size limit, not what its id says it is, or without words.
 */
export type SourceFileProblem =
  'missing' | 'too_big' | 'unsupported_type' | 'mismatched_type' | 'no_text';

/**
 * An uploaded source file the pipeline could not read as text (the job then fails uncharged).
 * `problem` says why; the message, for the log, names the source id.
 */
export class SourceFileError extends PipelineError {
  override readonly name = 'SourceFileError';

  constructor(
    readonly problem: SourceFileProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A source link the pipeline would not or could not read as text (the job then fails
 * uncharged). `problem` says why; the message, for the log, names the address or status.
 */
export class SourceLinkError extends PipelineError {
  override readonly name = 'SourceLinkError';

  constructor(
    readonly problem: SourceLinkProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A provider's turn (Bedrock's, for the script writer) is further away than a function may
 * sleep: nothing was called, and the step answers `{ waitUntil }` so the state machine waits
 * for free and invokes it again. Never reaches the state machine as an error.
 */
export class ProviderTurnDeferredError extends PipelineError {
  override readonly name = 'ProviderTurnDeferredError';

  constructor(
    /** The pacing key whose line is long. */
    readonly key: string,
    /** When to ask again (ISO, whole seconds). */
    readonly waitUntil: string,
  ) {
    super(`The turn at ${key} is later than a function waits; ask again at ${waitUntil}`);
  }
}

/**
 * A queue message that can never succeed: not JSON, not `{"userId","jobId"}`, or naming a job
 * that does not exist. The job queue's consumer reports it failed until the redrive policy moves
 * it to the dead-letter queue, and the dead-letter consumer leaves it there (for the alarm and
 * an operator).
 */
export class PoisonMessageError extends PipelineError {
  override readonly name = 'PoisonMessageError';
}

/**
 * A step was asked about a job that does not exist, or is no longer in a state the step can
 * act on. The state machine's Catch turns it into the failure callback, which leaves a final
 * status alone.
 */
export class JobStateError extends PipelineError {
  override readonly name = 'JobStateError';
}

/** Input of a state machine step does not have the shape the step expects. */
export class StepInputError extends PipelineError {
  override readonly name = 'StepInputError';
}

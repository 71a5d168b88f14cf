/**
 * Typed errors of `@lumcast/pipeline`. Each has its own `name` (which reaches the state
 * machine's Retry and Catch as the Lambda error type) and keeps the original error as
 * `cause`.
 */

/**
 * Base class of the pipeline's typed errors.
 *
 * @example
 * ```ts
 * try {
 *   await store.get(key);
 * } catch (error) {
 *   if (error instanceof PipelineError) console.error(error.name, error.message);
 * }
 * ```
 */
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

/**
 * The base of every error this lib throws, so callers can catch them as one.
 *
 * @example
 * ```ts
 * try {
 *   await startDynalite({ port: 8000 });
 * } catch (error) {
 *   if (error instanceof LocalDynamoError) console.error(error.message);
 *   else throw error;
 * }
 * ```
 */
export class LocalDynamoError extends Error {
  override readonly name: string = 'LocalDynamoError';
}

/**
 * A `port` that is not an integer from 0 to 65535; thrown before anything is started.
 *
 * @example
 * ```ts
 * await startDynalite({ port: -1 }); // rejects with InvalidPortError
 * ```
 */
export class InvalidPortError extends LocalDynamoError {
  override readonly name = 'InvalidPortError';

  constructor(readonly port: unknown) {
    super(`The port must be an integer from 0 to 65535 (0 picks a free one), got ${String(port)}.`);
  }
}

/**
 * A table definition with an empty or repeated name, or an empty key; thrown
 * before any table is created, so none of the list is half-applied.
 *
 * @example
 * ```ts
 * await createTables(client, [{ name: '', partitionKey: 'id' }]); // rejects
 * ```
 */
export class InvalidTableDefinitionError extends LocalDynamoError {
  override readonly name = 'InvalidTableDefinitionError';
}

/**
 * dynalite could not listen (the port is taken, the store under `path` is
 * locked by another process, ...); the original error is the `cause`.
 *
 * @example
 * ```ts
 * const first = await startDynalite({ port: 8000 });
 * await startDynalite({ port: 8000 }); // rejects with DynaliteStartError (EADDRINUSE)
 * ```
 */
export class DynaliteStartError extends LocalDynamoError {
  override readonly name = 'DynaliteStartError';
}

/**
 * DynamoDB Local could not be started: Java is missing, the JVM exited, or it did not answer in
 * time. The original error is the `cause`.
 *
 * @example
 * ```ts
 * await startDynamoDbLocal({ readyTimeoutMs: 1 }); // rejects with DynamoDbLocalStartError
 * ```
 */
export class DynamoDbLocalStartError extends LocalDynamoError {
  override readonly name = 'DynamoDbLocalStartError';
}

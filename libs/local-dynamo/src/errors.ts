/** The base of every error this lib throws, so callers can catch them as one. */
export class LocalDynamoError extends Error {
  override readonly name: string = 'LocalDynamoError';
}

/** A `port` that is not an integer from 0 to 65535; thrown before anything is started. */
export class InvalidPortError extends LocalDynamoError {
  override readonly name = 'InvalidPortError';

  constructor(readonly port: unknown) {
    super(`The port must be an integer from 0 to 65535 (0 picks a free one), got ${String(port)}.`);
  }
}

/**
 * A table definition with an empty or repeated name, or an empty key; thrown
 * before any table is created, so none of the list is half-applied.
 */
export class InvalidTableDefinitionError extends LocalDynamoError {
  override readonly name = 'InvalidTableDefinitionError';
}

/**
 * dynalite could not listen (the port is taken, the store under `path` is
 * locked by another process, ...); the original error is the `cause`.
 */
export class DynaliteStartError extends LocalDynamoError {
  override readonly name = 'DynaliteStartError';
}

/**
 * DynamoDB Local could not be started: Java is missing, the JVM exited, or it did not answer in
 * time. The original error is the `cause`.
 */
export class DynamoDbLocalStartError extends LocalDynamoError {
  override readonly name = 'DynamoDbLocalStartError';
}

/**
 * Base class of every error the Lumcast CDK app raises on purpose. They are all
 * configuration problems found before anything is synthesized or deployed.
 */
export class InfraConfigurationError extends Error {
  override readonly name: string = 'InfraConfigurationError';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A CDK context value (`--context key=value` or cdk.json) is missing or invalid. */
export class InvalidContextError extends InfraConfigurationError {
  override readonly name = 'InvalidContextError';

  constructor(
    readonly key: string,
    readonly value: unknown,
    readonly expected: string,
  ) {
    super(
      `Context "${key}" must be ${expected}; got ${JSON.stringify(value)}. ` +
        `Pass it as --context ${key}=<value>.`,
    );
  }
}

/**
 * A build output the stack packages (a handler bundle or the dashboard's static
 * export) does not exist: the build that makes it has not run.
 */
export class MissingBuildOutputError extends InfraConfigurationError {
  override readonly name = 'MissingBuildOutputError';

  constructor(
    readonly missingPath: string,
    readonly buildCommand: string,
  ) {
    super(`Build output not found: ${missingPath}. Build it first: ${buildCommand}`);
  }
}

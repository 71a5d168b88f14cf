import type { AwsEmulatorOptions } from '@lumcast/aws-emulator';

/**
 * What a test run may change of the engine under the stack: `EngineStackOptions.engine` of `./engine-stack.ts`.
 *
 * @example
 * ```ts
 * const engine: EngineOverrides = { executionTimeoutSeconds: 30, environment: { LUMCAST_MAX_CHUNK_CHARS: '400' } };
 * ```
 */
export interface EngineOverrides extends Partial<
  Pick<
    AwsEmulatorOptions,
    | 'bedrock'
    | 'executionTimeoutSeconds'
    | 'keepRecords'
    | 'visibilityTimeoutSeconds'
    | 'beforeStepFunctions'
    | 'polly'
    | 'realServices'
  >
> {
  /** Variables every function gets over the configuration's. */
  environment?: Record<string, string>;
}

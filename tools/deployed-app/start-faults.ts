import { AwsServiceError } from '@lumcast/aws-emulator';

/**
 * A refusal of `StartExecution` for one user's executions (matched on the execution input's
 * `userId`), answered with a Step Functions error as the service would answer it: `code` is the
 * error type (e.g. `ExecutionLimitExceeded`, which the SDK does not retry), `message` its text.
 *
 * @example
 * ```ts
 * const fault: StartFault = { userId: 'alice', code: 'ExecutionLimitExceeded', message: 'Execution Limit Exceeded' };
 * ```
 */
export interface StartFault {
  readonly userId: string;
  readonly code: string;
  readonly message: string;
}

/** One `StartExecution` the faults refused. */
export interface RefusedStart {
  readonly userId: string;
  readonly name: string;
  readonly code: string;
}

/**
 * Faults injected into the local Step Functions, in front of the state machine runner (after the
 * front door's IAM check, as a service-side refusal): while a {@link StartFault} is set, every
 * `StartExecution` for its user is refused with its error and recorded in `refused`; other
 * operations and other users pass through.
 *
 * @example
 * ```ts
 * const lift = deployed.startFaults.refuse({ userId: 'alice', code: 'ExecutionLimitExceeded', message: 'Execution Limit Exceeded' });
 * // ... alice's job dead-letters ...
 * lift();
 * ```
 */
export class StartFaults {
  readonly refused: RefusedStart[] = [];
  private readonly faults = new Set<StartFault>();

  /**
   * Refuses the user's starts from now on; returns a function that lifts this fault.
   *
   * @example
   * ```ts
   * const lift = faults.refuse({ userId: 'alice', code: 'ExecutionLimitExceeded', message: 'Execution Limit Exceeded' });
   * ```
   */
  refuse(fault: StartFault): () => void {
    this.faults.add(fault);
    return () => this.faults.delete(fault);
  }

  /**
   * Throws the fault's `AwsServiceError` when `operation` is a `StartExecution` it refuses.
   *
   * @example
   * ```ts
   * faults.check('StartExecution', { stateMachineArn, name: jobId, input: '{"userId":"alice","jobId":"j-1"}' });
   * ```
   */
  check(operation: string, input: unknown): void {
    if (operation !== 'StartExecution' || this.faults.size === 0) return;
    const request = (input ?? {}) as { name?: unknown; input?: unknown };
    const userId = userIdOf(request.input);
    const fault = [...this.faults].find((candidate) => candidate.userId === userId);
    if (!fault || userId === undefined) return;
    this.refused.push({ userId, name: String(request.name ?? ''), code: fault.code });
    throw new AwsServiceError(fault.code, fault.message);
  }
}

function userIdOf(executionInput: unknown): string | undefined {
  if (typeof executionInput !== 'string') return undefined;
  try {
    const parsed = JSON.parse(executionInput) as { userId?: unknown };
    return typeof parsed.userId === 'string' ? parsed.userId : undefined;
  } catch {
    return undefined;
  }
}

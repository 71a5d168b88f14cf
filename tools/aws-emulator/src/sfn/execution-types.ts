import { randomUUID } from 'node:crypto';
import type { InvocationResult } from '../lambda/lambda-types';
import type { StateMachineSpec } from '../template/synthesized-app';

/** A Step Functions execution status. */
export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

/** One execution, as DescribeExecution answers it. */
export interface ExecutionRecord {
  readonly executionArn: string;
  readonly stateMachineArn: string;
  readonly name: string;
  readonly input: string;
  status: ExecutionStatus;
  readonly startDate: Date;
  stopDate?: Date;
  output?: string;
  error?: string;
  cause?: string;
}

/** The EventBridge event Step Functions emits when an execution changes status. */
export interface ExecutionStatusChangeEvent {
  readonly version: '0';
  readonly id: string;
  readonly 'detail-type': 'Step Functions Execution Status Change';
  readonly source: 'aws.states';
  readonly account: string;
  readonly time: string;
  readonly region: string;
  readonly resources: readonly string[];
  readonly detail: {
    readonly executionArn: string;
    readonly stateMachineArn: string;
    readonly name: string;
    readonly status: ExecutionStatus;
    readonly startDate: number;
    readonly stopDate: number | null;
    readonly input: string;
    readonly output: string | null;
    readonly error: string | null;
    readonly cause: string | null;
  };
}

/** Options of {@link StateMachineRunner}. */
export interface StateMachineRunnerOptions {
  readonly stateMachine: StateMachineSpec;
  /**
   * Invokes a Task's function (its `Resource` ARN) for the execution `executionArn`; rejects with a
   * named error on a Lambda service failure.
   */
  readonly invoke: (
    functionArn: string,
    payload: unknown,
    executionArn: string,
  ) => Promise<InvocationResult>;
  /** Multiplies `TimeoutSeconds`, `HeartbeatSeconds`, `IntervalSeconds`, `MaxDelaySeconds` and Wait `Seconds`; default 1. */
  readonly timeScale?: number;
  /** Receives every status change (the event rules' bus). */
  readonly onStatusChange?: (event: ExecutionStatusChangeEvent) => void;
  readonly region?: string;
  readonly accountId?: string;
}

/**
 * The "Execution Status Change" event Step Functions emits for an execution's current status.
 *
 * @example
 * ```ts
 * options.onStatusChange?.(statusChangeEvent(record, { region: 'us-east-1', accountId: '000000000000' }));
 * ```
 */
export function statusChangeEvent(
  record: ExecutionRecord,
  options: { readonly region?: string; readonly accountId?: string },
): ExecutionStatusChangeEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Step Functions Execution Status Change',
    source: 'aws.states',
    account: options.accountId ?? '000000000000',
    time: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region: options.region ?? 'us-east-1',
    resources: [record.executionArn],
    detail: {
      executionArn: record.executionArn,
      stateMachineArn: record.stateMachineArn,
      name: record.name,
      status: record.status,
      startDate: record.startDate.getTime(),
      stopDate: record.stopDate?.getTime() ?? null,
      input: record.input,
      output: record.output ?? null,
      error: record.error ?? null,
      cause: record.cause ?? null,
    },
  };
}

/**
 * An execution as DescribeExecution answers it (dates in epoch seconds, absent fields left out).
 *
 * @example
 * ```ts
 * describeExecution(record).status; // 'RUNNING'
 * ```
 */
export function describeExecution(record: ExecutionRecord): unknown {
  return {
    executionArn: record.executionArn,
    stateMachineArn: record.stateMachineArn,
    name: record.name,
    status: record.status,
    startDate: record.startDate.getTime() / 1000,
    ...(record.stopDate ? { stopDate: record.stopDate.getTime() / 1000 } : {}),
    input: record.input,
    ...(record.output !== undefined ? { output: record.output } : {}),
    ...(record.error !== undefined ? { error: record.error } : {}),
    ...(record.cause !== undefined ? { cause: record.cause } : {}),
  };
}

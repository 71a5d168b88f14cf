import { randomUUID } from 'node:crypto';
import { AwsServiceError } from '../errors';
import {
  describeExecution,
  statusChangeEvent,
  type ExecutionRecord,
  type ExecutionStatus,
  type StateMachineRunnerOptions,
} from './execution-types';
import { invokeTask, scaleDefinition } from './task-invocation';

export type {
  ExecutionRecord,
  ExecutionStatus,
  ExecutionStatusChangeEvent,
  StateMachineRunnerOptions,
} from './execution-types';
export { scaleDefinition, taskError } from './task-invocation';

type Definition = Record<string, unknown>;
type RunHandle = { abort: () => void; result: Promise<unknown> };
type LocalMachine = { run: (input: unknown, options: unknown) => RunHandle };

/**
 * Step Functions on one machine: the template's `DefinitionString` (CDK's substitutions applied)
 * run by aws-local-stepfunctions, each Task's function ARN invoked through the Lambda runtime.
 * Executions are named: a second StartExecution with a known name is refused as
 * `ExecutionAlreadyExists` (unless it is the same input while running, which Step Functions treats
 * as the same request). StopExecution ends one `ABORTED`, the top-level `TimeoutSeconds` ends one
 * `TIMED_OUT`, and every end emits an "Execution Status Change" event.
 *
 * @example
 * ```ts
 * const runner = await StateMachineRunner.load({ stateMachine: app.stateMachine, invoke: (arn, p, executionArn) => runtime.invoke(arn, p, { caller: executionArn }) });
 * const { executionArn } = (await runner.handle('StartExecution', { stateMachineArn, name: jobId, input: '{}' })) as { executionArn: string };
 * ```
 */
export class StateMachineRunner {
  private readonly executions = new Map<string, ExecutionRecord>();
  private readonly handles = new Map<string, { abort: () => void; done: Promise<void> }>();
  private readonly stopping = new Map<string, { error?: string; cause?: string }>();

  private constructor(
    private readonly machine: LocalMachine,
    /** Each Task state's function ARN, invoked for the execution that runs the state. */
    private readonly resourcesByState: Record<string, string>,
    private readonly options: StateMachineRunnerOptions,
  ) {}

  /**
   * Validates the definition (aws-local-stepfunctions' validator), scales its time fields and binds
   * every Task state to its function.
   *
   * @example
   * ```ts
   * const runner = await StateMachineRunner.load({ stateMachine: app.stateMachine, invoke, timeScale: 0.05 });
   * ```
   */
  static async load(options: StateMachineRunnerOptions): Promise<StateMachineRunner> {
    const { StateMachine } = await import('aws-local-stepfunctions');
    new StateMachine(options.stateMachine.definition as never);
    const scaled = scaleDefinition(options.stateMachine.definition, options.timeScale ?? 1);
    const resourcesByState: Record<string, string> = {};
    const visit = (states: Record<string, Definition>) => {
      for (const [name, state] of Object.entries(states)) {
        const resource = state['Resource'];
        if (state['Type'] === 'Task' && typeof resource === 'string') {
          if (!resource.startsWith('arn:aws:lambda:')) {
            throw new AwsServiceError(
              'InvalidDefinition',
              `Task ${name} uses ${resource}; the run invokes only Lambda function ARNs`,
            );
          }
          resourcesByState[name] = resource;
        }
        const nested = (state['ItemProcessor'] ?? state['Iterator']) as
          { States: Record<string, Definition> } | undefined;
        if (nested) visit(nested.States);
        for (const branch of (state['Branches'] as
          { States: Record<string, Definition> }[] | undefined) ?? [])
          visit(branch.States);
      }
    };
    visit((scaled as { States: Record<string, Definition> }).States);
    const machine = new StateMachine(
      scaled as never,
      { validationOptions: { noValidate: true } } as never,
    );
    return new StateMachineRunner(machine as unknown as LocalMachine, resourcesByState, options);
  }

  /**
   * Answers one Step Functions JSON-protocol operation (the `sfn` hook of the front door):
   * StartExecution, DescribeExecution, StopExecution, ListExecutions.
   *
   * @example
   * ```ts
   * await runner.handle('StopExecution', { executionArn });
   * ```
   */
  async handle(operation: string, input: unknown): Promise<unknown> {
    const request = (input ?? {}) as Record<string, unknown>;
    switch (operation) {
      case 'StartExecution':
        return this.start(request);
      case 'DescribeExecution':
        return describeExecution(this.find(String(request['executionArn'])));
      case 'StopExecution':
        return this.stop(
          String(request['executionArn']),
          request['error'] as string | undefined,
          request['cause'] as string | undefined,
        );
      case 'ListExecutions': {
        const status = request['statusFilter'] as ExecutionStatus | undefined;
        const list = [...this.executions.values()].filter((e) => !status || e.status === status);
        return {
          executions: list.map((e) => ({
            executionArn: e.executionArn,
            stateMachineArn: e.stateMachineArn,
            name: e.name,
            status: e.status,
            startDate: e.startDate.getTime() / 1000,
            ...(e.stopDate ? { stopDate: e.stopDate.getTime() / 1000 } : {}),
          })),
        };
      }
      default:
        throw new AwsServiceError(
          'UnknownOperationException',
          `The local Step Functions does not implement ${operation}`,
        );
    }
  }

  /**
   * Every execution so far.
   *
   * @example
   * ```ts
   * runner.list().filter((e) => e.status === 'RUNNING').length;
   * ```
   */
  list(): readonly ExecutionRecord[] {
    return [...this.executions.values()];
  }

  /**
   * Resolves when no execution is running.
   *
   * @example
   * ```ts
   * await runner.idle();
   * ```
   */
  async idle(): Promise<void> {
    while (this.handles.size > 0) await Promise.all([...this.handles.values()].map((h) => h.done));
  }

  /**
   * Aborts every running execution (when the run stops); no status events are emitted for them.
   *
   * @example
   * ```ts
   * await runner.abortAll();
   * ```
   */
  async abortAll(): Promise<void> {
    for (const arn of this.handles.keys()) this.stopping.set(arn, { error: 'RunStopped' });
    for (const handle of this.handles.values()) handle.abort();
    await Promise.allSettled([...this.handles.values()].map((h) => h.done));
  }

  private start(request: Record<string, unknown>): unknown {
    const stateMachineArn = String(request['stateMachineArn'] ?? '');
    if (stateMachineArn !== this.options.stateMachine.stateMachineArn) {
      throw new AwsServiceError(
        'StateMachineDoesNotExist',
        `State Machine Does Not Exist: '${stateMachineArn}'`,
      );
    }
    const name = typeof request['name'] === 'string' ? request['name'] : randomUUID();
    const input = typeof request['input'] === 'string' ? request['input'] : '{}';
    const executionArn = `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    const known = this.executions.get(executionArn);
    if (known) {
      if (known.status === 'RUNNING' && known.input === input) {
        return { executionArn, startDate: known.startDate.getTime() / 1000 };
      }
      throw new AwsServiceError(
        'ExecutionAlreadyExists',
        `Execution Already Exists: '${executionArn}'`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(input);
    } catch (error) {
      throw new AwsServiceError('InvalidExecutionInput', 'Invalid State Machine Execution Input', {
        cause: error,
      });
    }
    const record: ExecutionRecord = {
      executionArn,
      stateMachineArn,
      name,
      input,
      status: 'RUNNING',
      startDate: new Date(),
    };
    this.executions.set(executionArn, record);
    // Each Task invokes its function for this execution: the Lambda runtime serves executions
    // fairly when they wait for this machine's containers.
    const handlers = Object.fromEntries(
      Object.entries(this.resourcesByState).map(([state, resource]) => [
        state,
        (taskInput: unknown) => invokeTask(this.options, resource, taskInput, executionArn),
      ]),
    );
    const run = this.machine.run(parsed, {
      overrides: { taskResourceLocalHandlers: handlers },
      context: {
        Execution: { Id: executionArn, Name: name, RoleArn: this.options.stateMachine.roleArn },
      },
    });
    const done = run.result.then(
      (output) => this.finish(record, 'SUCCEEDED', { output: JSON.stringify(output ?? null) }),
      (error: Error) => {
        const stop = this.stopping.get(executionArn);
        if (error.name === 'ExecutionAbortedError' || stop) {
          return this.finish(
            record,
            'ABORTED',
            { error: stop?.error, cause: stop?.cause },
            stop?.error !== 'RunStopped',
          );
        }
        if (error.name === 'ExecutionTimeoutError') {
          return this.finish(record, 'TIMED_OUT', {
            error: 'States.Timeout',
            cause: 'The execution timed out',
          });
        }
        const cause = (error as { cause?: Error }).cause ?? error;
        return this.finish(record, 'FAILED', { error: cause.name, cause: cause.message });
      },
    );
    this.handles.set(executionArn, {
      abort: run.abort,
      done: done.finally(() => this.handles.delete(executionArn)),
    });
    this.emit(record);
    return { executionArn, startDate: record.startDate.getTime() / 1000 };
  }

  private stop(executionArn: string, error?: string, cause?: string): unknown {
    const record = this.find(executionArn);
    const handle = this.handles.get(executionArn);
    if (record.status === 'RUNNING' && handle) {
      this.stopping.set(executionArn, { error, cause });
      handle.abort();
    }
    return { stopDate: Date.now() / 1000 };
  }

  private finish(
    record: ExecutionRecord,
    status: ExecutionStatus,
    fields: { output?: string; error?: string; cause?: string },
    emit = true,
  ): void {
    if (record.status !== 'RUNNING') return;
    record.status = status;
    record.stopDate = new Date();
    if (fields.output !== undefined) record.output = fields.output;
    if (fields.error !== undefined) record.error = fields.error;
    if (fields.cause !== undefined) record.cause = fields.cause;
    if (emit) this.emit(record);
  }

  private emit(record: ExecutionRecord): void {
    this.options.onStatusChange?.(statusChangeEvent(record, this.options));
  }

  private find(executionArn: string): ExecutionRecord {
    const record = this.executions.get(executionArn);
    if (!record)
      throw new AwsServiceError(
        'ExecutionDoesNotExist',
        `Execution Does Not Exist: '${executionArn}'`,
      );
    return record;
  }
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  executionName,
  type EpisodeExecutionInput,
  type ExecutionStarter,
} from '@lumcast/pipeline';

/** The one state machine definition, shared with the CDK app. */
export const DEFINITION_PATH = path.resolve(
  __dirname,
  '../../apps/functions/src/state-machine/podcast.asl.json',
);

type TaskHandler = (input: unknown) => Promise<unknown>;

/** The handlers behind each function ARN placeholder of the definition. */
export interface LocalFunctions {
  WriteScriptFunctionArn: TaskHandler;
  SynthesizeFunctionArn: TaskHandler;
  AssembleFunctionArn: TaskHandler;
  CallbackFunctionArn: TaskHandler;
}

interface StateDefinition {
  Type: string;
  Resource?: string;
  ItemProcessor?: { States: Record<string, StateDefinition> };
  Iterator?: { States: Record<string, StateDefinition> };
}

/** Options of {@link LocalStateMachine}. */
export interface LocalStateMachineOptions {
  functions: LocalFunctions;
  /** Milliseconds to wait before any retry (tests make retries instant); default: the definition's backoff. */
  retryDelayMs?: number;
  onExecutionEnd?: (name: string, outcome: 'succeeded' | 'failed', error?: unknown) => void;
}

/**
 * Runs the same Amazon States Language definition the CDK app deploys, with
 * aws-local-stepfunctions, calling the same handlers in-process. Executions
 * are named by job id (a render: `executionName`): a second start with a known name is refused, as Step
 * Functions does.
 *
 * @example
 * ```ts
 * const machine = await LocalStateMachine.load({ functions });
 * await machine.start({ userId: 'alice', jobId });
 * await machine.idle();
 * ```
 */
export class LocalStateMachine implements ExecutionStarter {
  private readonly names = new Set<string>();
  private readonly running = new Map<string, { abort: () => void; done: Promise<void> }>();

  private constructor(
    private readonly machine: {
      run: (input: never, options: never) => { abort: () => void; result: Promise<unknown> };
    },
    private readonly handlersByState: Record<string, TaskHandler>,
    private readonly retryStates: string[],
    private readonly options: LocalStateMachineOptions,
  ) {}

  /** Loads the definition, substitutes placeholder ARNs, and binds each Task state to its handler. */
  static async load(options: LocalStateMachineOptions): Promise<LocalStateMachine> {
    const { StateMachine } = await import('aws-local-stepfunctions');
    const placeholders = Object.keys(options.functions) as (keyof LocalFunctions)[];
    const text = readFileSync(DEFINITION_PATH, 'utf8').replace(
      /\$\{(\w+)\}/g,
      (_match, name: string) => {
        if (!placeholders.includes(name as keyof LocalFunctions)) {
          throw new Error(
            `The state machine definition uses \${${name}}, which the local stack does not provide`,
          );
        }
        return `arn:aws:lambda:us-east-1:000000000000:function:lumcast-local-${name}`;
      },
    );
    const definition = JSON.parse(text) as { States: Record<string, StateDefinition> };
    const handlersByState: Record<string, TaskHandler> = {};
    const retryStates: string[] = [];
    const visit = (states: Record<string, StateDefinition>) => {
      for (const [name, state] of Object.entries(states)) {
        if ('Retry' in state) retryStates.push(name);
        if (state.Type === 'Task' && state.Resource) {
          const placeholder = placeholders.find((p) =>
            state.Resource?.endsWith(`lumcast-local-${p}`),
          );
          if (!placeholder) throw new Error(`Task state ${name} has no local handler`);
          handlersByState[name] = options.functions[placeholder];
        }
        const nested = state.ItemProcessor ?? state.Iterator;
        if (nested) visit(nested.States);
      }
    };
    visit(definition.States);
    const machine = new StateMachine(definition as never);
    return new LocalStateMachine(machine as never, handlersByState, retryStates, options);
  }

  async start(input: EpisodeExecutionInput): Promise<'started' | 'already_started'> {
    const name = executionName(input);
    if (this.names.has(name)) return 'already_started';
    this.names.add(name);
    const overrides: Record<string, unknown> = { taskResourceLocalHandlers: this.handlersByState };
    if (this.options.retryDelayMs !== undefined) {
      overrides['retryIntervalOverrides'] = Object.fromEntries(
        this.retryStates.map((state) => [state, this.options.retryDelayMs]),
      );
    }
    const execution = this.machine.run(
      { ...input } as never,
      { overrides, noThrowOnAbort: true } as never,
    );
    const done = execution.result.then(
      () => this.options.onExecutionEnd?.(input.jobId, 'succeeded'),
      (error: unknown) => this.options.onExecutionEnd?.(input.jobId, 'failed', error),
    );
    this.running.set(name, {
      abort: execution.abort,
      done: done.finally(() => this.running.delete(name)),
    });
    return 'started';
  }

  /** Resolves when no execution is running. */
  async idle(): Promise<void> {
    while (this.running.size > 0) {
      await Promise.all([...this.running.values()].map((execution) => execution.done));
    }
  }

  /** Aborts every running execution (used when the local stack stops). */
  abortAll(): void {
    for (const execution of this.running.values()) execution.abort();
  }
}

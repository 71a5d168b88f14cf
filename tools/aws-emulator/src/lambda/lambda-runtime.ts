import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { ContainerClock } from './container-clock';
import { ContainerTurns } from './container-turns';
import type { FunctionSpec } from '../template/synthesized-app';
import { LambdaThrottledError, UnknownFunctionError } from '../errors';
import type {
  Container,
  InvocationRecord,
  InvocationResult,
  LambdaRuntimeOptions,
  TimedInvocation,
  WorkerAnswer,
} from './lambda-types';
import { assertNodeRuntime, lambdaEnvironment } from './node-runtime';
import { startContainer } from './container';

/** The least wait before a container's clock is read again once wall-clock time passed its timeout. */
const MIN_TIMEOUT_RECHECK_MS = 50;

export { assertNodeRuntime } from './node-runtime';
export type { InvocationRecord, InvocationResult, LambdaRuntimeOptions } from './lambda-types';

/**
 * Lambda on one machine: each function's built bundle runs in worker threads ("containers") on
 * this process's Node, which must be the template's runtime major ({@link assertNodeRuntime}), one
 * invocation per container at a time, containers reused while warm, with exactly the template's
 * environment plus what Lambda itself sets, memory as the heap limit, the timeout enforced on the container's own clock
 * ({@link ContainerClock}: a run past it answers `Sandbox.Timedout` and its container is
 * discarded) and reserved concurrency
 * honoured (an invocation past it is throttled with `TooManyRequestsException`).
 *
 * @example
 * ```ts
 * const runtime = new LambdaRuntime({ functions: app.functions, runEnvironment: (fn) => creds(fn) });
 * const { payload, functionError } = await runtime.invoke(api.functionArn, event);
 * await runtime.stop();
 * ```
 */
export class LambdaRuntime {
  private readonly byKey = new Map<string, FunctionSpec>();
  private readonly idle = new Map<string, Container[]>();
  private readonly running = new Map<string, number>();
  private readonly turns: ContainerTurns;
  private readonly all = new Set<Worker>();
  private stopped = false;
  /**
   * Every invocation, in order: function logical id, whether it failed, and the two times
   * Lambda's REPORT line gives: `durationMs` (the handler, what the timeout bounds) and
   * `initDurationMs` (the wait for the container's INIT, only on a cold start).
   */
  readonly invocations: InvocationRecord[] = [];

  /** @throws {RuntimeMismatchError} when a function's runtime is not this process's Node major. */
  constructor(private readonly options: LambdaRuntimeOptions) {
    assertNodeRuntime(options.functions);
    this.turns = new ContainerTurns(options.maxContainersOf);
    for (const fn of options.functions) {
      this.byKey.set(fn.functionArn, fn);
      this.byKey.set(fn.functionName, fn);
      this.byKey.set(fn.logicalId, fn);
    }
  }

  /**
   * The function named by ARN (with or without a qualifier), name or logical id.
   *
   * @example
   * ```ts
   * runtime.functionFor('arn:aws:lambda:us-east-1:000000000000:function:x').timeoutSeconds;
   * ```
   */
  functionFor(key: string): FunctionSpec {
    const fn =
      this.byKey.get(key) ?? this.byKey.get(key.replace(/:(\$LATEST|\d+|[A-Za-z][\w-]*)$/, ''));
    if (!fn) throw new UnknownFunctionError(`No function ${key} in the template`);
    return fn;
  }

  /**
   * Invokes a function synchronously (RequestResponse), as Lambda's Invoke does. `caller` names
   * who asks (a Step Functions execution's ARN, say): where this machine runs fewer containers of
   * the function than are asked for (`maxContainersOf`), the least-served caller's invocation gets
   * the next free one ({@link ContainerTurns}). It changes nothing AWS would answer.
   *
   * @example
   * ```ts
   * const answer = await runtime.invoke('Api', { rawPath: '/api/items' });
   * if (answer.functionError) console.log(answer.payload); // { errorType, errorMessage, trace }
   * ```
   */
  async invoke(
    key: string,
    event: unknown,
    options: { readonly caller?: string } = {},
  ): Promise<InvocationResult> {
    const fn = this.functionFor(key);
    const limit = fn.reservedConcurrency ?? this.options.unreservedConcurrency ?? 1000;
    const running = this.running.get(fn.logicalId) ?? 0;
    if (running >= limit) {
      throw new LambdaThrottledError(
        `Rate Exceeded: ${fn.functionName} is at its concurrency of ${limit}`,
      );
    }
    this.running.set(fn.logicalId, running + 1);
    const startedAtMs = Date.now();
    const release = await this.turns.take(fn, options.caller);
    try {
      const { result, durationMs, initDurationMs } = await this.runInContainer(fn, event);
      const errorType = result.functionError
        ? (result.payload as { errorType?: string }).errorType
        : undefined;
      if (this.options.recordInvocations !== false)
        this.invocations.push({
          functionLogicalId: fn.logicalId,
          ...(errorType ? { errorType } : {}),
          startedAtMs,
          endedAtMs: Date.now(),
          event,
          payload: result.payload,
          durationMs,
          ...(initDurationMs === undefined ? {} : { initDurationMs }),
        });
      return result;
    } finally {
      release();
      this.running.set(fn.logicalId, (this.running.get(fn.logicalId) ?? 1) - 1);
    }
  }

  /**
   * Terminates every container.
   *
   * @example
   * ```ts
   * await runtime.stop();
   * ```
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.all].map((worker) => worker.terminate()));
    this.all.clear();
    this.idle.clear();
  }

  private container(fn: FunctionSpec): Container {
    const warm = this.idle.get(fn.logicalId)?.pop();
    if (warm) return warm;
    const container = startContainer(
      fn,
      lambdaEnvironment(fn, this.options.region ?? 'us-east-1', this.options.runEnvironment),
      this.options.niceOf?.(fn),
    );
    const { worker } = container;
    this.all.add(worker);
    worker.once('exit', () => this.all.delete(worker));
    return container;
  }

  private discard(fn: FunctionSpec, container: Container): void {
    const pool = this.idle.get(fn.logicalId);
    if (pool)
      this.idle.set(
        fn.logicalId,
        pool.filter((c) => c !== container),
      );
    this.all.delete(container.worker);
    void container.worker.terminate();
  }

  private async runInContainer(fn: FunctionSpec, event: unknown): Promise<TimedInvocation> {
    const container = this.container(fn);
    const cold = !container.invoked;
    container.busy = true;
    container.invoked = true;
    // The timeout counts from the end of INIT, as Lambda's does.
    const initStarted = Date.now();
    const initError = await container.initialized;
    const started = Date.now();
    const initDurationMs = cold ? started - initStarted : undefined;
    if (initError !== undefined) {
      container.busy = false;
      this.discard(fn, container);
      return {
        result: { payload: initError, functionError: 'Unhandled' },
        durationMs: 0,
        ...(initDurationMs === undefined ? {} : { initDurationMs }),
      };
    }
    const result = await this.runHandler(fn, container, event);
    return {
      result,
      durationMs: Date.now() - started,
      ...(initDurationMs === undefined ? {} : { initDurationMs }),
    };
  }

  private runHandler(
    fn: FunctionSpec,
    container: Container,
    event: unknown,
  ): Promise<InvocationResult> {
    const id = randomUUID();
    const templateMs = fn.timeoutSeconds * 1000;
    const timeoutMs = Math.min(
      templateMs,
      Math.max(
        templateMs * (this.options.timeScale ?? 1),
        (this.options.scaledTimeoutFloorSeconds ?? 2) * 1000,
      ),
    );
    const context = {
      awsRequestId: id,
      functionName: fn.functionName,
      functionVersion: '$LATEST',
      invokedFunctionArn: fn.functionArn,
      memoryLimitInMB: String(fn.memoryMiB),
      logGroupName: `/aws/lambda/${fn.functionName}`,
      logStreamName: `local/${id}`,
      deadlineMs: Date.now() + timeoutMs,
    };
    return new Promise<InvocationResult>((resolve) => {
      const { worker } = container;
      const finish = (result: InvocationResult, keep: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        container.busy = false;
        if (keep && !this.stopped) {
          const pool = this.idle.get(fn.logicalId) ?? [];
          pool.push(container);
          this.idle.set(fn.logicalId, pool);
        } else this.discard(fn, container);
        resolve(result);
      };
      const failure = (errorType: string, errorMessage: string): InvocationResult => ({
        payload: { errorType, errorMessage, trace: [] },
        functionError: 'Unhandled',
      });
      const onMessage = (answer: WorkerAnswer) => {
        if (answer.id !== id) return;
        if (answer.ok) finish({ payload: JSON.parse(JSON.stringify(answer.result)) }, true);
        else finish({ payload: answer.error, functionError: 'Unhandled' }, true);
      };
      const onError = (error: Error) => {
        const code = (error as { code?: string }).code;
        if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
          finish(
            failure(
              'Runtime.OutOfMemory',
              `Runtime exited with error: signal: killed (memory ${fn.memoryMiB} MB)`,
            ),
            false,
          );
        } else
          finish(
            failure('Runtime.ExitError', `Runtime exited with error: ${error.message}`),
            false,
          );
      };
      const onExit = (code: number) =>
        finish(
          failure(
            'Runtime.ExitError',
            `RequestId: ${id} Error: Runtime exited with error: exit status ${code}`,
          ),
          false,
        );
      // The timeout runs on the container's own clock: its CPU and waiting time, not the time
      // it queued for one of this machine's cores behind other containers.
      const clock = ContainerClock.start(worker, container.osThreadId);
      const checkTimeout = () => {
        const leftMs = timeoutMs - clock.elapsedMs();
        if (leftMs > 0) {
          timer = setTimeout(checkTimeout, Math.max(leftMs, MIN_TIMEOUT_RECHECK_MS));
          return;
        }
        finish(
          failure(
            'Sandbox.Timedout',
            `Task timed out after ${fn.timeoutSeconds.toFixed(2)} seconds`,
          ),
          false,
        );
      };
      let timer = setTimeout(checkTimeout, timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, event, context });
    });
  }
}

import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ContainerClock } from './container-clock';
import type { FunctionSpec } from '../template/synthesized-app';
import { LambdaThrottledError, RuntimeMismatchError, UnknownFunctionError } from '../errors';

/** What an invocation answers, as Lambda's Invoke API does (`FunctionError` set on a failure). */
export interface InvocationResult {
  /** The handler's result, or Lambda's `{ errorType, errorMessage, trace }` on a failure. */
  readonly payload: unknown;
  readonly functionError?: 'Unhandled';
}

/** Options of {@link LambdaRuntime}. */
export interface LambdaRuntimeOptions {
  readonly functions: readonly FunctionSpec[];
  /** Region Lambda sets as `AWS_REGION`; default `us-east-1`. */
  readonly region?: string;
  /** Variables the run adds per function (credentials, `AWS_ENDPOINT_URL_*`), after the template's. */
  readonly runEnvironment?: (fn: FunctionSpec) => Record<string, string>;
  /** Multiplies every timeout (e.g. 0.05 runs a 280 s function with a 14 s limit); default 1. */
  readonly timeScale?: number;
  /**
   * The least a scaled timeout leaves, in this machine's seconds (never more than the template's
   * timeout). `timeScale` speeds up AWS's time (the model's output, retries, waits), not this
   * machine's CPU and disk: a 10 s API function at 1/20 would otherwise get 0.5 s for work that
   * is not faster here. Default 2.
   */
  readonly scaledTimeoutFloorSeconds?: number;
  /** Concurrency when a function reserves none (the account's unreserved pool); default 1000. */
  readonly unreservedConcurrency?: number;
}

/** One invocation as {@link LambdaRuntime.invocations} records it. */
export interface InvocationRecord {
  readonly functionLogicalId: string;
  readonly errorType?: string;
  /** When the invocation was asked for, and when it answered (epoch ms, wall clock). */
  readonly startedAtMs: number;
  readonly endedAtMs: number;
  /** The event it was invoked with, and the payload it answered (the error payload on failure). */
  readonly event: unknown;
  readonly payload: unknown;
  /** The handler's run, from the end of INIT to its answer (Lambda's `Duration`). */
  readonly durationMs: number;
  /** How long this invocation waited for its new container's INIT (Lambda's `Init Duration`). */
  readonly initDurationMs?: number;
}

interface TimedInvocation {
  readonly result: InvocationResult;
  readonly durationMs: number;
  readonly initDurationMs?: number;
}

interface Container {
  readonly worker: Worker;
  busy: boolean;
  /** Whether an invocation has run here (the first one waited for INIT: a cold start). */
  invoked: boolean;
  /** The worker thread's kernel thread id, once INIT reports it (for its {@link ContainerClock}). */
  osThreadId?: number;
  /** Resolves when the bundle is imported (INIT): undefined, or the error payload it failed with. */
  readonly initialized: Promise<InvocationResult['payload'] | undefined>;
}

/**
 * The limit on a container's INIT phase. Lambda's is 10 s on a container's own CPU; here dozens
 * of containers import their bundles at once on a few shared cores (40 at the load test's start),
 * so the limit is this machine's, generous, and only catches a bundle that never finishes.
 */
const INIT_LIMIT_MS = 60_000;

interface WorkerAnswer {
  readonly id: string;
  readonly ok: boolean;
  readonly result?: unknown;
  readonly error?: { errorType: string; errorMessage: string; trace: string[] };
}

/**
 * The nice value of a container's thread: the main thread's own. A Lambda has CPU of its own in
 * AWS; a container starved by the emulated services (nice 19, as before) woke late from its timers,
 * so a call paced to a start time reached Polly out of turn (the load figure at nice 19: ratio 1.34,
 * 24 throttled of 184; at 0: 1.10, 14 of 174). Timeouts do not depend on it: they run on each
 * container's own clock.
 */
const CONTAINER_NICE = 0;

/** The least wait before a container's clock is read again once wall-clock time passed its timeout. */
const MIN_TIMEOUT_RECHECK_MS = 50;

const WORKER_FILE = path.join(__dirname, 'lambda-worker.mjs');

/**
 * Checks that every function's `Runtime` is the Node.js major this process runs on: the worker
 * threads that stand in for Lambda's containers run this process's Node, so a run on another major
 * would prove the template on a runtime it does not name.
 *
 * @param functions The functions to run (their `functionName` and `runtime`, e.g. `nodejs24.x`).
 * @param nodeVersion The Node.js version to compare with; default this process's
 *   (`process.versions.node`, e.g. `24.22.3`).
 * @throws {RuntimeMismatchError} naming the first function whose runtime is not `nodejs<major>.x`
 *   for that version's major.
 *
 * @example
 * ```ts
 * assertNodeRuntime(app.functions); // on Node 24.22.3: passes for nodejs24.x, throws for nodejs22.x
 * ```
 */
export function assertNodeRuntime(
  functions: readonly Pick<FunctionSpec, 'functionName' | 'runtime'>[],
  nodeVersion: string = process.versions.node,
): void {
  const major = nodeVersion.replace(/^v/, '').split('.')[0];
  const expected = `nodejs${major}.x`;
  for (const fn of functions) {
    if (fn.runtime === expected) continue;
    const named = /^nodejs(\d+)\.x$/.exec(fn.runtime);
    throw new RuntimeMismatchError(
      named
        ? `Function ${fn.functionName} runs on ${fn.runtime} (Node.js ${named[1]}), but this ` +
            `process is Node.js ${nodeVersion}. Run through npm (npm test, npx nx ...) so that ` +
            `the pinned Node in node_modules/.bin is used, or change the template's runtime and ` +
            `the pinned Node (package.json) together.`
        : `Function ${fn.functionName} has runtime ${JSON.stringify(fn.runtime)}, which is no ` +
            `Node.js runtime (nodejs<major>.x): its bundle cannot run here.`,
      fn.runtime,
      nodeVersion,
    );
  }
}

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
   * Invokes a function synchronously (RequestResponse), as Lambda's Invoke does.
   *
   * @example
   * ```ts
   * const answer = await runtime.invoke('Api', { rawPath: '/api/quota' });
   * if (answer.functionError) console.log(answer.payload); // { errorType, errorMessage, trace }
   * ```
   */
  async invoke(key: string, event: unknown): Promise<InvocationResult> {
    const fn = this.functionFor(key);
    const limit = fn.reservedConcurrency ?? this.options.unreservedConcurrency ?? 1000;
    const running = this.running.get(fn.logicalId) ?? 0;
    if (running >= limit) {
      throw new LambdaThrottledError(
        `Rate Exceeded: ${fn.functionName} is at its concurrency of ${limit}`,
      );
    }
    this.running.set(fn.logicalId, running + 1);
    try {
      const startedAtMs = Date.now();
      const { result, durationMs, initDurationMs } = await this.runInContainer(fn, event);
      const errorType = result.functionError
        ? (result.payload as { errorType?: string }).errorType
        : undefined;
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

  private environmentFor(fn: FunctionSpec): Record<string, string> {
    const region = this.options.region ?? 'us-east-1';
    return {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      TZ: 'UTC',
      LANG: 'en_US.UTF-8',
      ...fn.environment,
      AWS_REGION: region,
      AWS_DEFAULT_REGION: region,
      AWS_LAMBDA_FUNCTION_NAME: fn.functionName,
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMiB),
      AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
      AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.functionName}`,
      AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
      ...(this.options.runEnvironment?.(fn) ?? {}),
    };
  }

  private container(fn: FunctionSpec): Container {
    const warm = this.idle.get(fn.logicalId)?.pop();
    if (warm) return warm;
    const worker = new Worker(WORKER_FILE, {
      workerData: { bundleFile: fn.bundleFile, exportName: fn.exportName, nice: CONTAINER_NICE },
      env: this.environmentFor(fn),
      resourceLimits: { maxOldGenerationSizeMb: fn.memoryMiB },
      execArgv: ['--enable-source-maps'],
      stdout: false,
      stderr: false,
    });
    worker.unref();
    this.all.add(worker);
    worker.once('exit', () => this.all.delete(worker));
    const initialized = new Promise<InvocationResult['payload'] | undefined>((resolve) => {
      const timer = setTimeout(
        () =>
          resolve({
            errorType: 'Runtime.InitTimeout',
            errorMessage: `INIT did not finish within ${INIT_LIMIT_MS / 1000} seconds`,
            trace: [],
          }),
        INIT_LIMIT_MS,
      );
      const onInit = (message: {
        init?: boolean;
        ok?: boolean;
        error?: unknown;
        osThreadId?: number;
      }) => {
        if (message?.init !== true) return;
        clearTimeout(timer);
        worker.off('message', onInit);
        container.osThreadId = message.osThreadId;
        resolve(message.ok ? undefined : (message.error as InvocationResult['payload']));
      };
      worker.on('message', onInit);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve({ errorType: 'Runtime.ExitError', errorMessage: 'exited during INIT', trace: [] });
      });
    });
    const container: Container = { worker, busy: false, invoked: false, initialized };
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

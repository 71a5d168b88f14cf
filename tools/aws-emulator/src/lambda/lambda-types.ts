import type { Worker } from 'node:worker_threads';
import type { FunctionSpec } from '../template/synthesized-app';

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
  /**
   * The nice value of a function's container threads (Linux; higher yields the CPU to the rest of
   * the run). Default: the main thread's.
   */
  readonly niceOf?: (fn: FunctionSpec) => number;
  /** Whether every invocation is kept in `invocations` (default true; a long-lived run keeps none). */
  readonly recordInvocations?: boolean;
  /** Concurrency when a function reserves none (the account's unreserved pool); default 1000. */
  readonly unreservedConcurrency?: number;
  /**
   * This machine's parallelism for a function (`undefined`: none): at most this many of its
   * containers run at once, and an invocation past it waits, in order, for one to be free (its timeout starts when
   * it runs). AWS's concurrency still throttles on every invocation asked for. Without it each
   * concurrent invocation gets its own container, as in AWS: a burst of 200 requests starts 200
   * worker threads, which a machine with few cores cannot initialize within a 10 s timeout.
   */
  readonly maxContainersOf?: (fn: FunctionSpec) => number | undefined;
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

/** An invocation's answer with how long it ran (and its INIT, on a cold start). */
export interface TimedInvocation {
  readonly result: InvocationResult;
  readonly durationMs: number;
  readonly initDurationMs?: number;
}

/** One worker thread standing in for a Lambda container. */
export interface Container {
  readonly worker: Worker;
  busy: boolean;
  /** Whether an invocation has run here (the first one waited for INIT: a cold start). */
  invoked: boolean;
  /** The worker thread's kernel thread id, once INIT reports it (for its {@link ContainerClock}). */
  osThreadId?: number;
  /** Resolves when the bundle is imported (INIT): undefined, or the error payload it failed with. */
  readonly initialized: Promise<InvocationResult['payload'] | undefined>;
}

/** What the worker thread posts back for one invocation. */
export interface WorkerAnswer {
  readonly id: string;
  readonly ok: boolean;
  readonly result?: unknown;
  readonly error?: { errorType: string; errorMessage: string; trace: string[] };
}

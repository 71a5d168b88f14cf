import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FunctionSpec } from '../template/synthesized-app';
import type { Container, InvocationResult } from './lambda-types';

/**
 * The limit on a container's INIT phase. Lambda's is 10 s on a container's own CPU; here dozens
 * of containers import their bundles at once on a few shared cores (40 at the load test's start),
 * so the limit is this machine's, generous, and only catches a bundle that never finishes.
 */
const INIT_LIMIT_MS = 60_000;

/**
 * The default nice value of a container's thread: the main thread's own. A Lambda has CPU of its own in
 * AWS; a container starved by the emulated services (nice 19, as before) woke late from its timers,
 * so a call paced to a start time reached Polly out of turn (the load figure at nice 19: ratio 1.34,
 * 24 throttled of 184; at 0: 1.10, 14 of 174). Timeouts do not depend on it: they run on each
 * container's own clock.
 */
const CONTAINER_NICE = 0;

const WORKER_FILE = path.join(__dirname, 'lambda-worker.mjs');

/**
 * Starts one container for a function: a worker thread that imports its bundle (INIT) with the
 * given environment and memory as its heap limit, at `nice` (default the main thread's). `initialized` resolves when INIT ends: undefined,
 * or the error payload it failed with (`Runtime.InitTimeout` past the limit, `Runtime.ExitError`).
 *
 * @example
 * ```ts
 * const container = startContainer(fn, env);
 * const initError = await container.initialized;
 * ```
 */
export function startContainer(
  fn: FunctionSpec,
  env: Record<string, string>,
  nice = CONTAINER_NICE,
): Container {
  const worker = new Worker(WORKER_FILE, {
    workerData: { bundleFile: fn.bundleFile, exportName: fn.exportName, nice },
    env,
    resourceLimits: { maxOldGenerationSizeMb: fn.memoryMiB },
    execArgv: ['--enable-source-maps'],
    stdout: false,
    stderr: false,
  });
  worker.unref();
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

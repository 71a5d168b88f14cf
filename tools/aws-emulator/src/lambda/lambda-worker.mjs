// One Lambda "container": a worker thread that imports a function's ESM bundle once and runs one
// invocation at a time, answering as the Node.js Lambda runtime does. Started by lambda-runtime.ts.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

/** This thread's kernel id (`/proc/thread-self` is `<pid>/task/<tid>`), for its CPU time. */
function osThreadId() {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined;
  }
}

const { bundleFile, exportName, nice } = workerData;

// AWS's services never wait for a Lambda container's CPU; here they run on this process's main
// thread and in DynamoDB Local's JVM, beside dozens of containers on two cores. So a container
// thread yields to them: on Linux a thread's nice value is its own (setpriority on the calling
// thread), and raising it needs no privilege.
if (nice !== undefined) {
  try {
    setPriority(nice);
  } catch {
    // Not Linux, or not allowed: containers then share the cores evenly with the services.
  }
}
let handlerPromise;

function loadHandler() {
  handlerPromise ??= import(pathToFileURL(bundleFile).href).then((module) => {
    const handler = module[exportName];
    if (typeof handler !== 'function') {
      const error = new Error(`${bundleFile} does not export ${exportName}`);
      error.name = 'Runtime.HandlerNotFound';
      throw error;
    }
    return handler;
  });
  return handlerPromise;
}

function errorPayload(error) {
  if (error instanceof Error) {
    return {
      errorType: error.name || 'Error',
      errorMessage: error.message,
      trace: String(error.stack ?? '').split('\n'),
    };
  }
  return { errorType: 'Error', errorMessage: String(error), trace: [] };
}

parentPort.on('message', async ({ id, event, context }) => {
  const deadline = context.deadlineMs;
  const lambdaContext = {
    ...context,
    callbackWaitsForEmptyEventLoop: true,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
  try {
    const handler = await loadHandler();
    const result = await handler(event, lambdaContext);
    parentPort.postMessage({ id, ok: true, result: result === undefined ? null : result });
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: errorPayload(error) });
  }
});

// Lambda's INIT phase: the bundle is imported when the container starts, before (and not counted
// in) the first invocation's timeout.
loadHandler().then(
  () => parentPort.postMessage({ init: true, ok: true, osThreadId: osThreadId() }),
  (error) => parentPort.postMessage({ init: true, ok: false, error: errorPayload(error) }),
);

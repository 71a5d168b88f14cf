// One Lambda "container": a worker thread that imports a function's ESM bundle once and runs one
// invocation at a time, answering as the Node.js Lambda runtime does. Started by lambda-runtime.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const { bundleFile, exportName } = workerData;
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
  () => parentPort.postMessage({ init: true, ok: true }),
  (error) => parentPort.postMessage({ init: true, ok: false, error: errorPayload(error) }),
);

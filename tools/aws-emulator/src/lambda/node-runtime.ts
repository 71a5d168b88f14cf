import { RuntimeMismatchError } from '../errors';
import type { FunctionSpec } from '../template/synthesized-app';

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
 * A container's environment: a minimal process environment, the template's variables, what
 * Lambda itself sets (region, function name, memory, version, log group, execution env), then the
 * caller's run environment (credentials, endpoints) over all of it.
 *
 * @example
 * ```ts
 * lambdaEnvironment(fn, 'us-east-1', (f) => ({ AWS_ACCESS_KEY_ID: keyOf(f) })).AWS_LAMBDA_FUNCTION_NAME;
 * ```
 */
export function lambdaEnvironment(
  fn: FunctionSpec,
  region: string,
  runEnvironment?: (fn: FunctionSpec) => Record<string, string>,
): Record<string, string> {
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
    ...(runEnvironment?.(fn) ?? {}),
  };
}

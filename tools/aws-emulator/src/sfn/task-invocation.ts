import type { InvocationResult } from '../lambda/lambda-types';
import type { StateMachineRunnerOptions } from './execution-types';

type Definition = Record<string, unknown>;

const SCALED_FIELDS = ['TimeoutSeconds', 'HeartbeatSeconds', 'IntervalSeconds', 'MaxDelaySeconds'];

/**
 * The definition with every time field multiplied by `scale` (states, nested Map/Parallel states,
 * retriers), so a scaled run keeps the template's proportions.
 *
 * @example
 * ```ts
 * scaleDefinition({ TimeoutSeconds: 7200, States: {} }, 0.05); // { TimeoutSeconds: 360, States: {} }
 * ```
 */
export function scaleDefinition(definition: unknown, scale: number): unknown {
  const visit = (value: unknown, inWait: boolean): unknown => {
    if (Array.isArray(value)) return value.map((item) => visit(item, false));
    if (value === null || typeof value !== 'object') return value;
    const out: Definition = {};
    const isWait = (value as Definition)['Type'] === 'Wait';
    for (const [key, field] of Object.entries(value as Definition)) {
      const scaled = SCALED_FIELDS.includes(key) || (isWait && key === 'Seconds');
      out[key] = scaled && typeof field === 'number' ? field * scale : visit(field, inWait);
    }
    return out;
  };
  return visit(definition, false);
}

/**
 * The error a Task state sees when its function fails, as Step Functions reports it: a function
 * error's `errorType` becomes `Error` and the whole JSON payload the `Cause`; a Lambda service
 * failure (throttling, an unknown function) becomes `Lambda.<ServiceErrorName>`.
 *
 * @example
 * ```ts
 * const error = taskError({ payload: { errorType: 'Sandbox.Timedout', errorMessage: 'x' }, functionError: 'Unhandled' });
 * error.name; // 'Sandbox.Timedout'
 * ```
 */
export function taskError(answer: InvocationResult | { serviceError: Error }): Error {
  if ('serviceError' in answer) {
    const error = new Error(answer.serviceError.message);
    error.name = `Lambda.${answer.serviceError.name}`;
    return error;
  }
  const payload = answer.payload as { errorType?: string; errorMessage?: string; trace?: string[] };
  const error = new Error(
    JSON.stringify({
      errorType: payload.errorType,
      errorMessage: payload.errorMessage,
      trace: payload.trace ?? [],
    }),
  );
  error.name = payload.errorType ?? 'Lambda.Unknown';
  return error;
}

/**
 * Invokes a Task's function for an execution and answers its payload, or throws what the Task
 * fails with: the function's error, or `Lambda.*` for a service error (a throttle, an unknown
 * function).
 *
 * @example
 * ```ts
 * const output = await invokeTask(options, functionArn, input, executionArn);
 * ```
 */
export async function invokeTask(
  options: StateMachineRunnerOptions,
  functionArn: string,
  input: unknown,
  executionArn: string,
): Promise<unknown> {
  let answer: InvocationResult;
  try {
    answer = await options.invoke(functionArn, input, executionArn);
  } catch (error) {
    throw taskError({ serviceError: error instanceof Error ? error : new Error(String(error)) });
  }
  if (answer.functionError) throw taskError(answer);
  return answer.payload;
}

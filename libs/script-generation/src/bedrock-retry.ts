import { ModelUnavailableError } from './errors';
import { retryableFailure } from './bedrock-failures';
import { backoffDelay } from './retry';

/**
 * How a Bedrock call is retried: at most `maxAttempts` calls, waits drawn by
 * `backoffDelay` (exponential, full jitter) from `random` and spent with `sleep`.
 *
 * @example
 * ```ts
 * const policy: BedrockRetryPolicy = { modelId, maxAttempts: 5, baseDelayMs: 500, maxDelayMs: 20_000, sleep, random: Math.random };
 * ```
 */
export interface BedrockRetryPolicy {
  /** Named in the {@link ModelUnavailableError} message. */
  modelId: string;
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (milliseconds: number) => Promise<void>;
  random: () => number;
}

/**
 * Runs `call` until it succeeds, retrying the failures `retryableFailure` calls worth
 * retrying with backoff in between; after `maxAttempts` failed calls it throws
 * {@link ModelUnavailableError} (the last failure as `cause`). Other failures are thrown at
 * once, as `retryableFailure` maps them.
 *
 * @example
 * ```ts
 * const output = await retryBedrockCall(() => client.send(command), policy);
 * ```
 */
export async function retryBedrockCall<T>(
  call: () => Promise<T>,
  policy: BedrockRetryPolicy,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    let failure: { code: string; error: unknown };
    try {
      return await call();
    } catch (error) {
      failure = retryableFailure(error);
    }
    if (attempt >= policy.maxAttempts) {
      throw new ModelUnavailableError(
        failure.code,
        attempt,
        `Bedrock model ${policy.modelId} was unavailable (${failure.code}) for ${attempt} attempts`,
        { cause: failure.error },
      );
    }
    await policy.sleep(
      backoffDelay(attempt - 1, {
        baseDelayMs: policy.baseDelayMs,
        maxDelayMs: policy.maxDelayMs,
        random: policy.random,
      }),
    );
  }
}

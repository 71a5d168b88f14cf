import { fullJitterMs } from '@lumcast/backoff';
import { ModelUnavailableError } from '../errors';
import { retryableFailure } from './failures';

/**
 * How a Bedrock call is retried: at most `maxAttempts` calls, waits of
 * `⌊random() × min(maxDelayMs, baseDelayMs × 2^retry)⌋` ms (exponential, full jitter:
 * `fullJitterMs` from `@lumcast/backoff`) spent with `sleep`.
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
    const backoff = { baseMs: policy.baseDelayMs, capMs: policy.maxDelayMs, random: policy.random };
    await policy.sleep(Math.floor(fullJitterMs(attempt - 1, backoff)));
  }
}

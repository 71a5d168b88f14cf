import { fullJitterMs } from '@lumcast/backoff';
import {
  SpeechRequestRejectedError,
  SpeechServiceUnavailableError,
  SpeechThrottledError,
} from '../errors';
import { classifyPollyFailure } from './failures';

/**
 * How a Polly call is retried: at most `maxAttempts` calls, with exponential backoff
 * and full jitter, `⌊random() × min(maxDelayMs, baseDelayMs × 2^retry)⌋` ms (`fullJitterMs` from
 * `@lumcast/backoff`), spent with `sleep`.
 */
export interface PollyRetryPolicy {
  maxAttempts: number;
  /** Attempts of a throttled request (at most `maxAttempts`); 1 hands throttling to the caller at once. */
  maxThrottledAttempts?: number;
  baseDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

/**
 * Runs `call` until it succeeds, retrying throttled and transient failures
 * (`classifyPollyFailure`) with backoff in between, all on one budget of `maxAttempts`.
 * A rejection is thrown at once as {@link SpeechRequestRejectedError}; an unknown error is
 * rethrown as it is; when the attempts run out it throws {@link SpeechThrottledError} (the
 * last failure was throttling) or {@link SpeechServiceUnavailableError} (`attempts` and the
 * last failure as `cause`).
 */
export async function retryPollyCall<T>(
  call: () => Promise<T>,
  policy: PollyRetryPolicy,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const failure = classifyPollyFailure(error);
      const message = (error as Error)?.message;
      if (failure === 'rejected') {
        throw new SpeechRequestRejectedError(
          `Polly rejected the request (${(error as Error).name}): ${message}`,
          { cause: error },
        );
      }
      if (failure === 'unknown') throw error;
      const attempts =
        failure === 'throttled'
          ? Math.min(policy.maxAttempts, policy.maxThrottledAttempts ?? policy.maxAttempts)
          : policy.maxAttempts;
      if (attempt >= attempts) {
        if (failure === 'throttled') {
          throw new SpeechThrottledError(`Polly throttled the request ${attempt} time(s)`, {
            cause: error,
            attempts: attempt,
          });
        }
        throw new SpeechServiceUnavailableError(
          `Polly failed ${attempt} time(s); last: ${(error as Error)?.name}: ${message}`,
          { cause: error, attempts: attempt },
        );
      }
      const backoff = {
        baseMs: policy.baseDelayMs,
        capMs: policy.maxDelayMs,
        random: policy.random,
      };
      await policy.sleep(Math.floor(fullJitterMs(attempt - 1, backoff)));
    }
  }
}

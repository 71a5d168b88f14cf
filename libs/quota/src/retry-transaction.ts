import { setTimeout as realSleep } from 'node:timers/promises';
import { fullJitterMs } from '@lumcast/backoff';
import { QuotaContentionError } from './errors';

/**
 * A round's answer when its transaction conflicted with another one on the same
 * user: wait (full-jitter back-off), then run the next round.
 *
 * @example
 * ```ts
 * if (outcome.conflict) return BACK_OFF;
 * ```
 */
export const BACK_OFF: unique symbol = Symbol('back off');

/**
 * A round's answer when it learnt what to aim at (a condition failed on items
 * that were not as guessed): run the next round at once, with no wait.
 *
 * @example
 * ```ts
 * guess = guessOf(record);
 * return AIM_AGAIN;
 * ```
 */
export const AIM_AGAIN: unique symbol = Symbol('aim again');

/**
 * What one round returns: its final answer, `BACK_OFF` or `AIM_AGAIN`.
 *
 * @example
 * ```ts
 * const round = async (): Promise<Round<ReleaseResult>> => (outcome.applied ? { outcome: 'released', freed: 4 } : BACK_OFF);
 * ```
 */
export type Round<T> = T | typeof BACK_OFF | typeof AIM_AGAIN;

/**
 * How many rounds to run and how to wait between them. `sleep` and `random`
 * default to the timer and `Math.random`; tests pass fakes.
 *
 * @example
 * ```ts
 * const budget: RetryBudget = { maxAttempts: 3, sleep: async () => undefined, random: () => 1 };
 * ```
 */
export interface RetryBudget {
  readonly maxAttempts: number;
  readonly sleep?: (ms: number) => Promise<unknown>;
  readonly random?: () => number;
}

/**
 * How long to wait after the `attempt`-th round conflicted: full-jitter
 * exponential back-off, `random() × 10 × 2^min(attempt, 6)` ms, so at most
 * 20, 40, 80 … 640 ms.
 *
 * @example
 * ```ts
 * backOffMs(1, () => 1); // 20
 * ```
 */
export function backOffMs(attempt: number, random: () => number = Math.random): number {
  return fullJitterMs(attempt, { baseMs: 10, capMs: 640, random });
}

/**
 * Runs a ledger operation's rounds (each usually one `TransactWriteItems`)
 * until one answers: up to `budget.maxAttempts` rounds, backing off after a
 * round that answers `BACK_OFF`, going straight on after `AIM_AGAIN`. An error
 * a round throws is not retried; it propagates as it is. When every round is
 * spent, throws `QuotaContentionError` (nothing was written by the call).
 *
 * @example
 * ```ts
 * return retryTransaction(context, userId, async () => {
 *   const outcome = await transactIn(context, items);
 *   if (outcome.applied) return { outcome: 'released', freed: held };
 *   return outcome.conflict ? BACK_OFF : AIM_AGAIN;
 * });
 * ```
 */
export async function retryTransaction<T>(
  budget: RetryBudget,
  userId: string,
  round: () => Promise<Round<T>>,
): Promise<T> {
  const sleep = budget.sleep ?? realSleep;
  for (let attempt = 1; attempt <= budget.maxAttempts; attempt += 1) {
    const answer = await round();
    if (answer === BACK_OFF) {
      await sleep(backOffMs(attempt, budget.random));
      continue;
    }
    if (answer === AIM_AGAIN) continue;
    return answer;
  }
  throw new QuotaContentionError(userId, budget.maxAttempts);
}

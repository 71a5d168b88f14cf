/**
 * The bounds of an exponential backoff: the ceiling starts at `baseMs` and doubles per retry up to
 * `capMs`; `random` draws the jitter (`Math.random`, or a fake in tests).
 */
export interface Backoff {
  readonly baseMs: number;
  readonly capMs: number;
  readonly random: () => number;
}

/**
 * Exponential backoff with full jitter: `random() × min(capMs, baseMs × 2^retry)` ms, a delay drawn
 * uniformly from `[0, ceiling)` when `random` draws from `[0, 1)`. The value is not rounded: a
 * caller that wants whole milliseconds takes `Math.floor` of it.
 *
 * @example
 * ```ts
 * import { fullJitterMs } from '@lumcast/backoff';
 *
 * const delay = Math.floor(fullJitterMs(attempt - 1, { baseMs: 500, capMs: 20_000, random: Math.random }));
 * await sleep(delay);
 * ```
 */
export function fullJitterMs(retry: number, backoff: Backoff): number {
  return backoff.random() * Math.min(backoff.capMs, backoff.baseMs * 2 ** retry);
}

/**
 * Exponential backoff with full jitter: a delay drawn uniformly from
 * `[0, min(maxDelayMs, baseDelayMs × 2^retry))`, where `retry` counts from 0.
 *
 * @example
 * ```ts
 * backoffDelay(2, { baseDelayMs: 500, maxDelayMs: 20_000, random: () => 0.5 }); // 1000
 * ```
 */
export function backoffDelay(
  retry: number,
  options: { baseDelayMs: number; maxDelayMs: number; random: () => number },
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** retry);
  return Math.floor(options.random() * ceiling);
}

import { quotaCost, type VoiceQuality } from '@lumcast/quota';

/**
 * Slots an episode of `minutes` minutes at `quality` costs, before it is made.
 * This is the quote: the charge uses the measured duration (rounded up to whole minutes) but
 * never exceeds the quote, so it can be lower, never higher.
 *
 * @example
 * ```ts
 * estimateCost(3, 'neural'); // 6
 * ```
 */
export function estimateCost(minutes: number, quality: VoiceQuality): number {
  // The lib's cost rule on the requested length: every started minute counts.
  return quotaCost(quality, Math.ceil(minutes) * 60);
}

/**
 * How many more episodes costing `costEach` fit in `remaining` slots.
 *
 * @example
 * ```ts
 * episodesThatFit(10, 4); // 2
 * ```
 */
export function episodesThatFit(remaining: number, costEach: number): number {
  if (!(costEach > 0) || !(remaining > 0)) return 0;
  return Math.floor(remaining / costEach);
}

/**
 * Whether a request of `cost` slots can go ahead this week.
 *
 * @example
 * ```ts
 * weeklyFit(8, { remaining: 5, limit: 200 }); // 'exceeds_remaining'
 * ```
 */
export type WeeklyFit = 'fits' | 'exceeds_remaining' | 'exceeds_limit';

/**
 * Classifies a cost against this week's remaining slots and the weekly limit.
 *
 * @example
 * ```ts
 * weeklyFit(4, { remaining: 10, limit: 200 }); // 'fits'
 * weeklyFit(240, { remaining: 200, limit: 200 }); // 'exceeds_limit'
 * ```
 */
export function weeklyFit(cost: number, quota: { remaining: number; limit: number }): WeeklyFit {
  if (cost > quota.limit) return 'exceeds_limit';
  if (cost > quota.remaining) return 'exceeds_remaining';
  return 'fits';
}

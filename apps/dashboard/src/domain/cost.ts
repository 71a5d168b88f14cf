import { quotaCost, type VoiceQuality } from '@lumcast/quota';

/**
 * Slots an episode of `minutes` minutes at `quality` costs, before it is made.
 * This is the quote: the charge uses the measured duration (rounded up to whole minutes) but
 * never exceeds the quote, so it can be lower, never higher.
 */
export function estimateCost(minutes: number, quality: VoiceQuality): number {
  // The lib's cost rule on the requested length: every started minute counts.
  return quotaCost(quality, Math.ceil(minutes) * 60);
}

/**
 * How many more episodes costing `costEach` fit in `remaining` slots.
 */
export function episodesThatFit(remaining: number, costEach: number): number {
  if (!(costEach > 0) || !(remaining > 0)) return 0;
  return Math.floor(remaining / costEach);
}

/**
 * Whether a request of `cost` slots can go ahead this week.
 */
export type WeeklyFit = 'fits' | 'exceeds_remaining' | 'exceeds_limit';

/**
 * Classifies a cost against this week's remaining slots and the weekly limit.
 */
export function weeklyFit(cost: number, quota: { remaining: number; limit: number }): WeeklyFit {
  if (cost > quota.limit) return 'exceeds_limit';
  if (cost > quota.remaining) return 'exceeds_remaining';
  return 'fits';
}

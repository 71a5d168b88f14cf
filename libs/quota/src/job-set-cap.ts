import { MAX_CHARGED_JOBS_PER_WEEK } from './users-table';

/** Zero-cost jobs are recorded only while the week's job set holds fewer than this many ids. */
export const ZERO_COST_JOBS_CAP = 500;

/**
 * Weekly limits up to this many slots keep the job set within
 * `MAX_CHARGED_JOBS_PER_WEEK` without checking its size: every job of cost ≥ 1
 * adds at least one slot to the count, so a charge admitted under such a limit
 * finds at most `limit - 1` paid jobs plus at most `ZERO_COST_JOBS_CAP` free ones.
 */
export const UNCHECKED_LIMIT = MAX_CHARGED_JOBS_PER_WEEK - ZERO_COST_JOBS_CAP;

/**
 * The size below which the week's job set must be for this charge to record its
 * job, or undefined when the bound holds without checking (the common case: a
 * size check makes the write's condition markedly slower to evaluate).
 */
export function jobSetCap(cost: number, weeklyLimit: number): number | undefined {
  if (cost === 0) return ZERO_COST_JOBS_CAP;
  if (weeklyLimit > UNCHECKED_LIMIT) return MAX_CHARGED_JOBS_PER_WEEK;
  return undefined;
}

import type { Job } from '../api/types';

/**
 * The distinct series ids of some jobs, sorted (jobs without a series are skipped): the
 * series a feed link can be made for.
 */
export function seriesIdsOf(jobs: readonly Pick<Job, 'seriesId'>[]): string[] {
  const ids = new Set<string>();
  for (const job of jobs) if (job.seriesId) ids.add(job.seriesId);
  return [...ids].sort((a, b) => a.localeCompare(b));
}

import type { QuotaItem } from './quota-item';

/** What a refused in-week charge means, judged from a consistent read of the item. */
export type Refusal =
  | { readonly kind: 'already_charged'; readonly week: string; readonly used: number }
  | { readonly kind: 'over_limit'; readonly week: string; readonly used: number }
  | { readonly kind: 'roll_over' }
  | { readonly kind: 'follow_newer_week'; readonly week: string }
  | { readonly kind: 'jobs_full'; readonly week: string; readonly cap: number }
  | { readonly kind: 'changed_meanwhile' };

/**
 * Explains why the conditional in-week charge of `jobId` into `week` failed, from
 * the item as read afterwards. Mirrors the write's condition exactly, so that
 * `changed_meanwhile` only comes out when another writer moved the item on.
 */
export function explainRefusal(
  item: QuotaItem,
  request: {
    readonly jobId: string;
    readonly cost: number;
    readonly weeklyLimit: number;
    readonly week: string;
  },
  jobSetCap: number | undefined,
): Refusal {
  if (item.week !== undefined && item.chargedJobs?.has(request.jobId)) {
    return { kind: 'already_charged', week: item.week, used: item.count };
  }
  if (item.previousChargedJobs?.has(request.jobId)) {
    return {
      kind: 'already_charged',
      week: item.previousWeek ?? item.week ?? request.week,
      used: item.previousCount,
    };
  }
  if (item.week === undefined || item.week < request.week) {
    return request.cost > request.weeklyLimit
      ? { kind: 'over_limit', week: request.week, used: 0 }
      : { kind: 'roll_over' };
  }
  if (item.week > request.week) return { kind: 'follow_newer_week', week: item.week };
  if (item.count + request.cost > request.weeklyLimit) {
    return { kind: 'over_limit', week: item.week, used: item.count };
  }
  if (jobSetCap !== undefined && (item.chargedJobs?.size ?? 0) >= jobSetCap) {
    return { kind: 'jobs_full', week: item.week, cap: jobSetCap };
  }
  return { kind: 'changed_meanwhile' };
}

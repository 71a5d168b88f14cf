import type { Job } from '../api/types';
import { weekWindow } from '@lumcast/quota';
import { recentWeekKeys } from './weeks';

/**
 * Slots charged in one ISO week.
 *
 * @example
 * ```ts
 * const bar: WeekUsage = { week: '2026-W49', weekStart: new Date('2026-11-30T00:00:00Z'), slots: 6 };
 * ```
 */
export interface WeekUsage {
  week: string;
  weekStart: Date;
  slots: number;
}

/** How many weeks the History panel shows. */
export const HISTORY_WEEKS = 8;

/**
 * Slots charged per week over the last `weeks` ISO weeks (oldest first), summed
 * from jobs' `chargedWeek` and `cost`. Jobs without a charge (failed, refused,
 * still running) count nothing; weeks without jobs are 0.
 *
 * @example
 * ```ts
 * weeklyUsage(jobs, new Date(), 8).map((w) => w.slots); // [0, 0, 4, 0, 0, 2, 0, 6]
 * ```
 */
export function weeklyUsage(jobs: readonly Job[], now: Date, weeks = HISTORY_WEEKS): WeekUsage[] {
  const keys = recentWeekKeys(now, weeks);
  const totals = new Map<string, number>(keys.map((key) => [key, 0]));
  for (const job of jobs) {
    if (job.chargedWeek === undefined || job.cost === undefined) continue;
    const current = totals.get(job.chargedWeek);
    if (current !== undefined) totals.set(job.chargedWeek, current + job.cost);
  }
  return keys.map((week) => ({
    week,
    weekStart: weekWindow(week).start,
    slots: totals.get(week) ?? 0,
  }));
}

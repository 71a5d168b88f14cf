import type { UsageHistory } from '../api/types';

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

/** How many weeks the History panel shows (the API answers up to 26). */
export const HISTORY_WEEKS = 8;

/**
 * The History chart's bars from the server's history (`GET /api/usage/history`),
 * oldest first as the server sends them.
 *
 * @example
 * ```ts
 * weeksOfHistory(await api.getUsageHistory(HISTORY_WEEKS)).map((w) => w.slots); // [0, 0, 4, 0, 0, 2, 0, 6]
 * ```
 */
export function weeksOfHistory(history: UsageHistory): WeekUsage[] {
  return history.weeks.map((week) => ({
    week: week.week,
    weekStart: new Date(week.startsAt),
    slots: week.used,
  }));
}

import type { UsageHistory } from '../api/types';

/**
 * Slots charged in one ISO week.
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
 */
export function weeksOfHistory(history: UsageHistory): WeekUsage[] {
  return history.weeks.map((week) => ({
    week: week.week,
    weekStart: new Date(week.startsAt),
    slots: week.used,
  }));
}

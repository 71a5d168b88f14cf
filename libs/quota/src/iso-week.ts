import { QuotaInputError } from './errors';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const WEEK_KEY_PATTERN = /^(\d{4})-W(\d{2})$/;

/**
 * The UTC ISO 8601 week of an instant, as `YYYY-Www` (the `%G-W%V` format, never
 * `%Y-W%W`): weeks start on Monday 00:00Z, and week 1 is the week holding the
 * year's first Thursday, so the days around New Year can belong to the
 * neighbouring ISO year. Keys of the same shape sort lexicographically in time
 * order, which the ledger relies on. Throws `QuotaInputError` for an invalid
 * date or an ISO year outside 0001–9999.
 *
 * @example
 * ```ts
 * isoWeekKey(new Date('2026-12-02T09:00:00Z')); // '2026-W49'
 * isoWeekKey(new Date('2027-01-01T00:00:00Z')); // '2026-W53'
 * isoWeekKey(new Date('2024-12-30T00:00:00Z')); // '2025-W01'
 * ```
 */
export function isoWeekKey(at: Date): string {
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) {
    throw new QuotaInputError('at', 'must be a valid Date');
  }
  const midnight = Math.floor(at.getTime() / DAY_MS) * DAY_MS;
  const daysSinceMonday = (at.getUTCDay() + 6) % 7;
  const thursday = new Date(midnight + (3 - daysSinceMonday) * DAY_MS);
  const isoYear = thursday.getUTCFullYear();
  if (isoYear < 1 || isoYear > 9999) {
    throw new QuotaInputError('at', `ISO year ${isoYear} is outside 0001-9999`);
  }
  const januaryFirst = utcDate(isoYear, 0, 1);
  const week = Math.floor((thursday.getTime() - januaryFirst) / WEEK_MS) + 1;
  return `${String(isoYear).padStart(4, '0')}-W${String(week).padStart(2, '0')}`;
}

/**
 * The UTC window of an ISO week key: from its Monday 00:00Z (inclusive) to the
 * next Monday 00:00Z (exclusive); `end` is when that week's quota resets.
 * Throws `QuotaInputError` for a malformed key or a week the year does not have
 * (only some years have a week 53).
 *
 * @example
 * ```ts
 * weekWindow('2026-W49');
 * // { start: 2026-11-30T00:00:00.000Z, end: 2026-12-07T00:00:00.000Z }
 * weekWindow('2026-W53').end; // 2027-01-04T00:00:00.000Z
 * ```
 */
export function weekWindow(weekKey: string): { start: Date; end: Date } {
  const match = typeof weekKey === 'string' ? WEEK_KEY_PATTERN.exec(weekKey) : null;
  if (!match) {
    throw new QuotaInputError('weekKey', `expected YYYY-Www, got ${JSON.stringify(weekKey)}`);
  }
  const year = Number(match[1]);
  const week = Number(match[2]);
  if (year < 1) {
    throw new QuotaInputError('weekKey', `year must be 0001-9999, got ${JSON.stringify(weekKey)}`);
  }
  const weeks = isoWeeksInYear(year);
  if (week < 1 || week > weeks) {
    throw new QuotaInputError(
      'weekKey',
      `${year} has ISO weeks 01-${weeks}, got ${JSON.stringify(weekKey)}`,
    );
  }
  const start = new Date(firstMondayOfIsoYear(year) + (week - 1) * WEEK_MS);
  return { start, end: new Date(start.getTime() + WEEK_MS) };
}

/**
 * The ISO week `count` weeks before `weekKey` (after it for a negative `count`).
 * Throws `QuotaInputError` for a malformed key.
 *
 * @example
 * ```ts
 * weeksBefore('2027-W01', 1); // '2026-W53'
 * weeksBefore('2026-W49', 25); // '2026-W24'
 * ```
 */
export function weeksBefore(weekKey: string, count: number): string {
  return isoWeekKey(new Date(weekWindow(weekKey).start.getTime() - count * WEEK_MS));
}

/** Monday 00:00Z of ISO week 1: the Monday on or before January 4th. */
function firstMondayOfIsoYear(year: number): number {
  const januaryFourth = utcDate(year, 0, 4);
  const daysSinceMonday = (new Date(januaryFourth).getUTCDay() + 6) % 7;
  return januaryFourth - daysSinceMonday * DAY_MS;
}

/** 53 when the ISO year starts on a Thursday, or on a Wednesday in a leap year; else 52. */
function isoWeeksInYear(year: number): number {
  return (firstMondayOfIsoYear(year + 1) - firstMondayOfIsoYear(year)) / WEEK_MS;
}

/** `Date.UTC` that also works for years 0–99 (which `Date.UTC` maps to 1900–1999). */
function utcDate(year: number, month: number, day: number): number {
  const date = new Date(Date.UTC(2000, month, day));
  date.setUTCFullYear(year);
  return date.getTime();
}

import { isoWeekKey, weekWindow } from '@lumcast/quota';

const WEEK_MS = 7 * 86_400_000;

/**
 * The keys of the `count` ISO weeks ending with the week of `now`, oldest first.
 * Week keys and windows come from @lumcast/quota (`isoWeekKey`, `weekWindow`).
 *
 * @example
 * ```ts
 * recentWeekKeys(new Date('2026-12-02T09:00:00Z'), 3); // ['2026-W47', '2026-W48', '2026-W49']
 * ```
 */
export function recentWeekKeys(now: Date, count: number): string[] {
  const currentStart = weekWindow(isoWeekKey(now)).start.getTime();
  const keys: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    // Thursday noon of each earlier week: safely inside it.
    keys.push(isoWeekKey(new Date(currentStart - back * WEEK_MS + WEEK_MS / 2)));
  }
  return keys;
}

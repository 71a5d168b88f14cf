import type { QuotaSummary } from '../api/types';

/**
 * The figures of this week's quota that the gauge and its words are made of (the members of
 * `GET /api/quota` they read).
 */
export type WeekQuota = Pick<
  QuotaSummary,
  'used' | 'reserved' | 'granted' | 'limit' | 'remaining' | 'inFlight'
>;

/**
 * This week's slots split the way the gauge draws them: charged (`used`), held by episodes
 * in progress (`reserved`), and the server's `remaining`, out of `total` = limit + granted.
 */
export interface WeekBreakdown extends WeekQuota {
  /** Slots this week: the plan's limit plus what was granted (`remaining` is the server's figure, never recomputed here). */
  total: number;
  /** `12 used`, `4 reserved by 1 episode in progress`, `184 left of 200`, …: one phrase per part. */
  phrases: { used: string; reserved?: string; left: string };
  /** The phrases joined with ` · `, e.g. `12 used · 4 reserved by 1 episode in progress · 184 left of 200`. */
  sentence: string;
}

function episodes(count: number): string {
  return `${count} ${count === 1 ? 'episode' : 'episodes'}`;
}

/**
 * Splits a quota into used, reserved and left, with the words for each. The reserved part
 * is left out while nothing is held and nothing is in progress; `(+N granted)` follows the
 * total when slots were granted this week.
 *
 * @example
 * ```ts
 * weekBreakdown({ used: 12, reserved: 4, granted: 50, limit: 200, remaining: 234, inFlight: 1 }).sentence;
 * // '12 used · 4 reserved by 1 episode in progress · 234 left of 250 (+50 granted)'
 * ```
 */
export function weekBreakdown(quota: WeekQuota): WeekBreakdown {
  const { used, reserved, granted, limit, remaining, inFlight } = quota;
  const total = limit + granted;
  const reservedPhrase =
    reserved > 0 || inFlight > 0
      ? `${reserved} reserved${inFlight > 0 ? ` by ${episodes(inFlight)} in progress` : ''}`
      : undefined;
  const phrases = {
    used: `${used} used`,
    ...(reservedPhrase === undefined ? {} : { reserved: reservedPhrase }),
    left: `${remaining} left of ${total}${granted > 0 ? ` (+${granted} granted)` : ''}`,
  };
  const sentence = [phrases.used, phrases.reserved, phrases.left]
    .filter((phrase) => phrase !== undefined)
    .join(' · ');
  return { used, reserved, remaining, total, limit, granted, inFlight, phrases, sentence };
}

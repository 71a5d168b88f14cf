/**
 * Whose usage history to read, and how many ISO weeks of it (1 to
 * `QUOTA_HISTORY_WEEKS`, the current week included).
 *
 * @example
 * ```ts
 * const request: UsageHistoryRequest = { userId: 'u-1', weeks: 8 };
 * ```
 */
export interface UsageHistoryRequest {
  readonly userId: string;
  readonly weeks: number;
}

/**
 * The slots charged in one ISO week (refunds taken off), and when that week began.
 *
 * @example
 * ```ts
 * const week: WeekUsed = { week: '2026-W49', startsAt: new Date('2026-11-30T00:00:00Z'), used: 6 };
 * ```
 */
export interface WeekUsed {
  readonly week: string;
  readonly startsAt: Date;
  readonly used: number;
}

/**
 * `QuotaLedger.usageHistory`'s answer: one entry per week, oldest first, the
 * current week last; a week with no charge is 0.
 *
 * @example
 * ```ts
 * const total = result.weeks.reduce((sum, week) => sum + week.used, 0);
 * ```
 */
export interface UsageHistoryResult {
  readonly weeks: readonly WeekUsed[];
}

/**
 * Whose usage history to read, and how many ISO weeks of it (1 to
 * `QUOTA_HISTORY_WEEKS`, the current week included).
 */
export interface UsageHistoryRequest {
  readonly userId: string;
  readonly weeks: number;
}

/** The slots charged in one ISO week (refunds taken off), and when that week began. */
export interface WeekUsed {
  readonly week: string;
  readonly startsAt: Date;
  readonly used: number;
}

/**
 * `QuotaLedger.usageHistory`'s answer: one entry per week, oldest first, the
 * current week last; a week with no charge is 0.
 */
export interface UsageHistoryResult {
  readonly weeks: readonly WeekUsed[];
}

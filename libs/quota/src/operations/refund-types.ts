import type { UsageResult } from '../ledger-reads';

/** A request to give a charged job's slots back. */
export interface RefundRequest {
  readonly userId: string;
  /** The job is the operation id: refunding it twice refunds once. */
  readonly jobId: string;
  readonly weeklyLimit: number;
}

/**
 * What `refund` did. `refunded`: `slots` went back to `week`. `already_refunded`
 * and `not_charged` (never charged, still reserved, or released) change
 * nothing; `week_ended`: the week it was charged to is over, so there is nothing
 * left to give back into. `usage` is read after.
 */
export interface RefundResult {
  readonly outcome: 'refunded' | 'already_refunded' | 'not_charged' | 'week_ended';
  readonly week: string | undefined;
  readonly slots: number;
  readonly usage: UsageResult;
}

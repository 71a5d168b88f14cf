import type { UsageResult } from './ledger-types';

/**
 * Extra slots for one user's current week (a support credit or a top-up),
 * idempotent by `operationId`.
 *
 * @example
 * ```ts
 * const request: GrantRequest = { userId: 'u-1', operationId: 'ticket-4711', slots: 50, weeklyLimit: 200 };
 * ```
 */
export interface GrantRequest {
  readonly userId: string;
  /** Names the operation: granting twice with the same id grants once. At most 80 UTF-8 bytes. */
  readonly operationId: string;
  /** Whole slots, 1 to 100,000. */
  readonly slots: number;
  /** The user's weekly limit, for the usage reported after. */
  readonly weeklyLimit: number;
}

/**
 * What `grant` did (`granted` or `already_granted`) and the usage after.
 *
 * @example
 * ```ts
 * console.log(result.outcome, result.usage.remaining);
 * ```
 */
export interface GrantResult {
  readonly outcome: 'granted' | 'already_granted';
  readonly week: string;
  readonly slots: number;
  readonly usage: UsageResult;
}

/**
 * A request to give a charged job's slots back.
 *
 * @example
 * ```ts
 * const request: RefundRequest = { userId: 'u-1', jobId: 'job-1', weeklyLimit: 200 };
 * ```
 */
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
 *
 * @example
 * ```ts
 * if (result.outcome === 'week_ended') console.log(`charged to ${result.week}, which is over`);
 * ```
 */
export interface RefundResult {
  readonly outcome: 'refunded' | 'already_refunded' | 'not_charged' | 'week_ended';
  readonly week: string | undefined;
  readonly slots: number;
  readonly usage: UsageResult;
}

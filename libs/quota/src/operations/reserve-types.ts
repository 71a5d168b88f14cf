import type { QuotaJobState } from '../job-record';
import type { UsageResult } from '../ledger-reads';
import type { PlanLimits } from '../plans';

/** A request to hold a job's quoted cost before any paid work starts. */
export interface ReserveRequest {
  readonly userId: string;
  /** At most 80 UTF-8 bytes; the same job is reserved at most once. */
  readonly jobId: string;
  /** The quoted cost in whole slots: what is held, and the most the job will ever be charged. */
  readonly cost: number;
  readonly weeklyLimit: number;
  /** Open reservations allowed at once (default 3; see `PLANS`). */
  readonly maxInFlight?: number;
  /** Reservations allowed per clock minute (default 10; see `PLANS`). */
  readonly reservationsPerMinute?: number;
}

/**
 * What `reserve` did. `reserved`: the cost is held in `week`. `already_reserved`:
 * this job was reserved before (its record's `state` says where it stands);
 * nothing changed. The refusals write nothing and carry the usage they were
 * judged on: `over_limit` (the hold does not fit in `remaining`),
 * `too_many_in_flight` (`maxInFlight` open jobs) and `rate_limited` (the minute's
 * reservations are used up; `retryAt` is the next minute).
 */
export type ReserveResult =
  | { readonly outcome: 'reserved'; readonly week: string; readonly held: number }
  | {
      readonly outcome: 'already_reserved';
      readonly week: string;
      readonly held: number;
      readonly state: QuotaJobState;
    }
  | {
      readonly outcome: 'over_limit' | 'too_many_in_flight' | 'rate_limited';
      readonly usage: UsageResult;
      readonly retryAt: Date;
    };

/** A request to admit a new job under the user's own plan (`QuotaLedger.admit`). */
export interface AdmitRequest {
  readonly userId: string;
  readonly jobId: string;
  /** The quoted cost in whole slots. */
  readonly cost: number;
}

/**
 * What `admit` found and did: the user's plan (the default when none is set)
 * and its limits, and the reservation's result, or undefined when the job alone
 * costs more than the plan's weekly limit (nothing written).
 */
export interface AdmitResult {
  readonly plan: string;
  readonly limits: PlanLimits;
  readonly hold: ReserveResult | undefined;
}

import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { QuotaJobState } from './job-record';
import type { PlanLimits } from './plans';

/**
 * How to build a `QuotaLedger`.
 *
 * @example
 * ```ts
 * const options: QuotaLedgerOptions = { client: new DynamoDBClient({}), tableName: 'users' };
 * ```
 */
export interface QuotaLedgerOptions {
  /** The DynamoDB client to use (pointed at AWS, or at a local endpoint such as DynamoDB Local). */
  readonly client: DynamoDBClient;
  /** The users table, keyed by `userId` (see `USERS_TABLE_KEY`), with TTL on `QUOTA_RECORD_TTL_ATTRIBUTE`. */
  readonly tableName: string;
  /** The clock; defaults to `() => new Date()`. The current ISO week and rate minute come from it. */
  readonly now?: () => Date;
  /**
   * How many rounds an operation tries before throwing `QuotaContentionError`
   * (default 10). A round is lost when another writer's transaction on the same
   * user conflicted, or the item moved on between the guess and the write.
   */
  readonly maxAttempts?: number;
}

/**
 * A user's usage in a week; `resetsAt` is the next Monday 00:00Z. `remaining`
 * is `limit + granted - used - reserved`, never below 0 (a lowered limit can
 * leave a week over it). `inFlight` counts open reservations of any week.
 *
 * @example
 * ```ts
 * console.log(`${result.used}+${result.reserved} of ${result.limit + result.granted} slots in ${result.week}`);
 * ```
 */
export interface UsageResult {
  readonly week: string;
  readonly used: number;
  readonly reserved: number;
  readonly granted: number;
  readonly remaining: number;
  readonly limit: number;
  readonly inFlight: number;
  readonly resetsAt: Date;
}

/**
 * Which user's usage to read, against which limit.
 *
 * @example
 * ```ts
 * const request: UsageRequest = { userId: 'u-1', weeklyLimit: weeklyLimitFor(user.plan) };
 * ```
 */
export interface UsageRequest {
  readonly userId: string;
  readonly weeklyLimit: number;
}

/**
 * A request to hold a job's quoted cost before any paid work starts.
 *
 * @example
 * ```ts
 * const request: ReserveRequest = { userId: 'u-1', jobId: 'job-1', cost: 4, weeklyLimit: 200, maxInFlight: 3 };
 * ```
 */
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
 *
 * @example
 * ```ts
 * if (result.outcome !== 'reserved' && result.outcome !== 'already_reserved') reply429(result.usage);
 * ```
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

/**
 * A request to admit a new job under the user's own plan (`QuotaLedger.admit`).
 *
 * @example
 * ```ts
 * const request: AdmitRequest = { userId: 'u-1', jobId: 'job-1', cost: 4 };
 * ```
 */
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
 *
 * @example
 * ```ts
 * const result: AdmitResult = { plan: 'free', limits: PLANS.free, hold: { outcome: 'reserved', week: '2026-W49', held: 4 } };
 * ```
 */
export interface AdmitResult {
  readonly plan: string;
  readonly limits: PlanLimits;
  readonly hold: ReserveResult | undefined;
}

/**
 * A request to charge a finished job.
 *
 * @example
 * ```ts
 * const request: SettleRequest = { userId: 'u-1', jobId: 'job-1', cost: 6, quotedCost: 4, weeklyLimit: 200 };
 * ```
 */
export interface SettleRequest {
  readonly userId: string;
  readonly jobId: string;
  /** The measured cost of the audio, in whole slots (see `quotaCost`). */
  readonly cost: number;
  readonly weeklyLimit: number;
  /**
   * The cost quoted (and held) when the job was requested. The charge is
   * `min(cost, quote)`; the ledger's record of the hold is the authority, and
   * this value only saves a round trip when it matches it.
   */
  readonly quotedCost?: number;
}

/**
 * What `settle` did. `charged`: `charged` slots (`min(measured, quoted)`) went
 * to `week` and the hold was freed, in one transaction. `already_charged`:
 * nothing changed. `over_limit`: the hold's week had ended and the current week
 * has no room, so nothing was charged and the hold was released. `released`:
 * the job was released (failed or cancelled) before; it is never charged.
 *
 * @example
 * ```ts
 * if (result.outcome === 'charged') await markReady(result.charged);
 * ```
 */
export type SettleResult =
  | {
      readonly outcome: 'charged';
      readonly week: string;
      readonly charged: number;
      readonly measured: number;
      readonly quoted: number | undefined;
    }
  | { readonly outcome: 'already_charged'; readonly week: string; readonly charged: number }
  | {
      readonly outcome: 'over_limit';
      readonly week: string;
      readonly measured: number;
      readonly remaining: number;
      readonly limit: number;
    }
  | { readonly outcome: 'released' };

/**
 * A request to free a failed job's hold.
 *
 * @example
 * ```ts
 * const request: ReleaseRequest = { userId: 'u-1', jobId: 'job-1', heldCost: 4 };
 * ```
 */
export interface ReleaseRequest {
  readonly userId: string;
  readonly jobId: string;
  /** The cost held at reservation, if known: it saves a round trip when it matches the record. */
  readonly heldCost?: number;
}

/**
 * What `release` did. `released`: the job can never be charged now, and `freed`
 * slots went back to its week (0 when there was no hold, or its week ended).
 * `already_released`: nothing changed. `already_charged`: the job was settled
 * before, so it is not a failure (`week`, `charged` say where and how much).
 *
 * @example
 * ```ts
 * if (result.outcome === 'already_charged') return finishAsReady();
 * ```
 */
export type ReleaseResult =
  | { readonly outcome: 'released'; readonly freed: number }
  | { readonly outcome: 'already_released' }
  | { readonly outcome: 'already_charged'; readonly week: string; readonly charged: number };

/**
 * A request to charge a finished job that was never reserved (the first
 * ledger's API, kept): `settle` without a quote.
 *
 * @example
 * ```ts
 * const request: DeductRequest = { userId: 'u-1', jobId: 'job-1', cost: 30, weeklyLimit: 200 };
 * ```
 */
export interface DeductRequest {
  readonly userId: string;
  /** Identifies the job: the same job is charged at most once. At most 80 UTF-8 bytes. */
  readonly jobId: string;
  /** Slots to charge, a whole number >= 0 (see `quotaCost`). */
  readonly cost: number;
  /** The user's weekly limit in slots, a whole number >= 0 (see `weeklyLimitFor`). */
  readonly weeklyLimit: number;
}

/**
 * What `deduct` did: `charged`, `already_charged` (nothing changed) or
 * `over_limit` (nothing written). `week` is the week the job was (or would have
 * been) charged to and `used` the slots charged in that week afterwards (read
 * after the write; 0 when that week is no longer stored).
 *
 * @example
 * ```ts
 * const result: DeductResult = { outcome: 'charged', week: '2026-W49', used: 30, limit: 200 };
 * ```
 */
export interface DeductResult {
  readonly outcome: 'charged' | 'already_charged' | 'over_limit';
  readonly week: string;
  readonly used: number;
  readonly limit: number;
}

/**
 * A best-effort question: would a job of this cost fit in the user's week now?
 *
 * @example
 * ```ts
 * const request: PreflightRequest = { userId: 'u-1', cost: 30, weeklyLimit: 200 };
 * ```
 */
export interface PreflightRequest {
  readonly userId: string;
  readonly cost: number;
  readonly weeklyLimit: number;
}

/**
 * The answer to a preflight: `allowed` is whether `cost` fits in `remaining`.
 *
 * @example
 * ```ts
 * if (!result.allowed) reject(`quota resets at ${result.resetsAt.toISOString()}`);
 * ```
 */
export interface PreflightResult extends UsageResult {
  readonly allowed: boolean;
}

/**
 * Which job of which user to look up in the ledger.
 *
 * @example
 * ```ts
 * const request: WasChargedRequest = { userId: 'u-1', jobId: 'job-1' };
 * ```
 */
export interface WasChargedRequest {
  readonly userId: string;
  readonly jobId: string;
}

/**
 * The ledger's record of a job, as `lookupJob` reads it.
 *
 * @example
 * ```ts
 * const record: QuotaJobRecord = { state: 'settled', week: '2026-W49', held: 4, charged: 4, chargedWeek: '2026-W49', measured: 6 };
 * ```
 */
export interface QuotaJobRecord {
  readonly state: QuotaJobState;
  readonly week: string;
  readonly held: number;
  readonly charged: number;
  readonly chargedWeek: string | undefined;
  readonly measured: number | undefined;
}

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

/**
 * A request to move a user to another plan (a key of `PLANS`).
 *
 * @example
 * ```ts
 * const request: SetPlanRequest = { userId: 'u-1', plan: 'creator' };
 * ```
 */
export interface SetPlanRequest {
  readonly userId: string;
  readonly plan: string;
}

/**
 * What `setPlan` did: the plan before (undefined: none, the default) and after,
 * and the usage under the new plan's limit.
 *
 * @example
 * ```ts
 * console.log(`${result.previousPlan ?? 'free'} → ${result.plan}: ${result.usage.remaining} left`);
 * ```
 */
export interface SetPlanResult {
  readonly previousPlan: string | undefined;
  readonly plan: string;
  readonly usage: UsageResult;
}

import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { QuotaJobState } from './job-record';

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
 * `QuotaLedger.usage`'s answer: the usage, and the user's `plan` attribute from
 * the same read (undefined when none is set, as `planOf` answers).
 *
 * @example
 * ```ts
 * const limits = planLimitsFor(result.plan); // no second read for the plan
 * ```
 */
export interface PlanUsageResult extends UsageResult {
  readonly plan: string | undefined;
}

/**
 * Which user's usage to read, against which limit. Without `weeklyLimit`, the
 * limit is the weekly slots of the user's plan, taken from the same read.
 *
 * @example
 * ```ts
 * const request: UsageRequest = { userId: 'u-1', weeklyLimit: weeklyLimitFor(user.plan) };
 * const byPlan: UsageRequest = { userId: 'u-1' };
 * ```
 */
export interface UsageRequest {
  readonly userId: string;
  readonly weeklyLimit?: number;
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

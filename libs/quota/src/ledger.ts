import type { QuotaJobRecord } from './job-record';
import { ledgerContext, type LedgerContext, type QuotaLedgerOptions } from './ledger-context';
import { countDraft as countDraftOperation } from './operations/draft-operation';
import type { DraftRequest, DraftResult } from './operations/draft-types';
import { grant as grantOperation } from './operations/grant-operation';
import type { GrantRequest, GrantResult } from './operations/grant-types';
import { usageHistory as usageHistoryOperation } from './operations/history-operation';
import type { UsageHistoryRequest, UsageHistoryResult } from './operations/history-types';
import {
  planOf as planOfOperation,
  setPlan as setPlanOperation,
} from './operations/plan-operation';
import type { SetPlanRequest, SetPlanResult } from './operations/plan-types';
import { refund as refundOperation } from './operations/refund-operation';
import type { RefundRequest, RefundResult } from './operations/refund-types';
import { release as releaseOperation } from './operations/release-operation';
import type { ReleaseRequest, ReleaseResult } from './operations/release-types';
import {
  admit as admitOperation,
  reserve as reserveOperation,
} from './operations/reserve-operation';
import type {
  AdmitRequest,
  AdmitResult,
  ReserveRequest,
  ReserveResult,
} from './operations/reserve-types';
import { settle as settleOperation } from './operations/settle-operation';
import type { SettleRequest, SettleResult } from './operations/settle-types';
import {
  lookupJob as lookupJobOperation,
  usage as usageOperation,
  wasCharged as wasChargedOperation,
} from './operations/usage-operation';
import type { UsageRequest, PlanUsageResult, WasChargedRequest } from './operations/usage-types';

/**
 * The weekly quota ledger on the users table. Each job has a small record of
 * its own (`quotaJobKey`), and every write is one `TransactWriteItems` of two
 * items, the user's counters and that record, each under a condition, so each
 * costs 4 WCU whatever the week holds, with no lock.
 * `admit` (or `reserve`, with explicit limits) holds a job's quoted cost before
 * work starts and refuses what does not fit (`used + reserved + cost > limit + granted`),
 * too many jobs in flight, or too many reservations in a minute; `settle` charges
 * `min(measured, quoted)` and frees the hold in one step; `release` frees it with
 * nothing charged. Each is idempotent per job, and usage never passes the limit
 * in any interleaving; the README argues each guarantee. Each operation lives in
 * its own module under `operations/` over a shared `LedgerContext`; this class
 * only builds the context and delegates.
 *
 * @example
 * ```ts
 * const ledger = new QuotaLedger({ client: new DynamoDBClient({}), tableName: 'users' });
 * const { hold } = await ledger.admit({ userId, jobId, cost: 4 });
 * // … later, when the episode is ready:
 * await ledger.settle({ userId, jobId, cost: quotaCost('neural', 121), quotedCost: 4 });
 * ```
 */
export class QuotaLedger {
  private readonly context: LedgerContext;

  constructor(options: QuotaLedgerOptions) {
    this.context = ledgerContext(options);
  }

  /**
   * Holds `cost` slots for `jobId` in the user's current week, atomically with
   * the in-flight and per-minute checks: one consistent read of the user's item
   * (1 RCU) aims one transaction (4 WCU). Refusals write nothing; a request the
   * read already refuses costs that read and a read of the job's record. Throws
   * `QuotaInputError` before any I/O on bad input and `QuotaContentionError`
   * after `maxAttempts` contended rounds (nothing held).
   *
   * @example
   * ```ts
   * const result = await ledger.reserve({ userId: 'u-1', jobId: 'job-1', cost: 4, weeklyLimit: 200 });
   * if (result.outcome === 'over_limit') return reply429(result.usage.remaining, result.usage.resetsAt);
   * ```
   */
  reserve(request: ReserveRequest): Promise<ReserveResult> {
    return reserveOperation(this.context, request);
  }

  /**
   * Admission in one call, for the API: reads the user's item once, takes the
   * plan's limits from its `plan` (`planLimitsFor`), and reserves `cost` under
   * them. `hold` is undefined, with nothing written, when the job alone costs
   * more than the plan's whole weekly limit (no week could ever hold it).
   *
   * @example
   * ```ts
   * const { limits, hold } = await ledger.admit({ userId: 'u-1', jobId: 'job-1', cost: 4 });
   * if (hold === undefined) return reply422(limits.weeklySlots);
   * ```
   */
  admit(request: AdmitRequest): Promise<AdmitResult> {
    return admitOperation(this.context, request);
  }

  /**
   * Charges a finished job `min(cost, quoted)` slots and frees its hold, in one
   * transaction. A job reserved in a week that has since ended is charged to the
   * current week if it has room (else `over_limit`, and its hold is released); a
   * job never reserved is charged `cost`, if its week has room. Idempotent: a repeat answers
   * `already_charged`. Throws like `reserve`.
   *
   * @example
   * ```ts
   * const result = await ledger.settle({ userId: 'u-1', jobId: 'job-1', cost: 6, quotedCost: 4, weeklyLimit: 200 });
   * // { outcome: 'charged', week: '2026-W49', charged: 4, measured: 6, quoted: 4 }
   * ```
   */
  settle(request: SettleRequest): Promise<SettleResult> {
    return settleOperation(this.context, request);
  }

  /**
   * Frees a failed or cancelled job's hold; the job can never be charged after.
   * Answers `already_charged` (changing nothing) when it was settled first, so
   * a failure reported after a success is not taken for one.
   *
   * @example
   * ```ts
   * const result = await ledger.release({ userId: 'u-1', jobId: 'job-1', heldCost: 4 });
   * if (result.outcome === 'already_charged') return finishAsReady();
   * ```
   */
  release(request: ReleaseRequest): Promise<ReleaseResult> {
    return releaseOperation(this.context, request);
  }

  /**
   * Counts `jobId` as one of the user's drafts this week (a script written for review,
   * nothing spoken, no slot held), under the plan's `weeklyDrafts` unless `weeklyDrafts` is
   * given: one consistent read of the user's item, then one transaction of the draft count
   * and the job's draft record. Idempotent per job (`already_counted`); never over the limit
   * in any interleaving; a new week starts from 0. A refusal (`over_limit`) writes nothing
   * and carries `retryAt`, the next week's start. Throws like `reserve`.
   *
   * @example
   * ```ts
   * const draft = await ledger.countDraft({ userId: 'u-1', jobId: 'job-1' });
   * if (draft.outcome === 'over_limit') return reply429('draft_limit', draft.retryAt);
   * ```
   */
  countDraft(request: DraftRequest): Promise<DraftResult> {
    return countDraftOperation(this.context, request);
  }

  /**
   * The user's usage in the current week (zeros when the stored week is older,
   * or the user was never charged), for dashboards: `used` and `reserved` apart,
   * and the user's `plan` attribute from the same read. Without `weeklyLimit`
   * the plan's weekly slots are the limit. One eventually consistent read of
   * the user's item (0.5 RCU for an item up to 4 KB), no write.
   *
   * @example
   * ```ts
   * const { used, reserved, remaining, resetsAt } = await ledger.usage({ userId: 'u-1', weeklyLimit: 200 });
   * const { plan, limit } = await ledger.usage({ userId: 'u-1' }); // the plan's limit, same one read
   * ```
   */
  usage(request: UsageRequest): Promise<PlanUsageResult> {
    return usageOperation(this.context, request);
  }

  /**
   * Slots used per ISO week over the last `weeks` weeks (at most
   * `QUOTA_HISTORY_WEEKS`), oldest first, the current week last. One eventually
   * consistent read of the user's item, for any number of jobs: each week's
   * usage is kept on the item when the next week starts, in that same write, so
   * a charge or refund costs nothing more.
   *
   * @example
   * ```ts
   * const { weeks } = await ledger.usageHistory({ userId: 'u-1', weeks: 8 });
   * weeks.map((week) => week.used); // [0, 12, 4, 0, 0, 30, 6, 2]
   * ```
   */
  usageHistory(request: UsageHistoryRequest): Promise<UsageHistoryResult> {
    return usageHistoryOperation(this.context, request);
  }

  /**
   * Whether `jobId` was charged (settled, or settled and refunded since). One
   * consistent read of the job's record.
   *
   * @example
   * ```ts
   * if (await ledger.wasCharged({ userId: 'u-1', jobId: 'job-1' })) return finishAsReady();
   * ```
   */
  wasCharged(request: WasChargedRequest): Promise<boolean> {
    return wasChargedOperation(this.context, request);
  }

  /**
   * The ledger's record of a job (undefined when it has none), for support and
   * the operator command. One consistent read.
   *
   * @example
   * ```ts
   * const record = await ledger.lookupJob({ userId: 'u-1', jobId: 'job-1' });
   * console.log(record?.state, record?.charged);
   * ```
   */
  lookupJob(request: WasChargedRequest): Promise<QuotaJobRecord | undefined> {
    return lookupJobOperation(this.context, request);
  }

  /**
   * Grants `slots` extra slots for the user's current week, atomically and once
   * per `operationId`; they show as `granted` and expire with the week.
   *
   * @example
   * ```ts
   * const result = await ledger.grant({ userId: 'u-1', operationId: 'ticket-4711', slots: 50, weeklyLimit: 200 });
   * console.log(result.usage.remaining);
   * ```
   */
  grant(request: GrantRequest): Promise<GrantResult> {
    return grantOperation(this.context, request);
  }

  /**
   * Gives a charged job's slots back to the week it was charged to, if that week
   * is still current; otherwise answers `week_ended`. Refunding twice changes
   * nothing. One consistent read, then one transaction.
   *
   * @example
   * ```ts
   * const result = await ledger.refund({ userId: 'u-1', jobId: 'job-1', weeklyLimit: 200 });
   * // { outcome: 'refunded', week: '2026-W49', slots: 4, usage: { … } }
   * ```
   */
  refund(request: RefundRequest): Promise<RefundResult> {
    return refundOperation(this.context, request);
  }

  /**
   * The user's plan (the `plan` attribute; undefined when none is set). One consistent read.
   *
   * @example
   * ```ts
   * const limits = planLimitsFor(await ledger.planOf('u-1'));
   * ```
   */
  planOf(userId: string): Promise<string | undefined> {
    return planOfOperation(this.context, userId);
  }

  /**
   * Moves a user to another plan. It takes effect on the next reservation or
   * charge (callers pass the plan's limit); a lower limit never makes
   * `remaining` negative, it only refuses what no longer fits.
   *
   * @example
   * ```ts
   * const result = await ledger.setPlan({ userId: 'u-1', plan: 'creator' });
   * // { previousPlan: undefined, plan: 'creator', usage: { limit: 600, … } }
   * ```
   */
  setPlan(request: SetPlanRequest): Promise<SetPlanResult> {
    return setPlanOperation(this.context, request);
  }
}

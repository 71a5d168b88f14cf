import { isoWeekKey } from './iso-week';
import { clock, type LedgerContext } from './ledger-context';
import { readRecord, readUser, usageOf } from './ledger-reads';
import type {
  PreflightRequest,
  PreflightResult,
  QuotaJobRecord,
  UsageRequest,
  UsageResult,
  WasChargedRequest,
} from './ledger-types';
import { assertJobRef, assertRequest, assertSlots, assertUserId } from './validation';

/**
 * `QuotaLedger.preflight`: would `cost` fit now? One eventually consistent read, no write.
 *
 * @example
 * ```ts
 * const check = await preflight(context, { userId: 'u-1', cost: 60, weeklyLimit: 200 });
 * ```
 */
export async function preflight(
  context: LedgerContext,
  request: PreflightRequest,
): Promise<PreflightResult> {
  assertRequest(request);
  const { userId, cost, weeklyLimit } = request;
  assertUserId(userId);
  assertSlots('cost', cost);
  assertSlots('weeklyLimit', weeklyLimit);
  const usage = usageOf(
    await readUser(context, userId, false),
    isoWeekKey(clock(context)),
    weeklyLimit,
  );
  return { allowed: cost <= usage.remaining, ...usage };
}

/**
 * `QuotaLedger.usage`: the current week's usage, one eventually consistent read.
 *
 * @example
 * ```ts
 * const { used, reserved } = await usage(context, { userId: 'u-1', weeklyLimit: 200 });
 * ```
 */
export async function usage(context: LedgerContext, request: UsageRequest): Promise<UsageResult> {
  assertRequest(request);
  const { userId, weeklyLimit } = request;
  assertUserId(userId);
  assertSlots('weeklyLimit', weeklyLimit);
  return usageOf(await readUser(context, userId, false), isoWeekKey(clock(context)), weeklyLimit);
}

/**
 * `QuotaLedger.lookupJob`: the job's record, or undefined. One consistent read.
 *
 * @example
 * ```ts
 * const record = await lookupJob(context, { userId: 'u-1', jobId: 'job-1' });
 * ```
 */
export async function lookupJob(
  context: LedgerContext,
  request: WasChargedRequest,
): Promise<QuotaJobRecord | undefined> {
  assertJobRef(request);
  return readRecord(context, request.userId, request.jobId);
}

/**
 * `QuotaLedger.wasCharged`: whether the job was settled (or settled and refunded since).
 *
 * @example
 * ```ts
 * if (await wasCharged(context, { userId: 'u-1', jobId: 'job-1' })) return finishAsReady();
 * ```
 */
export async function wasCharged(
  context: LedgerContext,
  request: WasChargedRequest,
): Promise<boolean> {
  const record = await lookupJob(context, request);
  return record?.state === 'settled' || record?.state === 'refunded';
}

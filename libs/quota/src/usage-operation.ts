import { isoWeekKey } from './iso-week';
import { clock, type LedgerContext } from './ledger-context';
import { readRecord, readUser, usageOf } from './ledger-reads';
import type {
  PlanUsageResult,
  QuotaJobRecord,
  UsageRequest,
  WasChargedRequest,
} from './ledger-types';
import { weeklyLimitFor } from './plans';
import { assertJobRef, assertRequest, assertSlots, assertUserId } from './validation';

/**
 * `QuotaLedger.usage`: the current week's usage and the user's plan, one
 * eventually consistent read. Without `weeklyLimit`, the plan's weekly slots are the limit.
 *
 * @example
 * ```ts
 * const { used, reserved, plan } = await usage(context, { userId: 'u-1', weeklyLimit: 200 });
 * ```
 */
export async function usage(
  context: LedgerContext,
  request: UsageRequest,
): Promise<PlanUsageResult> {
  assertRequest(request);
  const { userId, weeklyLimit } = request;
  assertUserId(userId);
  if (weeklyLimit !== undefined) assertSlots('weeklyLimit', weeklyLimit);
  const item = await readUser(context, userId, false);
  const limit = weeklyLimit ?? weeklyLimitFor(item.plan);
  return { ...usageOf(item, isoWeekKey(clock(context)), limit), plan: item.plan };
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

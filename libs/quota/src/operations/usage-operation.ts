import { isoWeekKey } from '../iso-week';
import type { QuotaJobRecord } from '../job-record';
import { clock, type LedgerContext } from '../ledger-context';
import { readRecord, readUser, usageOf } from '../ledger-reads';
import { weeklyLimitFor } from '../plans';
import { assertJobRef, assertRequest, assertSlots, assertUserId } from '../validation';
import type { PlanUsageResult, UsageRequest, WasChargedRequest } from './usage-types';

/**
 * `QuotaLedger.usage`: the current week's usage and the user's plan, one
 * eventually consistent read. Without `weeklyLimit`, the plan's weekly slots are the limit.
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

/** `QuotaLedger.lookupJob`: the job's record, or undefined. One consistent read. */
export async function lookupJob(
  context: LedgerContext,
  request: WasChargedRequest,
): Promise<QuotaJobRecord | undefined> {
  assertJobRef(request);
  return readRecord(context, request.userId, request.jobId);
}

/** `QuotaLedger.wasCharged`: whether the job was settled (or settled and refunded since). */
export async function wasCharged(
  context: LedgerContext,
  request: WasChargedRequest,
): Promise<boolean> {
  const record = await lookupJob(context, request);
  return record?.state === 'settled' || record?.state === 'refunded';
}

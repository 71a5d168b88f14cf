import { QuotaStateError } from './errors';
import type { LedgerContext } from './ledger-context';
import { readUser } from './ledger-reads';
import type { DeductRequest, DeductResult } from './settle-types';
import { chargeJob } from './settle-operation';
import { assertJobCharge } from './validation';

/**
 * `QuotaLedger.deduct` (the first API, kept): charges a job never reserved,
 * then reads the week's usage. `QuotaStateError` for a released job.
 *
 * @example
 * ```ts
 * const result = await deduct(context, { userId: 'u-1', jobId: 'job-1', cost: 30, weeklyLimit: 200 });
 * ```
 */
export async function deduct(
  context: LedgerContext,
  request: DeductRequest,
): Promise<DeductResult> {
  assertJobCharge(request);
  const { userId, jobId, cost, weeklyLimit } = request;
  const result = await chargeJob(context, userId, jobId, cost, async () => weeklyLimit, undefined);
  if (result.outcome === 'released') {
    throw new QuotaStateError(
      userId,
      `job ${JSON.stringify(jobId)} was released; it is never charged`,
    );
  }
  const item = await readUser(context, userId, true);
  const used = item.week === result.week ? item.used : 0;
  return { outcome: result.outcome, week: result.week, used, limit: weeklyLimit };
}

import { QuotaInputError } from '../errors';
import { isoWeekKey, weekWindow, weeksBefore } from '../iso-week';
import { clock, type LedgerContext } from '../ledger-context';
import { readUser } from '../ledger-reads';
import { QUOTA_HISTORY_WEEKS } from '../users-table';
import { assertRequest, assertUserId } from '../validation';
import type { UsageHistoryRequest, UsageHistoryResult } from './history-types';

/**
 * `QuotaLedger.usageHistory`: slots used per ISO week over the last `weeks`
 * weeks, from one eventually consistent read of the user's item (its counters
 * hold the stored week; each ended week was kept when the next one started).
 * Correct for any number of jobs: nothing is summed per job.
 */
export async function usageHistory(
  context: LedgerContext,
  request: UsageHistoryRequest,
): Promise<UsageHistoryResult> {
  assertRequest(request);
  const { userId, weeks } = request;
  assertUserId(userId);
  if (!Number.isSafeInteger(weeks) || weeks < 1 || weeks > QUOTA_HISTORY_WEEKS) {
    throw new QuotaInputError(
      'weeks',
      `must be a whole number from 1 to ${QUOTA_HISTORY_WEEKS}, got ${JSON.stringify(weeks)}`,
    );
  }
  const item = await readUser(context, userId, false);
  const clockWeek = isoWeekKey(clock(context));
  // The stored week is never behind a write's clock; a reader whose clock lags still shows it.
  const latest = item.week !== undefined && item.week > clockWeek ? item.week : clockWeek;
  return {
    weeks: Array.from({ length: weeks }, (_, index) => {
      const week = weeksBefore(latest, weeks - 1 - index);
      const used = week === item.week ? item.used : (item.pastWeeks[week] ?? 0);
      return { week, startsAt: weekWindow(week).start, used };
    }),
  };
}

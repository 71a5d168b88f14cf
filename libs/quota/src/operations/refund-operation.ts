import { counterUpdate } from '../counter-update';
import { isoWeekKey } from '../iso-week';
import { clock, recordKey, transactIn, userKey, type LedgerContext } from '../ledger-context';
import { readRecord, usageAfter } from '../ledger-reads';
import { NO_CHANGE, asTransactItem } from '../ledger-records';
import { decodeQuotaItem } from '../quota-item';
import { AIM_AGAIN, BACK_OFF, retryTransaction, type Round } from '../retry-transaction';
import { QUOTA_JOB_ATTRIBUTES } from '../users-table';
import { assertJobRef, assertSlots } from '../validation';
import type { RefundRequest, RefundResult } from './refund-types';

const J = QUOTA_JOB_ATTRIBUTES;

/**
 * `QuotaLedger.refund`: gives a settled job's charge back to its week while
 * that week is current (the record moves to `refunded`), once.
 */
export async function refund(
  context: LedgerContext,
  request: RefundRequest,
): Promise<RefundResult> {
  assertJobRef(request);
  const { userId, jobId, weeklyLimit } = request;
  assertSlots('weeklyLimit', weeklyLimit);
  return retryTransaction(context, userId, async (): Promise<Round<RefundResult>> => {
    const record = await readRecord(context, userId, jobId);
    const answer = async (outcome: RefundResult['outcome'], slots = 0): Promise<RefundResult> => ({
      outcome,
      week: record?.chargedWeek,
      slots,
      usage: await usageAfter(context, userId, weeklyLimit),
    });
    if (record?.state === 'refunded') return answer('already_refunded', record.charged);
    if (record?.state !== 'settled' || record.chargedWeek === undefined)
      return answer('not_charged');
    if (record.chargedWeek < isoWeekKey(clock(context)))
      return answer('week_ended', record.charged);
    const counters = counterUpdate(
      context.tableName,
      userKey(userId),
      { kind: 'in_week', week: record.chargedWeek },
      { ...NO_CHANGE, used: -record.charged },
    );
    const outcome = await transactIn(context, [
      asTransactItem(counters),
      {
        Update: {
          TableName: context.tableName,
          Key: recordKey(userId, jobId),
          UpdateExpression: 'SET #state = :refunded',
          ConditionExpression: '#state = :settled AND #charged = :charged',
          ExpressionAttributeNames: { '#state': J.state, '#charged': J.charged },
          ExpressionAttributeValues: {
            ':refunded': { S: 'refunded' },
            ':settled': { S: 'settled' },
            ':charged': { N: String(record.charged) },
          },
        },
      },
    ]);
    if (outcome.applied) return answer('refunded', record.charged);
    if (outcome.conflict) return BACK_OFF;
    if (outcome.reasons[0]?.code === 'ConditionalCheckFailed') {
      // The stored week moved on since the charge: that week is over.
      const item = decodeQuotaItem(userId, outcome.reasons[0].item);
      if (item.week === undefined || item.week > record.chargedWeek) {
        return answer('week_ended', record.charged);
      }
    }
    return AIM_AGAIN;
  });
}

import { counterUpdate } from '../counter-update';
import { QuotaInputError } from '../errors';
import { isoWeekKey } from '../iso-week';
import { clock, transactIn, userKey, type LedgerContext } from '../ledger-context';
import { usageAfter } from '../ledger-reads';
import { NO_CHANGE, expiryOf } from '../ledger-records';
import { upgradePostItem } from '../post-item-upgrade';
import { decodeQuotaItem, type QuotaItem } from '../quota-item';
import { AIM_AGAIN, BACK_OFF, retryTransaction, type Round } from '../retry-transaction';
import {
  MAX_JOB_ID_BYTES,
  QUOTA_OPERATION_ATTRIBUTES,
  QUOTA_RECORD_TTL_ATTRIBUTE,
  USERS_TABLE_KEY,
  quotaOperationKey,
} from '../users-table';
import { assertId, assertRequest, assertSlots, assertUserId } from '../validation';
import type { GrantRequest, GrantResult } from './grant-types';

const MAX_GRANT_SLOTS = 100_000;
const O = QUOTA_OPERATION_ATTRIBUTES;

/**
 * `QuotaLedger.grant`: extra slots for the current week, in one transaction
 * with a new operation record, so once per `operationId`.
 */
export async function grant(context: LedgerContext, request: GrantRequest): Promise<GrantResult> {
  assertRequest(request);
  const { userId, operationId, slots, weeklyLimit } = request;
  assertUserId(userId);
  assertId('operationId', operationId, MAX_JOB_ID_BYTES);
  assertSlots('slots', slots);
  if (slots < 1 || slots > MAX_GRANT_SLOTS) {
    throw new QuotaInputError('slots', `must be 1 to ${MAX_GRANT_SLOTS}, got ${slots}`);
  }
  assertSlots('weeklyLimit', weeklyLimit);
  let week = isoWeekKey(clock(context));
  let stored: QuotaItem | undefined;
  return retryTransaction(context, userId, async (): Promise<Round<GrantResult>> => {
    const outcome = await transactIn(context, [
      {
        Update: counterUpdate(
          context.tableName,
          userKey(userId),
          stored ? { kind: 'start_week', week, from: stored } : { kind: 'in_week', week },
          { ...NO_CHANGE, granted: slots },
        ),
      },
      {
        Put: {
          TableName: context.tableName,
          Item: {
            [USERS_TABLE_KEY.partitionKey]: { S: quotaOperationKey(userId, operationId) },
            [O.kind]: { S: 'grant' },
            [O.slots]: { N: String(slots) },
            [O.week]: { S: week },
            [QUOTA_RECORD_TTL_ATTRIBUTE]: { N: String(expiryOf(week)) },
          },
          ConditionExpression: 'attribute_not_exists(#key)',
          ExpressionAttributeNames: { '#key': USERS_TABLE_KEY.partitionKey },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        },
      },
    ]);
    if (outcome.applied) {
      return {
        outcome: 'granted',
        week,
        slots,
        usage: await usageAfter(context, userId, weeklyLimit),
      };
    }
    if (outcome.conflict) return BACK_OFF;
    const [userReason, operationReason] = outcome.reasons;
    if (operationReason?.code === 'ConditionalCheckFailed') {
      const done = operationReason.item;
      return {
        outcome: 'already_granted',
        week: done?.[O.week]?.S ?? week,
        slots: Number(done?.[O.slots]?.N ?? 0),
        usage: await usageAfter(context, userId, weeklyLimit),
      };
    }
    const item = decodeQuotaItem(userId, userReason?.item);
    const startsWeek = item.week === undefined || item.week < week;
    stored = startsWeek ? item : undefined;
    if (!startsWeek && item.week !== undefined) week = item.week;
    // The post's item, in this week: upgraded in place (once per user), then granted.
    if (!startsWeek && item.fromPost) await upgradePostItem(context, userId, item);
    return AIM_AGAIN;
  });
}

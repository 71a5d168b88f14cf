import type { AttributeValue, Update } from '@aws-sdk/client-dynamodb';
import { isoWeekKey, weekWindow } from '../iso-week';
import { clock, transactIn, userKey, type LedgerContext } from '../ledger-context';
import { readItemAt, readUser } from '../ledger-reads';
import { expiryOf } from '../ledger-records';
import { planLimitsFor } from '../plans';
import { decodeQuotaItem, weekAttribute, type QuotaItem } from '../quota-item';
import { AIM_AGAIN, BACK_OFF, retryTransaction, type Round } from '../retry-transaction';
import {
  QUOTA_DRAFT_ATTRIBUTES,
  QUOTA_OPERATION_ATTRIBUTES,
  QUOTA_RECORD_TTL_ATTRIBUTE,
  USERS_TABLE_KEY,
  quotaDraftKey,
} from '../users-table';
import { assertJobRef, assertSlots } from '../validation';
import type { DraftRequest, DraftResult, DraftUsage } from './draft-types';

const D = QUOTA_DRAFT_ATTRIBUTES;
const O = QUOTA_OPERATION_ATTRIBUTES;

/**
 * `QuotaLedger.countDraft`: one consistent read of the user's item (plan and draft count)
 * aims one transaction of two conditional writes, the draft count (`+1` under
 * `count < limit` in its week, or the week started at 1) and a new draft record for the
 * job (`attribute_not_exists`), so a job counts once and a week never passes its limit.
 */
export async function countDraft(
  context: LedgerContext,
  request: DraftRequest,
): Promise<DraftResult> {
  assertJobRef(request);
  const { userId, jobId } = request;
  if (request.weeklyDrafts !== undefined) assertSlots('weeklyDrafts', request.weeklyDrafts);
  const first = await readUser(context, userId, true);
  const limit = request.weeklyDrafts ?? planLimitsFor(first.plan).weeklyDrafts;
  let week = isoWeekKey(clock(context));
  let startsWeek = false;

  /** Aims at the week the item shows (never an older one), or answers the refusal it justifies. */
  const judge = (item: QuotaItem): DraftResult | undefined => {
    if (item.draftWeek === undefined || item.draftWeek < week) {
      startsWeek = true;
    } else {
      week = item.draftWeek;
      startsWeek = false;
    }
    const counted = startsWeek ? 0 : item.drafts;
    if (counted + 1 > limit) return refusal(week, counted, limit);
    return undefined;
  };

  /** A refusal, unless this job was counted before (then that answer, as a repeat). */
  const refusedUnlessCounted = async (refused: DraftResult): Promise<DraftResult> => {
    const countedIn = await draftWeekOf(context, userId, jobId);
    return countedIn === undefined ? refused : { outcome: 'already_counted', week: countedIn };
  };

  const refusedByRead = judge(first);
  if (refusedByRead) return refusedUnlessCounted(refusedByRead);

  return retryTransaction(context, userId, async (): Promise<Round<DraftResult>> => {
    const outcome = await transactIn(context, [
      { Update: draftCountUpdate(context.tableName, userKey(userId), week, startsWeek, limit) },
      { Put: draftRecord(context.tableName, userId, jobId, week) },
    ]);
    if (outcome.applied) return { outcome: 'counted', week, limit };
    if (outcome.conflict) return BACK_OFF;
    const [userReason, recordReason] = outcome.reasons;
    if (recordReason?.code === 'ConditionalCheckFailed') {
      const countedIn = weekAttribute(userId, recordReason.item, O.week);
      return { outcome: 'already_counted', week: countedIn ?? week };
    }
    const refused = judge(decodeQuotaItem(userId, userReason?.item));
    return refused ?? AIM_AGAIN;
  });
}

function refusal(week: string, counted: number, limit: number): DraftResult {
  const resetsAt = weekWindow(week).end;
  const drafts: DraftUsage = {
    week,
    counted,
    limit,
    remaining: Math.max(0, limit - counted),
    resetsAt,
  };
  return { outcome: 'over_limit', drafts, retryAt: resetsAt };
}

/**
 * The conditional update of the user's draft count: in `week`, `+1` while below `limit`;
 * starting `week` (the stored draft week absent or older), set to 1.
 */
function draftCountUpdate(
  tableName: string,
  key: Record<string, AttributeValue>,
  week: string,
  startsWeek: boolean,
  limit: number,
): Update {
  const names = { '#week': D.week, '#count': D.count };
  if (startsWeek) {
    return {
      TableName: tableName,
      Key: key,
      UpdateExpression: 'SET #week = :week, #count = :one',
      ConditionExpression: 'attribute_not_exists(#week) OR #week < :week',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':week': { S: week }, ':one': { N: '1' } },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    };
  }
  return {
    TableName: tableName,
    Key: key,
    UpdateExpression: 'ADD #count :one',
    ConditionExpression: '#week = :week AND #count < :limit',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: {
      ':week': { S: week },
      ':one': { N: '1' },
      ':limit': { N: String(limit) },
    },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  };
}

/** A `Put` of the job's draft record, on condition that it has none (`ALL_OLD` on failure). */
function draftRecord(tableName: string, userId: string, jobId: string, week: string) {
  return {
    TableName: tableName,
    Item: {
      [USERS_TABLE_KEY.partitionKey]: { S: quotaDraftKey(userId, jobId) },
      [O.kind]: { S: 'draft' },
      [O.week]: { S: week },
      [QUOTA_RECORD_TTL_ATTRIBUTE]: { N: String(expiryOf(week)) },
    },
    ConditionExpression: 'attribute_not_exists(#key)',
    ExpressionAttributeNames: { '#key': USERS_TABLE_KEY.partitionKey },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
}

/** The week a job was counted as a draft in (one consistent read), or undefined when never. */
async function draftWeekOf(
  context: LedgerContext,
  userId: string,
  jobId: string,
): Promise<string | undefined> {
  const key = { [USERS_TABLE_KEY.partitionKey]: { S: quotaDraftKey(userId, jobId) } };
  return weekAttribute(userId, await readItemAt(context, key), O.week);
}

import {
  PutItemCommand,
  type AttributeValue,
  type TransactWriteItem,
  type Update,
} from '@aws-sdk/client-dynamodb';
import { isConditionalCheckFailed, toQuotaError } from './aws-errors';
import type { CounterDelta } from './counter-update';
import { QuotaStateError } from './errors';
import { weekWindow } from './iso-week';
import { type QuotaJobRecord, decodeJobRecord, type QuotaJobState } from './job-record';
import { recordKey, type LedgerContext } from './ledger-context';
import { decodeQuotaItem } from './quota-item';
import { QUOTA_JOB_ATTRIBUTES, QUOTA_RECORD_TTL_ATTRIBUTE, USERS_TABLE_KEY } from './users-table';

const RECORD_LIFETIME_AFTER_WEEK_MS = 7 * 24 * 3600 * 1000;
const J = QUOTA_JOB_ATTRIBUTES;

/** A counter delta that changes nothing, to spread and override. */
export const NO_CHANGE: CounterDelta = Object.freeze({
  used: 0,
  reserved: 0,
  granted: 0,
  inFlight: 0,
});

/** What the ledger believes about a job's record while it tries a write. */
export type RecordGuess =
  | { readonly kind: 'absent' }
  | { readonly kind: 'reserved'; readonly held: number; readonly week: string };

/** The guess a record read (or returned as `ALL_OLD`) supports. */
export function guessOf(record: QuotaJobRecord | undefined): RecordGuess {
  if (record === undefined) return { kind: 'absent' };
  return { kind: 'reserved', held: record.held, week: record.week };
}

/** Epoch seconds at which a record of `week` may expire: a week after the week ends. */
export function expiryOf(week: string): number {
  return Math.floor((weekWindow(week).end.getTime() + RECORD_LIFETIME_AFTER_WEEK_MS) / 1000);
}

/** A `Put` of a new job record, on condition that the job has none (`ALL_OLD` on failure). */
export function newJobRecord(
  context: LedgerContext,
  userId: string,
  jobId: string,
  record: {
    state: QuotaJobState;
    week: string;
    held: number;
    extra?: Record<string, AttributeValue>;
  },
) {
  return {
    TableName: context.tableName,
    Item: {
      ...recordKey(userId, jobId),
      [J.state]: { S: record.state },
      [J.week]: { S: record.week },
      [J.held]: { N: String(record.held) },
      [QUOTA_RECORD_TTL_ATTRIBUTE]: { N: String(expiryOf(record.week)) },
      ...record.extra,
    },
    ConditionExpression: 'attribute_not_exists(#key)',
    ExpressionAttributeNames: { '#key': USERS_TABLE_KEY.partitionKey },
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
  };
}

/** Writes a job record only if the job has none; false when it already had one. */
export async function putRecordIfAbsent(
  context: LedgerContext,
  userId: string,
  jobId: string,
  record: { state: QuotaJobState; week: string; held: number },
): Promise<boolean> {
  try {
    await context.client.send(new PutItemCommand(newJobRecord(context, userId, jobId, record)));
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw toQuotaError(error, context.tableName);
  }
}

/** Moves a reserved record to `state`, on condition that it is still the hold guessed. */
export function recordTransition(
  context: LedgerContext,
  userId: string,
  jobId: string,
  hold: { held: number; week: string },
  state: QuotaJobState,
  set: Record<string, AttributeValue>,
): Update {
  const names: Record<string, string> = { '#state': J.state, '#held': J.held, '#week': J.week };
  const values: Record<string, AttributeValue> = {
    ':reserved': { S: 'reserved' },
    ':held': { N: String(hold.held) },
    ':week': { S: hold.week },
    ':next': { S: state },
  };
  const assignments = ['#state = :next'];
  Object.entries(set).forEach(([attribute, value], index) => {
    names[`#s${index}`] = attribute;
    values[`:s${index}`] = value;
    assignments.push(`#s${index} = :s${index}`);
  });
  return {
    TableName: context.tableName,
    Key: recordKey(userId, jobId),
    UpdateExpression: `SET ${assignments.join(', ')}`,
    ConditionExpression: '#state = :reserved AND #held = :held AND #week = :week',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  };
}

/** A job record returned by a failed condition; `QuotaStateError` when it is missing. */
export function requireRecord(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
): QuotaJobRecord {
  const record = decodeJobRecord(userId, item);
  if (record === undefined) throw new QuotaStateError(userId, 'a job record vanished mid-write');
  return record;
}

/**
 * After a hold-week write failed on the user's counters: true when the stored
 * week is past the hold's (its slots count nowhere now). Any other state would
 * mean a week moved backwards, which the ledger never does: `QuotaStateError`.
 */
export function holdWeekEndedBy(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
  holdWeek: string,
): boolean {
  const stored = decodeQuotaItem(userId, item).week;
  if (stored !== undefined && stored > holdWeek) return true;
  throw new QuotaStateError(
    userId,
    `a hold of ${holdWeek} is open but the stored week is ${stored ?? 'missing'}`,
  );
}

/** A counter update with nothing to change becomes a condition check of the same condition. */
export function asTransactItem(update: Update): TransactWriteItem {
  if (update.UpdateExpression !== '') return { Update: update };
  const {
    TableName,
    Key,
    ConditionExpression,
    ExpressionAttributeNames,
    ExpressionAttributeValues,
  } = update;
  return {
    ConditionCheck: {
      TableName,
      Key,
      ConditionExpression,
      ExpressionAttributeNames,
      ExpressionAttributeValues,
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

import { GetItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { toQuotaError } from './aws-errors';
import { isoWeekKey, weekWindow } from './iso-week';
import { decodeJobRecord, type QuotaJobRecord } from './job-record';
import { clock, recordKey, userKey, type LedgerContext } from './ledger-context';
import { decodeQuotaItem, type QuotaItem } from './quota-item';

/**
 * A user's usage in a week; `resetsAt` is the next Monday 00:00Z. `remaining`
 * is `limit + granted - used - reserved`, never below 0 (a lowered limit can
 * leave a week over it). `inFlight` counts open reservations of any week.
 */
export interface UsageResult {
  readonly week: string;
  readonly used: number;
  readonly reserved: number;
  readonly granted: number;
  readonly remaining: number;
  readonly limit: number;
  readonly inFlight: number;
  readonly resetsAt: Date;
}

/**
 * Reads the user's item: quota counters, plan and past weeks (one `GetItem`; the
 * item is small, so a projection would not make the read cheaper).
 */
export async function readUser(
  context: LedgerContext,
  userId: string,
  consistent: boolean,
): Promise<QuotaItem> {
  try {
    const output = await context.client.send(
      new GetItemCommand({
        TableName: context.tableName,
        Key: userKey(userId),
        ConsistentRead: consistent,
      }),
    );
    return decodeQuotaItem(userId, output.Item);
  } catch (error) {
    throw toQuotaError(error, context.tableName);
  }
}

/** Reads a job's record, consistently (undefined when it has none). */
export async function readRecord(
  context: LedgerContext,
  userId: string,
  jobId: string,
): Promise<QuotaJobRecord | undefined> {
  return decodeJobRecord(userId, await readItemAt(context, recordKey(userId, jobId)));
}

/** Reads one item of the users table by its key, consistently (undefined when absent). */
export async function readItemAt(
  context: LedgerContext,
  key: Record<string, AttributeValue>,
): Promise<Record<string, AttributeValue> | undefined> {
  try {
    const output = await context.client.send(
      new GetItemCommand({ TableName: context.tableName, Key: key, ConsistentRead: true }),
    );
    return output.Item;
  } catch (error) {
    throw toQuotaError(error, context.tableName);
  }
}

/** The usage a week shows, from the user's item as stored and this clock's week. */
export function usageOf(item: QuotaItem, clockWeek: string, weeklyLimit: number): UsageResult {
  // A stored week ahead of this clock is the week a write would go to.
  const inStoredWeek = item.week !== undefined && item.week >= clockWeek;
  const week = inStoredWeek && item.week !== undefined ? item.week : clockWeek;
  const used = inStoredWeek ? item.used : 0;
  const reserved = inStoredWeek ? item.reserved : 0;
  const granted = inStoredWeek ? item.granted : 0;
  return {
    week,
    used,
    reserved,
    granted,
    remaining: Math.max(0, weeklyLimit + granted - used - reserved),
    limit: weeklyLimit,
    inFlight: item.inFlight,
    resetsAt: weekWindow(week).end,
  };
}

/** The usage after a write: one consistent read of the user's item. */
export async function usageAfter(
  context: LedgerContext,
  userId: string,
  weeklyLimit: number,
): Promise<UsageResult> {
  return usageOf(await readUser(context, userId, true), isoWeekKey(clock(context)), weeklyLimit);
}

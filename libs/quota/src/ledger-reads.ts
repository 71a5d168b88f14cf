import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { toQuotaError } from './aws-errors';
import { isoWeekKey, weekWindow } from './iso-week';
import { decodeJobRecord } from './job-record';
import { clock, recordKey, userKey, type LedgerContext } from './ledger-context';
import type { QuotaJobRecord, UsageResult } from './ledger-types';
import { decodeQuotaItem, type QuotaItem } from './quota-item';

/**
 * Reads the user's item: quota counters, plan and past weeks (one `GetItem`; the
 * item is small, so a projection would not make the read cheaper).
 *
 * @example
 * ```ts
 * const item = await readUser(context, 'u-1', true);
 * ```
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

/**
 * Reads a job's record, consistently (undefined when it has none).
 *
 * @example
 * ```ts
 * const record = await readRecord(context, 'u-1', 'job-1');
 * ```
 */
export async function readRecord(
  context: LedgerContext,
  userId: string,
  jobId: string,
): Promise<QuotaJobRecord | undefined> {
  try {
    const output = await context.client.send(
      new GetItemCommand({
        TableName: context.tableName,
        Key: recordKey(userId, jobId),
        ConsistentRead: true,
      }),
    );
    return decodeJobRecord(userId, output.Item);
  } catch (error) {
    throw toQuotaError(error, context.tableName);
  }
}

/**
 * The usage a week shows, from the user's item as stored and this clock's week.
 *
 * @example
 * ```ts
 * const usage = usageOf(item, isoWeekKey(clock(context)), 200);
 * ```
 */
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

/**
 * The usage after a write: one consistent read of the user's item.
 *
 * @example
 * ```ts
 * return { outcome: 'granted', week, slots, usage: await usageAfter(context, userId, 200) };
 * ```
 */
export async function usageAfter(
  context: LedgerContext,
  userId: string,
  weeklyLimit: number,
): Promise<UsageResult> {
  return usageOf(await readUser(context, userId, true), isoWeekKey(clock(context)), weeklyLimit);
}

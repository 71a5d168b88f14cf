import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { QUOTA_ATTRIBUTES, USERS_TABLE_KEY } from '../../src/users-table';
import { putItem, type LocalDynamo } from './local-dynamo';

/** The suites' clock: Wednesday of 2026-W49. The post's items are of this week or the week before. */
export const MID_WEEK = '2026-12-02T12:00:00Z';
export const THIS_WEEK = '2026-W49';
export const LAST_WEEK = '2026-W48';
/** Generous admission limits, for tests about the weekly limit alone. */
export const UNCAPPED = Object.freeze({ maxInFlight: 10_000, reservationsPerMinute: 10_000 });

/**
 * A user's item as the post's design writes it (`quotaWeek` and `quotaCount`,
 * nothing else), with `extra` attributes on top for the shapes that are not.
 */
export function postItem(
  userId: string,
  week: string,
  count: number,
  extra: Record<string, AttributeValue> = {},
): Record<string, AttributeValue> {
  return {
    [USERS_TABLE_KEY.partitionKey]: { S: userId },
    [QUOTA_ATTRIBUTES.week]: { S: week },
    [QUOTA_ATTRIBUTES.used]: { N: String(count) },
    ...extra,
  };
}

/** Writes `postItem(userId, week, count)` around the ledger and returns it as written. */
export async function putPostItem(
  dynamo: LocalDynamo,
  userId: string,
  week: string,
  count: number,
): Promise<Record<string, AttributeValue>> {
  const item = postItem(userId, week, count);
  await putItem(dynamo, item);
  return item;
}

import { UpdateItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { isConditionalCheckFailed, toQuotaError } from './aws-errors';
import { userKey, type LedgerContext } from './ledger-context';
import { decodeQuotaItem, type QuotaItem } from './quota-item';
import { QUOTA_ATTRIBUTES } from './users-table';

const A = QUOTA_ATTRIBUTES;

/**
 * Upgrades a user's item of the post's design (`quotaWeek` and `quotaCount` alone,
 * `item.fromPost`) in place to the ledger's shape, so that a write in its week can
 * apply: one conditional `UpdateItem` sets `committed` to the count read, with
 * `reserved` and `granted` at 0. It applies only while the item is still exactly
 * what was read: the same week, the same `quotaCount`, and none of `committed`,
 * `reserved`, `granted` or `inFlight` yet. So a rival that upgraded it first (and
 * may have added to `committed` since), or a writer of the post's design that added
 * to `quotaCount`, makes this write fail rather than overwrite their count.
 *
 * Returns the item as it stands after: upgraded by this write, or (the condition
 * failed) as the rival left it, for the caller to aim its next write at. The
 * counters' transaction stays the authority; this write changes no count. Any
 * other item is returned as it is, with no write.
 */
export async function upgradePostItem(
  context: LedgerContext,
  userId: string,
  item: QuotaItem,
): Promise<QuotaItem> {
  if (!item.fromPost || item.week === undefined) return item;
  let after: Record<string, AttributeValue> | undefined;
  try {
    const output = await context.client.send(
      new UpdateItemCommand({
        TableName: context.tableName,
        Key: userKey(userId),
        UpdateExpression: 'SET #committed = :seen, #reserved = :zero, #granted = :zero',
        ConditionExpression:
          '#week = :week AND #used = :seen AND attribute_not_exists(#committed) AND ' +
          'attribute_not_exists(#reserved) AND attribute_not_exists(#granted) AND ' +
          'attribute_not_exists(#inFlight)',
        ExpressionAttributeNames: {
          '#week': A.week,
          '#used': A.used,
          '#committed': A.committed,
          '#reserved': A.reserved,
          '#granted': A.granted,
          '#inFlight': A.inFlight,
        },
        ExpressionAttributeValues: {
          ':week': { S: item.week },
          ':seen': { N: String(item.used) },
          ':zero': { N: '0' },
        },
        ReturnValues: 'ALL_NEW',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    after = output.Attributes;
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw toQuotaError(error, context.tableName);
    after = (error as { Item?: Record<string, AttributeValue> }).Item;
  }
  return decodeQuotaItem(userId, after);
}

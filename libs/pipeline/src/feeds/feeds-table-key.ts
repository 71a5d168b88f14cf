import type { AttributeValue, QueryCommandInput } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';

/**
 * The key of the feeds table (partition `feedId`, a string: the public URL reads one item by
 * it, strongly consistent, so a revoked feed is gone at once) and its `user-feeds` index
 * (partition `userId`, sort `createdAt`, all attributes: a user's feeds, newest first). The
 * CDK app and the local stack create both from this. The table also holds one counter item per
 * user (`feedId` `user#<userId>`, see `feed-counter.ts`), which has no `userId` and so is not in
 * the index.
 */
export const FEEDS_TABLE_KEY = Object.freeze({
  partitionKey: 'feedId',
  userIndex: Object.freeze({ name: 'user-feeds', partitionKey: 'userId', sortKey: 'createdAt' }),
} as const);

/**
 * One page of a user's feeds on the `user-feeds` index, from `start` (a previous page's
 * `LastEvaluatedKey`), newest first.
 */
export function userFeedsQuery(
  tableName: string,
  userId: string,
  start?: Record<string, AttributeValue>,
): QueryCommandInput {
  const index = FEEDS_TABLE_KEY.userIndex;
  return {
    TableName: tableName,
    IndexName: index.name,
    KeyConditionExpression: '#user = :user',
    ExpressionAttributeNames: { '#user': index.partitionKey },
    ExpressionAttributeValues: marshall({ ':user': userId }),
    ScanIndexForward: false,
    ExclusiveStartKey: start,
  };
}

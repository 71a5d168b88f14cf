import {
  QueryCommand,
  type AttributeValue,
  type DynamoDBClient,
  type QueryCommandInput,
} from '@aws-sdk/client-dynamodb';

/**
 * What {@link queryUpTo} gathered: the items, and the key to continue after (absent at the end).
 */
export interface GatheredItems {
  items: Record<string, AttributeValue>[];
  lastKey?: Record<string, AttributeValue>;
}

/**
 * Runs a Query and follows `LastEvaluatedKey` until `limit` items are gathered or there are no
 * more: DynamoDB's 1 MB page limit counts whole items before any projection, so one call can
 * return fewer items than asked although more match.
 */
export async function queryUpTo(
  client: DynamoDBClient,
  input: Omit<QueryCommandInput, 'Limit'>,
  limit: number,
): Promise<GatheredItems> {
  const items: Record<string, AttributeValue>[] = [];
  let lastKey = input.ExclusiveStartKey;
  do {
    const page = await client.send(
      new QueryCommand({ ...input, Limit: limit - items.length, ExclusiveStartKey: lastKey }),
    );
    items.push(...(page.Items ?? []));
    lastKey = page.LastEvaluatedKey;
  } while (lastKey && items.length < limit);
  return lastKey ? { items, lastKey } : { items };
}

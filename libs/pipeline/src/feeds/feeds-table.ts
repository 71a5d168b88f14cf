import {
  DynamoDBServiceException,
  GetItemCommand,
  QueryCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { FeedLimitError, FeedStoreError } from '../errors';
import { FEED_COUNT_ATTRIBUTE, FeedCounter, type FeedTransactionOutcome } from './feed-counter';
import { FEED_ID_PATTERN, newFeedId } from './feed-id';
import type { FeedRecord } from './feed-record';
import { FEEDS_TABLE_KEY, userFeedsQuery } from './feeds-table-key';

export { FEEDS_TABLE_KEY };

/** The most feeds one user keeps; one more is a {@link FeedLimitError} (revoke one first). */
export const MAX_FEEDS_PER_USER = 20;

/** Options of {@link FeedsTable}. */
export interface FeedsTableOptions {
  client: DynamoDBClient;
  tableName: string;
  now?: () => Date;
  /** Makes the feed id; default {@link newFeedId}. */
  newId?: () => string;
}

/**
 * The feeds table: a user's subscribable feeds, each a secret id.
 *
 * Guarantees: `create` never overwrites a feed (a colliding id fails its condition) and never
 * lets a user keep more than {@link MAX_FEEDS_PER_USER}, in any interleaving: the feed's `Put`
 * and the user's counter (`ADD feedCount :1` under `feedCount < :limit`, see
 * {@link FeedCounter}) are one transaction. `revoke` deletes only the caller's own feed (another
 * user's id is `false`, as an unknown or already revoked one is) and takes it off the count in
 * the same transaction, so revoking twice frees one place. `get` is strongly consistent, so
 * after `revoke` the feed's URL answers nothing. `listForUser` reads every page of the
 * `user-feeds` index, which is eventually consistent: a feed made a moment ago may be missing.
 * A malformed id is answered without any read. DynamoDB failures become {@link FeedStoreError}
 * with the cause.
 */
export class FeedsTable {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;
  private readonly now: () => Date;
  private readonly newId: () => string;
  private readonly counter: FeedCounter;

  constructor(options: FeedsTableOptions) {
    this.client = options.client;
    this.tableName = options.tableName;
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => newFeedId());
    this.counter = new FeedCounter(options.client, options.tableName);
  }

  /** Stores a new feed of the user's series (or of all their episodes) and returns it. */
  async create(request: { userId: string; seriesId?: string }): Promise<FeedRecord> {
    const feed: FeedRecord = {
      feedId: this.newId(),
      userId: request.userId,
      ...(request.seriesId === undefined ? {} : { seriesId: request.seriesId }),
      createdAt: this.now().toISOString(),
    };
    const items = [
      this.counter.change(request.userId, 1, '#count < :limit', { ':limit': MAX_FEEDS_PER_USER }),
      {
        Put: {
          TableName: this.tableName,
          Item: marshall(feed),
          ConditionExpression: 'attribute_not_exists(feedId)',
        },
      },
    ];
    return this.counter.retry('create a feed', async () => {
      const outcome = await this.counter.transact('create a feed', items);
      if (outcome.applied) return feed;
      const [count, put] = outcome.reasons;
      if (put?.code === 'ConditionalCheckFailed') {
        throw new FeedStoreError(`could not create a feed: the id ${feed.feedId} exists`);
      }
      if (count?.code === 'ConditionalCheckFailed') {
        if (hasCount(count.item)) throw new FeedLimitError(MAX_FEEDS_PER_USER);
        await this.counter.initialise(request.userId);
        return 'again';
      }
      return conflictOrFailure('create a feed', outcome);
    });
  }

  /** The feed with this id, or undefined (also for an id of the wrong shape, without a read). */
  async get(feedId: string): Promise<FeedRecord | undefined> {
    if (!FEED_ID_PATTERN.test(feedId)) return undefined;
    const { Item } = await this.send('read a feed', () =>
      this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: marshall({ feedId }),
          ConsistentRead: true,
        }),
      ),
    );
    return Item ? toFeedRecord(unmarshall(Item)) : undefined;
  }

  /** Every feed of the user, newest first (every page of the index). */
  async listForUser(userId: string): Promise<FeedRecord[]> {
    const feeds: FeedRecord[] = [];
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await this.send('list feeds', () =>
        this.client.send(new QueryCommand(userFeedsQuery(this.tableName, userId, start))),
      );
      feeds.push(...(page.Items ?? []).map((item) => toFeedRecord(unmarshall(item))));
      start = page.LastEvaluatedKey;
    } while (start);
    return feeds;
  }

  /** Deletes the user's feed; `false` when they have no feed of that id. */
  async revoke(userId: string, feedId: string): Promise<boolean> {
    if (!FEED_ID_PATTERN.test(feedId)) return false;
    const items = [
      {
        Delete: {
          TableName: this.tableName,
          Key: marshall({ feedId }),
          ConditionExpression: 'userId = :user',
          ExpressionAttributeValues: marshall({ ':user': userId }),
        },
      },
      this.counter.change(userId, -1, 'attribute_exists(#count)'),
    ];
    return this.counter.retry('revoke a feed', async () => {
      const outcome = await this.counter.transact('revoke a feed', items);
      if (outcome.applied) return true;
      const [feed, count] = outcome.reasons;
      if (feed?.code === 'ConditionalCheckFailed') return false;
      if (count?.code === 'ConditionalCheckFailed') {
        await this.counter.initialise(userId);
        return 'again';
      }
      return conflictOrFailure('revoke a feed', outcome);
    });
  }

  private async send<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw storeFailure(what, error);
    }
  }
}

function storeFailure(what: string, error: unknown): unknown {
  if (!(error instanceof DynamoDBServiceException)) return error;
  return new FeedStoreError(`could not ${what}: ${error.name}`, { cause: error });
}

/** Whether a counter item (as a cancellation returned it) holds a count. */
function hasCount(item: Record<string, AttributeValue> | undefined): boolean {
  return item?.[FEED_COUNT_ATTRIBUTE]?.N !== undefined;
}

/** A cancellation by another transaction is tried again; any other reason is a failure. */
function conflictOrFailure(what: string, outcome: FeedTransactionOutcome): 'conflict' {
  const reasons = outcome.applied ? [] : outcome.reasons.map((reason) => reason.code);
  if (reasons.includes('TransactionConflict')) return 'conflict';
  throw new FeedStoreError(`could not ${what}: cancelled (${reasons.join(', ')})`);
}

function toFeedRecord(item: Record<string, unknown>): FeedRecord {
  return {
    feedId: String(item['feedId']),
    userId: String(item['userId']),
    ...(typeof item['seriesId'] === 'string' ? { seriesId: item['seriesId'] } : {}),
    createdAt: String(item['createdAt']),
  };
}

import {
  ConditionalCheckFailedException,
  DeleteItemCommand,
  DynamoDBServiceException,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { FeedLimitError, FeedStoreError } from '../errors';
import { FEED_ID_PATTERN, newFeedId } from './feed-id';
import type { FeedRecord } from './feed-record';

/**
 * The key of the feeds table (partition `feedId`, a string: the public URL reads one item by
 * it, strongly consistent, so a revoked feed is gone at once) and its `user-feeds` index
 * (partition `userId`, sort `createdAt`, all attributes: a user's feeds, newest first). The
 * CDK app and the local stack create both from this.
 *
 * @example
 * ```ts
 * new Table(this, 'Feeds', { partitionKey: { name: FEEDS_TABLE_KEY.partitionKey, type: AttributeType.STRING } });
 * ```
 */
export const FEEDS_TABLE_KEY = Object.freeze({
  partitionKey: 'feedId',
  userIndex: Object.freeze({ name: 'user-feeds', partitionKey: 'userId', sortKey: 'createdAt' }),
} as const);

/**
 * The most feeds one user keeps; one more is a {@link FeedLimitError} (revoke one first).
 *
 * @example
 * ```ts
 * (await feeds.listForUser('alice')).length <= MAX_FEEDS_PER_USER; // true
 * ```
 */
export const MAX_FEEDS_PER_USER = 20;

/**
 * Options of {@link FeedsTable}.
 *
 * @example
 * ```ts
 * const options: FeedsTableOptions = { client, tableName: 'lumcast-feeds', now: () => new Date() };
 * ```
 */
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
 * Guarantees: `create` never overwrites a feed (a colliding id fails its condition) and refuses
 * a user who already keeps {@link MAX_FEEDS_PER_USER} (counted on the eventually consistent
 * index, so creates racing each other can pass it by a few: a bound on clutter, not a quota);
 * `get` is strongly consistent, so after `revoke` the
 * feed's URL answers nothing; `revoke` deletes only the caller's own feed (another user's id is
 * `false`, as an unknown one is). `listForUser` reads the `user-feeds` index, which is
 * eventually consistent: a feed made a moment ago may be missing. A malformed id is answered
 * without any read. DynamoDB failures become {@link FeedStoreError} with the cause.
 *
 * @example
 * ```ts
 * const feeds = new FeedsTable({ client, tableName: 'lumcast-feeds' });
 * const feed = await feeds.create({ userId: 'alice', seriesId: 'rivers' });
 * await feeds.get(feed.feedId); // the same record
 * await feeds.revoke('alice', feed.feedId); // true
 * ```
 */
export class FeedsTable {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;
  private readonly now: () => Date;
  private readonly newId: () => string;

  constructor(options: FeedsTableOptions) {
    this.client = options.client;
    this.tableName = options.tableName;
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => newFeedId());
  }

  /**
   * Stores a new feed of the user's series (or of all their episodes) and returns it.
   *
   * @example
   * ```ts
   * const { feedId } = await feeds.create({ userId: 'alice' });
   * ```
   */
  async create(request: { userId: string; seriesId?: string }): Promise<FeedRecord> {
    const existing = await this.listForUser(request.userId);
    if (existing.length >= MAX_FEEDS_PER_USER) throw new FeedLimitError(MAX_FEEDS_PER_USER);
    const feed: FeedRecord = {
      feedId: this.newId(),
      userId: request.userId,
      ...(request.seriesId === undefined ? {} : { seriesId: request.seriesId }),
      createdAt: this.now().toISOString(),
    };
    await this.send('create a feed', () =>
      this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: marshall(feed),
          ConditionExpression: 'attribute_not_exists(feedId)',
        }),
      ),
    );
    return feed;
  }

  /**
   * The feed with this id, or undefined (also for an id of the wrong shape, without a read).
   *
   * @example
   * ```ts
   * const feed = await feeds.get('f-3q2-7wX0aBcDeFgHiJkLmN');
   * ```
   */
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

  /**
   * The user's feeds, newest first (at most {@link MAX_FEEDS_PER_USER}).
   *
   * @example
   * ```ts
   * const mine = await feeds.listForUser('alice');
   * ```
   */
  async listForUser(userId: string): Promise<FeedRecord[]> {
    const index = FEEDS_TABLE_KEY.userIndex;
    const { Items = [] } = await this.send('list feeds', () =>
      this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: index.name,
          KeyConditionExpression: '#user = :user',
          ExpressionAttributeNames: { '#user': index.partitionKey },
          ExpressionAttributeValues: marshall({ ':user': userId }),
          ScanIndexForward: false,
          Limit: MAX_FEEDS_PER_USER,
        }),
      ),
    );
    return Items.map((item) => toFeedRecord(unmarshall(item)));
  }

  /**
   * Deletes the user's feed; `false` when they have no feed of that id.
   *
   * @example
   * ```ts
   * if (!(await feeds.revoke('alice', feedId))) console.log('no such feed');
   * ```
   */
  async revoke(userId: string, feedId: string): Promise<boolean> {
    if (!FEED_ID_PATTERN.test(feedId)) return false;
    try {
      await this.client.send(
        new DeleteItemCommand({
          TableName: this.tableName,
          Key: marshall({ feedId }),
          ConditionExpression: 'userId = :user',
          ExpressionAttributeValues: marshall({ ':user': userId }),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw storeFailure('revoke a feed', error);
    }
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

function toFeedRecord(item: Record<string, unknown>): FeedRecord {
  return {
    feedId: String(item['feedId']),
    userId: String(item['userId']),
    ...(typeof item['seriesId'] === 'string' ? { seriesId: item['seriesId'] } : {}),
    createdAt: String(item['createdAt']),
  };
}

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConditionalCheckFailedException,
  QueryCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { FeedStoreError } from '../errors';
import { FEEDS_TABLE_KEY, userFeedsQuery } from './feeds-table-key';

/**
 * The `feedId` of a user's feed counter: `user#<userId>`. A feed id is `f-` and base64url
 * (`FEED_ID_PATTERN`), so it never collides with a feed, and the public routes, which read only
 * ids of that pattern, never read it. The item has no `userId` attribute, so the `user-feeds`
 * index leaves it out.
 */
export function feedCounterId(userId: string): string {
  return `user#${userId}`;
}

/** The counter item's count attribute: how many live feeds the user keeps. */
export const FEED_COUNT_ATTRIBUTE = 'feedCount';

/** Why one item of a cancelled transaction did not apply, with the item as it was. */
export interface FeedCancellation {
  readonly code: string;
  readonly item: Record<string, AttributeValue> | undefined;
}

/** What a transaction did: applied, or cancelled with one reason per item, in order. */
export type FeedTransactionOutcome =
  | { readonly applied: true }
  | { readonly applied: false; readonly reasons: readonly FeedCancellation[] };

/** How many times a transaction that conflicted with another one is tried in all. */
const MAX_ATTEMPTS = 12;

/**
 * The per-user count of live feeds, on the feeds table, changed only inside the same small
 * `TransactWriteItems` as the feed it counts (`ADD feedCount :1` under `feedCount < :limit`
 * with the feed's `Put`; `ADD feedCount :-1` with its conditional `Delete`), so no interleaving
 * of creates and revokes passes the limit or counts a feed twice.
 *
 * A user whose feeds were written before the counter existed has no counter item:
 * {@link FeedCounter.initialise} counts their feeds on the `user-feeds` index and writes the
 * count under `attribute_not_exists(feedCount)`, so the first of several racing initialisations
 * wins and the others change nothing. No feed is created or revoked without the counter, so at
 * that moment the index holds only feeds written before the change (long since indexed).
 */
export class FeedCounter {
  constructor(
    private readonly client: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  /**
   * The `Update` item of a transaction that adds `delta` to the user's count, under
   * `condition` (an expression on `#count`, with `:delta` and any of `values`); on a failed
   * condition the cancellation carries the counter as it was.
   */
  change(
    userId: string,
    delta: number,
    condition: string,
    values: Record<string, number> = {},
  ): TransactWriteItem {
    return {
      Update: {
        TableName: this.tableName,
        Key: marshall({ [FEEDS_TABLE_KEY.partitionKey]: feedCounterId(userId) }),
        UpdateExpression: 'ADD #count :delta',
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#count': FEED_COUNT_ATTRIBUTE },
        ExpressionAttributeValues: marshall({ ':delta': delta, ...values }),
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      },
    };
  }

  /**
   * Runs `round` until it answers: a round that returns `'conflict'` (its transaction met
   * another one on the same items) is tried again after a full-jitter back-off, one that
   * returns `'again'` at once. After {@link MAX_ATTEMPTS} rounds, a {@link FeedStoreError}.
   */
  async retry<T>(what: string, round: () => Promise<T | 'conflict' | 'again'>): Promise<T> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const answer = await round();
      if (answer === 'conflict') {
        await sleep(Math.random() * 10 * 2 ** Math.min(attempt, 6));
        continue;
      }
      if (answer === 'again') continue;
      return answer;
    }
    throw new FeedStoreError(`could not ${what}: still contended after ${MAX_ATTEMPTS} attempts`);
  }

  /**
   * Sends one `TransactWriteItems` (a fresh `ClientRequestToken`, so the SDK's own retries of
   * it are idempotent) and turns a cancellation into its reasons. Any other failure is a
   * {@link FeedStoreError} with the SDK error as its cause.
   */
  async transact(what: string, items: TransactWriteItem[]): Promise<FeedTransactionOutcome> {
    try {
      await this.client.send(
        new TransactWriteItemsCommand({ TransactItems: items, ClientRequestToken: randomUUID() }),
      );
      return { applied: true };
    } catch (error) {
      if (error instanceof Error && error.name === 'TransactionCanceledException') {
        const raw =
          (error as { CancellationReasons?: { Code?: string; Item?: FeedCancellation['item'] }[] })
            .CancellationReasons ?? [];
        const reasons = raw.map((reason) => ({ code: reason.Code ?? 'None', item: reason.Item }));
        if (reasons.length === items.length) return { applied: false, reasons };
      }
      if (error instanceof Error && error.name === 'TransactionConflictException') {
        return {
          applied: false,
          reasons: items.map(() => ({ code: 'TransactionConflict', item: undefined })),
        };
      }
      throw new FeedStoreError(`could not ${what}: ${(error as Error).name}`, { cause: error });
    }
  }

  /**
   * Writes the count of a user who has no counter yet: their feeds on the `user-feeds` index
   * (every page), under `attribute_not_exists(feedCount)`. A counter that exists is left as it
   * is (another call made it first).
   */
  async initialise(userId: string): Promise<void> {
    const count = await this.countOnIndex(userId);
    try {
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: marshall({ [FEEDS_TABLE_KEY.partitionKey]: feedCounterId(userId) }),
          UpdateExpression: 'SET #count = :count',
          ConditionExpression: 'attribute_not_exists(#count)',
          ExpressionAttributeNames: { '#count': FEED_COUNT_ATTRIBUTE },
          ExpressionAttributeValues: marshall({ ':count': count }),
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return;
      throw new FeedStoreError(`could not count the feeds: ${(error as Error).name}`, {
        cause: error,
      });
    }
  }

  private async countOnIndex(userId: string): Promise<number> {
    let count = 0;
    let start: Record<string, AttributeValue> | undefined;
    do {
      const page = await this.client
        .send(
          new QueryCommand({ ...userFeedsQuery(this.tableName, userId, start), Select: 'COUNT' }),
        )
        .catch((error: unknown) => {
          throw new FeedStoreError(`could not count the feeds: ${(error as Error).name}`, {
            cause: error,
          });
        });
      count += page.Count ?? 0;
      start = page.LastEvaluatedKey;
    } while (start);
    return count;
  }
}

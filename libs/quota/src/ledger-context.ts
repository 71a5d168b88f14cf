import type { AttributeValue, DynamoDBClient, TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { QuotaInputError } from './errors';
import { transact, type TransactionOutcome } from './transact';
import { USERS_TABLE_KEY, quotaJobKey } from './users-table';
import { assertRequest } from './validation';

const DEFAULT_MAX_ATTEMPTS = 10;

/** How to build a `QuotaLedger`. */
export interface QuotaLedgerOptions {
  /** The DynamoDB client to use (pointed at AWS, or at a local endpoint such as DynamoDB Local). */
  readonly client: DynamoDBClient;
  /** The users table, keyed by `userId` (see `USERS_TABLE_KEY`), with TTL on `QUOTA_RECORD_TTL_ATTRIBUTE`. */
  readonly tableName: string;
  /** The clock; defaults to `() => new Date()`. The current ISO week and rate minute come from it. */
  readonly now?: () => Date;
  /**
   * How many rounds an operation tries before throwing `QuotaContentionError`
   * (default 10). A round is lost when another writer's transaction on the same
   * user conflicted, or the item moved on between the guess and the write.
   */
  readonly maxAttempts?: number;
}

/**
 * What every ledger operation works with: the client, the users table, the
 * clock and the retry budget. `QuotaLedger` builds one and hands it to each
 * operation module.
 */
export interface LedgerContext {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly now: () => Date;
  readonly maxAttempts: number;
}

/**
 * Checks `QuotaLedgerOptions` (`QuotaInputError` on anything wrong) and fills
 * in the defaults: the system clock and 10 attempts.
 */
export function ledgerContext(options: QuotaLedgerOptions): LedgerContext {
  assertRequest(options);
  if (options.client === undefined || options.client === null) {
    throw new QuotaInputError('client', 'a DynamoDBClient is required');
  }
  if (typeof options.tableName !== 'string' || options.tableName.length === 0) {
    throw new QuotaInputError('tableName', 'must be a non-empty string');
  }
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isSafeInteger(maxAttempts) || maxAttempts < 1) {
    throw new QuotaInputError(
      'maxAttempts',
      `must be a whole number >= 1, got ${String(maxAttempts)}`,
    );
  }
  if (options.now !== undefined && typeof options.now !== 'function') {
    throw new QuotaInputError('now', 'must be a function returning a Date');
  }
  return {
    client: options.client,
    tableName: options.tableName,
    now: options.now ?? (() => new Date()),
    maxAttempts,
  };
}

/** The context's clock, checked: `QuotaInputError` when it returns anything but a valid `Date`. */
export function clock(context: LedgerContext): Date {
  const at = context.now();
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) {
    throw new QuotaInputError('now', 'the clock returned an invalid date');
  }
  return at;
}

/** One `TransactWriteItems` on the context's table, its cancellation reasons as data. */
export async function transactIn(
  context: LedgerContext,
  items: TransactWriteItem[],
): Promise<TransactionOutcome> {
  return transact(context.client, context.tableName, items);
}

/** The key of a user's item in the users table. */
export function userKey(userId: string): Record<string, AttributeValue> {
  return { [USERS_TABLE_KEY.partitionKey]: { S: userId } };
}

/** The key of a job's record in the users table (`quotaJobKey`). */
export function recordKey(userId: string, jobId: string): Record<string, AttributeValue> {
  return { [USERS_TABLE_KEY.partitionKey]: { S: quotaJobKey(userId, jobId) } };
}

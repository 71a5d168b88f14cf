import type { AttributeValue, DynamoDBClient, TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { QuotaInputError } from './errors';
import type { QuotaLedgerOptions } from './ledger-types';
import { transact, type TransactionOutcome } from './transact';
import { USERS_TABLE_KEY, quotaJobKey } from './users-table';
import { assertRequest } from './validation';

const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * What every ledger operation works with: the client, the users table, the
 * clock and the retry budget. `QuotaLedger` builds one and hands it to each
 * operation module.
 *
 * @example
 * ```ts
 * const context = ledgerContext({ client: new DynamoDBClient({}), tableName: 'users' });
 * const result = await reserve(context, { userId: 'u-1', jobId: 'job-1', cost: 4, weeklyLimit: 200 });
 * ```
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
 *
 * @example
 * ```ts
 * const context = ledgerContext({ client, tableName: 'users', maxAttempts: 3 });
 * ```
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

/**
 * The context's clock, checked: `QuotaInputError` when it returns anything but a valid `Date`.
 *
 * @example
 * ```ts
 * const week = isoWeekKey(clock(context));
 * ```
 */
export function clock(context: LedgerContext): Date {
  const at = context.now();
  if (!(at instanceof Date) || Number.isNaN(at.getTime())) {
    throw new QuotaInputError('now', 'the clock returned an invalid date');
  }
  return at;
}

/**
 * One `TransactWriteItems` on the context's table, its cancellation reasons as data.
 *
 * @example
 * ```ts
 * const outcome = await transactIn(context, [{ Update: counters }, { Put: record }]);
 * ```
 */
export async function transactIn(
  context: LedgerContext,
  items: TransactWriteItem[],
): Promise<TransactionOutcome> {
  return transact(context.client, context.tableName, items);
}

/**
 * The key of a user's item in the users table.
 *
 * @example
 * ```ts
 * userKey('u-1'); // { userId: { S: 'u-1' } }
 * ```
 */
export function userKey(userId: string): Record<string, AttributeValue> {
  return { [USERS_TABLE_KEY.partitionKey]: { S: userId } };
}

/**
 * The key of a job's record in the users table (`quotaJobKey`).
 *
 * @example
 * ```ts
 * recordKey('u-1', 'job-1'); // { userId: { S: 'quota-job#u-1#job-1' } }
 * ```
 */
export function recordKey(userId: string, jobId: string): Record<string, AttributeValue> {
  return { [USERS_TABLE_KEY.partitionKey]: { S: quotaJobKey(userId, jobId) } };
}

import { randomUUID } from 'node:crypto';
import {
  TransactWriteItemsCommand,
  type AttributeValue,
  type DynamoDBClient,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { toQuotaError } from './aws-errors';
import { QuotaThrottledError } from './errors';

/** Why one item of a cancelled transaction did not apply, with the item as it was (`ALL_OLD`). */
export interface CancellationReason {
  readonly code: string;
  readonly item: Record<string, AttributeValue> | undefined;
}

/** What a transaction did: applied, or cancelled with one reason per item (in order). */
export type TransactionOutcome =
  | { readonly applied: true }
  | {
      readonly applied: false;
      readonly conflict: boolean;
      readonly reasons: readonly CancellationReason[];
    };

const THROTTLED_CODES = new Set([
  'ThrottlingError',
  'ProvisionedThroughputExceeded',
  'RequestLimitExceeded',
]);

/**
 * Sends one `TransactWriteItems` (with a fresh `ClientRequestToken`, so the
 * SDK's own retries of it are idempotent) and turns a cancellation into its
 * reasons. A condition failure or a conflict with another transaction is an
 * outcome, not an error; throttling becomes `QuotaThrottledError`, a missing
 * table `QuotaTableNotFoundError`, and any other error is rethrown unchanged.
 */
export async function transact(
  client: DynamoDBClient,
  tableName: string,
  items: readonly TransactWriteItem[],
): Promise<TransactionOutcome> {
  try {
    await client.send(
      new TransactWriteItemsCommand({
        TransactItems: [...items],
        ClientRequestToken: randomUUID(),
      }),
    );
    return { applied: true };
  } catch (error) {
    if (error instanceof Error && error.name === 'TransactionCanceledException') {
      const raw =
        (
          error as {
            CancellationReasons?: { Code?: string; Item?: Record<string, AttributeValue> }[];
          }
        ).CancellationReasons ?? [];
      const reasons = raw.map((reason) => ({ code: reason.Code ?? 'None', item: reason.Item }));
      if (reasons.some((reason) => THROTTLED_CODES.has(reason.code))) {
        throw new QuotaThrottledError(tableName, error);
      }
      const known = reasons.every((reason) =>
        ['None', 'ConditionalCheckFailed', 'TransactionConflict'].includes(reason.code),
      );
      if (!known || reasons.length !== items.length) throw error;
      return {
        applied: false,
        conflict: reasons.some((reason) => reason.code === 'TransactionConflict'),
        reasons,
      };
    }
    if (error instanceof Error && error.name === 'TransactionConflictException') {
      return {
        applied: false,
        conflict: true,
        reasons: items.map(() => ({ code: 'None', item: undefined })),
      };
    }
    throw toQuotaError(error, tableName);
  }
}

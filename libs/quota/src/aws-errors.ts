import { QuotaTableNotFoundError, QuotaThrottledError } from './errors';

const THROTTLING_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);

/** Whether an SDK error is DynamoDB refusing a write because its condition was false. */
export function isConditionalCheckFailed(error: unknown): boolean {
  return errorName(error) === 'ConditionalCheckFailedException';
}

/**
 * Maps the DynamoDB errors the ledger understands to domain errors (keeping the
 * SDK error as `cause`) and returns every other error unchanged, for rethrowing.
 */
export function toQuotaError(error: unknown, tableName: string): unknown {
  const name = errorName(error);
  if (name === 'ResourceNotFoundException') return new QuotaTableNotFoundError(tableName, error);
  if (name !== undefined && THROTTLING_ERRORS.has(name))
    return new QuotaThrottledError(tableName, error);
  return error;
}

function errorName(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

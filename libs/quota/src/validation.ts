import { QuotaInputError } from './errors';
import { MAX_JOB_ID_BYTES, MAX_USER_ID_BYTES, QUOTA_KEY_PREFIXES } from './users-table';

/** Throws `QuotaInputError` unless `value` is a non-blank string of at most `maxBytes` UTF-8 bytes. */
export function assertId(field: string, value: unknown, maxBytes: number): asserts value is string {
  if (typeof value !== 'string' || value.trim().length === 0) {
    throw new QuotaInputError(field, `must be a non-empty string, got ${describe(value)}`);
  }
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > maxBytes) {
    throw new QuotaInputError(field, `must be at most ${maxBytes} UTF-8 bytes, got ${bytes}`);
  }
}

/** Throws `QuotaInputError` unless `value` is a safe integer >= 0. */
export function assertSlots(field: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new QuotaInputError(
      field,
      `must be a whole number of slots >= 0, got ${describe(value)}`,
    );
  }
}

/** Throws `QuotaInputError` unless `value` is a non-null object. */
export function assertRequest(value: unknown): asserts value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) {
    throw new QuotaInputError('request', `must be an object, got ${describe(value)}`);
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  return value === null ? 'null' : typeof value;
}

/**
 * Throws `QuotaInputError` unless `value` is a valid user id: a non-blank
 * string of at most `MAX_USER_ID_BYTES` that does not start with one of the
 * ledger's own key prefixes (so a user can never be mistaken for a record).
 */
export function assertUserId(value: unknown): asserts value is string {
  assertId('userId', value, MAX_USER_ID_BYTES);
  for (const prefix of Object.values(QUOTA_KEY_PREFIXES)) {
    if (value.startsWith(prefix)) {
      throw new QuotaInputError('userId', `must not start with ${JSON.stringify(prefix)}`);
    }
  }
}

/** Throws `QuotaInputError` unless `request` names a valid user and job. */
export function assertJobRef(
  request: unknown,
): asserts request is { readonly userId: string; readonly jobId: string } {
  assertRequest(request);
  assertUserId(request['userId']);
  assertId('jobId', request['jobId'], MAX_JOB_ID_BYTES);
}

/** Throws `QuotaInputError` unless `request` names a valid user and job and a cost. */
export function assertJobCost(request: unknown): asserts request is {
  readonly userId: string;
  readonly jobId: string;
  readonly cost: number;
} {
  assertJobRef(request);
  assertSlots('cost', (request as Record<string, unknown>)['cost']);
}

/** Throws `QuotaInputError` unless `request` names a valid user and job, a cost and a weekly limit. */
export function assertJobCharge(request: unknown): asserts request is {
  readonly userId: string;
  readonly jobId: string;
  readonly cost: number;
  readonly weeklyLimit: number;
} {
  assertJobCost(request);
  assertSlots('weeklyLimit', (request as Record<string, unknown>)['weeklyLimit']);
}

import { QuotaInputError } from './errors';

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

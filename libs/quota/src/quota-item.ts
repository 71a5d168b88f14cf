import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { QuotaError, QuotaStateError } from './errors';
import { weekWindow } from './iso-week';
import { QUOTA_ATTRIBUTES } from './users-table';

/** The ledger's view of one user's item, decoded from DynamoDB attribute values. */
export interface QuotaItem {
  /** The stored week key, or undefined when the user has never been charged. */
  readonly week: string | undefined;
  readonly count: number;
  /** The job ids charged in `week`, or undefined when the attribute is absent. */
  readonly chargedJobs: ReadonlySet<string> | undefined;
  readonly previousWeek: string | undefined;
  readonly previousCount: number;
  readonly previousChargedJobs: ReadonlySet<string> | undefined;
}

const WEEK_KEY_SHAPE = /^\d{4}-W\d{2}$/;

/** Decodes a user's item (possibly absent); throws `QuotaStateError` when its quota attributes are malformed. */
export function decodeQuotaItem(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
): QuotaItem {
  return {
    week: weekAttribute(userId, item, QUOTA_ATTRIBUTES.week),
    count: countAttribute(userId, item, QUOTA_ATTRIBUTES.count),
    chargedJobs: jobsAttribute(userId, item, QUOTA_ATTRIBUTES.chargedJobs),
    previousWeek: weekAttribute(userId, item, QUOTA_ATTRIBUTES.previousWeek),
    previousCount: countAttribute(userId, item, QUOTA_ATTRIBUTES.previousCount),
    previousChargedJobs: jobsAttribute(userId, item, QUOTA_ATTRIBUTES.previousChargedJobs),
  };
}

function weekAttribute(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
  name: string,
): string | undefined {
  const value = item?.[name];
  if (value === undefined) return undefined;
  if (value.S === undefined || !WEEK_KEY_SHAPE.test(value.S)) {
    throw new QuotaStateError(userId, `${name} is not a YYYY-Www string`);
  }
  try {
    weekWindow(value.S);
  } catch (error) {
    if (error instanceof QuotaError)
      throw new QuotaStateError(userId, `${name} is not an ISO week: ${value.S}`);
    throw error;
  }
  return value.S;
}

function countAttribute(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
  name: string,
): number {
  const value = item?.[name];
  if (value === undefined) return 0;
  const count = value.N === undefined ? Number.NaN : Number(value.N);
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new QuotaStateError(userId, `${name} is not a whole number >= 0`);
  }
  return count;
}

function jobsAttribute(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
  name: string,
): ReadonlySet<string> | undefined {
  const value = item?.[name];
  if (value === undefined) return undefined;
  if (value.SS === undefined) throw new QuotaStateError(userId, `${name} is not a string set`);
  return new Set(value.SS);
}

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { QuotaError, QuotaStateError } from './errors';
import { weekWindow } from './iso-week';
import {
  QUOTA_ATTRIBUTES,
  QUOTA_HISTORY_ATTRIBUTE_PREFIX,
  USER_PLAN_ATTRIBUTE,
} from './users-table';

/** The ledger's view of one user's item, decoded from DynamoDB attribute values. */
export interface QuotaItem {
  /** The stored week key, or undefined when the ledger never wrote this user's counters. */
  readonly week: string | undefined;
  readonly used: number;
  readonly reserved: number;
  readonly granted: number;
  readonly committed: number;
  readonly inFlight: number;
  readonly rateWindow: number | undefined;
  readonly rateCount: number;
  readonly plan: string | undefined;
  /** Slots used in each past week the item keeps (`quotaUsedIn#<week>`), by week key. */
  readonly pastWeeks: Readonly<Record<string, number>>;
}

const WEEK_KEY_SHAPE = /^\d{4}-W\d{2}$/;
const A = QUOTA_ATTRIBUTES;

/**
 * Decodes a user's item (possibly absent). Throws `QuotaStateError` when its
 * quota attributes are malformed or inconsistent (`committed` must be
 * `used + reserved - granted`): the ledger refuses to guess.
 */
export function decodeQuotaItem(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
): QuotaItem {
  const week = weekAttribute(userId, item, A.week);
  const decoded: QuotaItem = {
    week,
    used: numberAttribute(userId, item, A.used, false),
    reserved: numberAttribute(userId, item, A.reserved, false),
    granted: numberAttribute(userId, item, A.granted, false),
    committed: numberAttribute(userId, item, A.committed, true),
    inFlight: numberAttribute(userId, item, A.inFlight, false),
    rateWindow: item?.[A.rateWindow]
      ? numberAttribute(userId, item, A.rateWindow, false)
      : undefined,
    rateCount: numberAttribute(userId, item, A.rateCount, false),
    plan: item?.[USER_PLAN_ATTRIBUTE]?.S,
    pastWeeks: pastWeeksOf(userId, item),
  };
  if (week !== undefined && item?.[A.committed] === undefined) {
    throw new QuotaStateError(userId, `${A.week} is set but ${A.committed} is missing`);
  }
  if (decoded.committed !== decoded.used + decoded.reserved - decoded.granted) {
    throw new QuotaStateError(
      userId,
      `${A.committed} (${decoded.committed}) is not ${A.used} + ${A.reserved} - ${A.granted}`,
    );
  }
  return decoded;
}

/** The `quotaUsedIn#<week>` attributes of an item, decoded (malformed ones throw `QuotaStateError`). */
function pastWeeksOf(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
): Record<string, number> {
  const weeks: Record<string, number> = {};
  for (const name of Object.keys(item ?? {})) {
    if (!name.startsWith(QUOTA_HISTORY_ATTRIBUTE_PREFIX)) continue;
    const week = name.slice(QUOTA_HISTORY_ATTRIBUTE_PREFIX.length);
    weekAttribute(userId, { [name]: { S: week } }, name);
    weeks[week] = numberAttribute(userId, item, name, false);
  }
  return weeks;
}

/** Throws `QuotaStateError` unless the attribute is absent or a real ISO week key. */
export function weekAttribute(
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

/** A whole number (0 when absent); negative only where `signed` (committed can go below 0 with grants). */
export function numberAttribute(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
  name: string,
  signed: boolean,
): number {
  const value = item?.[name];
  if (value === undefined) return 0;
  const count = value.N === undefined ? Number.NaN : Number(value.N);
  if (!Number.isSafeInteger(count) || (!signed && count < 0)) {
    throw new QuotaStateError(userId, `${name} is not a whole number${signed ? '' : ' >= 0'}`);
  }
  return count;
}

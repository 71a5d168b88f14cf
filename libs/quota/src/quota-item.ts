import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { QuotaError, QuotaStateError } from './errors';
import { weekWindow } from './iso-week';
import {
  QUOTA_ATTRIBUTES,
  QUOTA_DRAFT_ATTRIBUTES,
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
  /**
   * True for an item of the post's design (`quotaWeek` and `quotaCount` alone): read as
   * `used = quotaCount` with nothing reserved, granted or in flight (`committed = used`).
   * A write in its week upgrades it first (`upgradePostItem`); a write in a later week
   * starts that week from it, as from any item.
   */
  readonly fromPost: boolean;
  /** The week drafts were last counted in (`quotaDraftWeek`), or undefined when never. */
  readonly draftWeek: string | undefined;
  /** Drafts counted in `draftWeek` (`quotaDraftCount`; 0 when absent). */
  readonly drafts: number;
}

const WEEK_KEY_SHAPE = /^\d{4}-W\d{2}$/;
const A = QUOTA_ATTRIBUTES;

/**
 * The post's design writes these two of the quota attributes (`quota…`) and no
 * other: an item with any other one (the ledger's counters, kept weeks, an older
 * design's job set) is not the post's, and without `committed` it is refused. The
 * draft count is apart from the slot counters (its own week, never read by a slot
 * operation), so a post's item with drafts counted is still the post's.
 */
const POST_ATTRIBUTES: readonly string[] = [
  A.week,
  A.used,
  QUOTA_DRAFT_ATTRIBUTES.week,
  QUOTA_DRAFT_ATTRIBUTES.count,
];
const QUOTA_ATTRIBUTE_PREFIX = 'quota';

/**
 * Decodes a user's item (possibly absent). Throws `QuotaStateError` when its
 * quota attributes are malformed or inconsistent (`committed` must be
 * `used + reserved - granted`): the ledger refuses to guess. The one shape it
 * reads without `committed` is the post's (`quotaWeek` and `quotaCount`, no
 * other `quota…` attribute): `used = quotaCount`, `committed = used`, `fromPost`.
 */
export function decodeQuotaItem(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
): QuotaItem {
  const week = weekAttribute(userId, item, A.week);
  const fromPost = week !== undefined && item?.[A.committed] === undefined;
  if (fromPost) assertPostShape(userId, item);
  const used = numberAttribute(userId, item, A.used, false);
  const decoded: QuotaItem = {
    week,
    used,
    reserved: numberAttribute(userId, item, A.reserved, false),
    granted: numberAttribute(userId, item, A.granted, false),
    committed: fromPost ? used : numberAttribute(userId, item, A.committed, true),
    inFlight: numberAttribute(userId, item, A.inFlight, false),
    rateWindow: item?.[A.rateWindow]
      ? numberAttribute(userId, item, A.rateWindow, false)
      : undefined,
    rateCount: numberAttribute(userId, item, A.rateCount, false),
    plan: item?.[USER_PLAN_ATTRIBUTE]?.S,
    pastWeeks: pastWeeksOf(userId, item),
    fromPost,
    draftWeek: weekAttribute(userId, item, QUOTA_DRAFT_ATTRIBUTES.week),
    drafts: numberAttribute(userId, item, QUOTA_DRAFT_ATTRIBUTES.count, false),
  };
  if (decoded.committed !== decoded.used + decoded.reserved - decoded.granted) {
    throw new QuotaStateError(
      userId,
      `${A.committed} (${decoded.committed}) is not ${A.used} + ${A.reserved} - ${A.granted}`,
    );
  }
  return decoded;
}

/**
 * A week without `committed` is read only as the post's item: `quotaCount` set, and
 * no other `quota…` attribute (else `QuotaStateError`).
 */
function assertPostShape(userId: string, item: Record<string, AttributeValue> | undefined): void {
  const missing = `${A.week} is set but ${A.committed} is missing`;
  if (item?.[A.used] === undefined) {
    throw new QuotaStateError(userId, `${missing}, and so is ${A.used}`);
  }
  const others = Object.keys(item).filter(
    (name) => name.startsWith(QUOTA_ATTRIBUTE_PREFIX) && !POST_ATTRIBUTES.includes(name),
  );
  if (others.length > 0) {
    throw new QuotaStateError(
      userId,
      `${missing}, and ${others.sort().join(', ')} make it more than the post's ${A.week} and ${A.used}`,
    );
  }
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

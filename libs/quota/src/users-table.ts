/**
 * The key of the users table the ledger writes to: partition key `userId`, a
 * string, and no sort key. Infrastructure creates the table from this.
 */
export const USERS_TABLE_KEY = Object.freeze({
  partitionKey: 'userId',
  partitionKeyType: 'S',
} as const);

/**
 * The attributes the ledger reads and writes on a user's item (all other
 * attributes are left untouched, except `plan`, which `setPlan` writes). Every
 * write keeps `committed = used + reserved - granted`, the one number the
 * weekly limit is checked against in a condition (DynamoDB conditions cannot add):
 *
 * - `week` (`quotaWeek`, S): the ISO week key the counters belong to; it never moves backwards.
 * - `used` (`quotaCount`, N): slots charged in that week.
 * - `reserved` (`quotaReserved`, N): slots held by jobs reserved in that week and not yet settled or released.
 * - `granted` (`quotaGranted`, N): extra slots granted for that week.
 * - `committed` (`quotaCommitted`, N): `used + reserved - granted`.
 * - `inFlight` (`quotaInFlight`, N): open reservations, whatever their week (not reset at rollover).
 * - `rateWindow` (`quotaRateWindow`, N) and `rateCount` (`quotaRateCount`, N): the minute
 *   (epoch minutes) of the latest reservation and how many were made in it.
 *
 * An item of the post's design (`quotaWeek` and `quotaCount` alone) is read as
 * `used = quotaCount`, nothing else held; the first write in its week sets
 * `committed` from the count under a condition (see docs/decisions/quota-post-item-upgrade.md).
 */
export const QUOTA_ATTRIBUTES = Object.freeze({
  week: 'quotaWeek',
  used: 'quotaCount',
  reserved: 'quotaReserved',
  granted: 'quotaGranted',
  committed: 'quotaCommitted',
  inFlight: 'quotaInFlight',
  rateWindow: 'quotaRateWindow',
  rateCount: 'quotaRateCount',
} as const);

/**
 * The attributes of a user's item counting drafts (scripts written for review, nothing
 * spoken), apart from the slot counters and with their own week: `week`
 * (`quotaDraftWeek`, S), the ISO week the count belongs to, which never moves backwards,
 * and `count` (`quotaDraftCount`, N), the drafts counted in it. `QuotaLedger.countDraft`
 * writes them; no slot operation reads or changes them.
 */
export const QUOTA_DRAFT_ATTRIBUTES = Object.freeze({
  week: 'quotaDraftWeek',
  count: 'quotaDraftCount',
} as const);

/**
 * The attribute of a user's item naming their plan (a key of `PLANS`), which
 * `QuotaLedger.setPlan` writes and `QuotaLedger.planOf` reads.
 */
export const USER_PLAN_ATTRIBUTE = 'plan';

/**
 * The attributes of the ledger's per-job record, a small item of its own in the
 * users table (key: `quotaJobKey(userId, jobId)`), which makes every operation
 * on a job idempotent:
 *
 * - `state` (`quotaJobState`, S): `reserved`, `settled`, `released` or `refunded`.
 * - `week` (`quotaJobWeek`, S): the week the hold was taken in (or the charge made in, without a hold).
 * - `held` (`quotaJobHeld`, N): the slots held at reservation (the quote).
 * - `charged` (`quotaJobCharged`, N) and `chargedWeek` (`quotaJobChargedWeek`, S): what settling charged, where.
 * - `measured` (`quotaJobMeasured`, N): the cost of the audio as measured, before the quote capped it.
 */
export const QUOTA_JOB_ATTRIBUTES = Object.freeze({
  state: 'quotaJobState',
  week: 'quotaJobWeek',
  held: 'quotaJobHeld',
  charged: 'quotaJobCharged',
  chargedWeek: 'quotaJobChargedWeek',
  measured: 'quotaJobMeasured',
} as const);

/**
 * The attributes of the ledger's per-operation record (a grant), an item of its
 * own keyed by `quotaOperationKey(userId, operationId)`:
 * `kind` (`quotaOperationKind`, S), `slots` (`quotaOperationSlots`, N) and
 * `week` (`quotaOperationWeek`, S).
 */
export const QUOTA_OPERATION_ATTRIBUTES = Object.freeze({
  kind: 'quotaOperationKind',
  slots: 'quotaOperationSlots',
  week: 'quotaOperationWeek',
} as const);

/**
 * Prefix of the attributes on a user's item that keep the slots used in each
 * past week (`quotaUsedIn#2026-W48`): copied from the week's `used` counter when
 * the next week starts, in the same conditional write (a past week's usage is
 * final by then: refunds and hold-week charges only touch the stored week).
 */
export const QUOTA_HISTORY_ATTRIBUTE_PREFIX = 'quotaUsedIn#';

/** The attribute keeping the slots used in `week` once it has ended. */
export function quotaHistoryAttribute(week: string): string {
  return `${QUOTA_HISTORY_ATTRIBUTE_PREFIX}${week}`;
}

/**
 * How many weeks of usage the ledger keeps and answers (the current one included):
 * older weeks' attributes are removed when a week starts, so the user's item stays small.
 */
export const QUOTA_HISTORY_WEEKS = 26;

/**
 * The time-to-live attribute (epoch seconds) of the ledger's job, draft and operation
 * records: the end of the week after their week, so they outlive every retry,
 * redelivery and refund that can still matter. The users table enables TTL on it.
 */
export const QUOTA_RECORD_TTL_ATTRIBUTE = 'quotaExpiresAt';

/**
 * The prefixes of the ledger's own keys in the users table. A user id may not
 * start with any of them (`QuotaInputError`), so a record can never be taken for a user.
 */
export const QUOTA_KEY_PREFIXES = Object.freeze({
  job: 'quota-job#',
  operation: 'quota-op#',
  draft: 'quota-draft#',
} as const);

/** The users-table key of the ledger's record of one job. */
export function quotaJobKey(userId: string, jobId: string): string {
  return `${QUOTA_KEY_PREFIXES.job}${userId}#${jobId}`;
}

/**
 * The users-table key of the ledger's record that one job was counted as a draft (apart from
 * its job record, which a later reservation of the same job writes).
 */
export function quotaDraftKey(userId: string, jobId: string): string {
  return `${QUOTA_KEY_PREFIXES.draft}${userId}#${jobId}`;
}

/** The users-table key of the ledger's record of one operation (a grant). */
export function quotaOperationKey(userId: string, operationId: string): string {
  return `${QUOTA_KEY_PREFIXES.operation}${userId}#${operationId}`;
}

/**
 * The longest accepted job id, in UTF-8 bytes: the Step Functions execution-name
 * limit, since the pipeline names each execution after its job.
 */
export const MAX_JOB_ID_BYTES = 80;

/**
 * The longest accepted user id, in UTF-8 bytes (DynamoDB's partition key limit
 * is 2,048 bytes; the ledger's record keys hold a user id and a job id, so both are kept short).
 */
export const MAX_USER_ID_BYTES = 256;

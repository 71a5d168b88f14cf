/**
 * The key of the users table the ledger writes to: partition key `userId`, a
 * string, and no sort key. Infrastructure creates the table from this.
 *
 * @example
 * ```ts
 * new dynamodb.TableV2(this, 'Users', {
 *   partitionKey: { name: USERS_TABLE_KEY.partitionKey, type: dynamodb.AttributeType.STRING },
 * });
 * ```
 */
export const USERS_TABLE_KEY = Object.freeze({
  partitionKey: 'userId',
  partitionKeyType: 'S',
} as const);

/**
 * The attributes the ledger reads and writes on a user's item (all other
 * attributes, such as `plan`, are left untouched):
 *
 * - `week` (`quotaWeek`, S): the ISO week key the counter belongs to; it never moves backwards.
 * - `count` (`quotaCount`, N): slots used in that week.
 * - `chargedJobs` (`quotaChargedJobs`, SS): the job ids charged in that week.
 * - `previousWeek` (`quotaPreviousWeek`, S), `previousCount` (`quotaPreviousCount`, N),
 *   `previousChargedJobs` (`quotaPreviousChargedJobs`, SS): the same three for the week
 *   that was current before the last rollover, kept so that a job retried just after
 *   Monday 00:00Z is not charged again.
 *
 * @example
 * ```ts
 * const projection = [QUOTA_ATTRIBUTES.week, QUOTA_ATTRIBUTES.count].join(', ');
 * ```
 */
export const QUOTA_ATTRIBUTES = Object.freeze({
  week: 'quotaWeek',
  count: 'quotaCount',
  chargedJobs: 'quotaChargedJobs',
  previousWeek: 'quotaPreviousWeek',
  previousCount: 'quotaPreviousCount',
  previousChargedJobs: 'quotaPreviousChargedJobs',
} as const);

/**
 * The most jobs one user can be charged for in one week. With job ids of at most
 * `MAX_JOB_ID_BYTES` and two weeks of ids on the item, this bounds the ledger's
 * share of an item to about 2 × 2,000 × 80 B = 320 KB, under DynamoDB's 400 KB
 * item limit. A job costs at least one slot (zero-cost jobs are capped
 * separately, see `jobSetCap`), so under every plan's limit it is never reached.
 *
 * @example
 * ```ts
 * MAX_CHARGED_JOBS_PER_WEEK; // 2000
 * ```
 */
export const MAX_CHARGED_JOBS_PER_WEEK = 2000;

/**
 * The longest accepted job id, in UTF-8 bytes: the Step Functions execution-name
 * limit, since the pipeline names each execution after its job.
 *
 * @example
 * ```ts
 * Buffer.byteLength(crypto.randomUUID()) <= MAX_JOB_ID_BYTES; // true (36)
 * ```
 */
export const MAX_JOB_ID_BYTES = 80;

/**
 * The longest accepted user id, in UTF-8 bytes (DynamoDB's partition key limit
 * is 2,048 bytes; the ledger keeps ids short so the item bound above holds).
 *
 * @example
 * ```ts
 * MAX_USER_ID_BYTES; // 256
 * ```
 */
export const MAX_USER_ID_BYTES = 256;

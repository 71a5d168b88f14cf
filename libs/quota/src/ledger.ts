import {
  GetItemCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { isConditionalCheckFailed, toQuotaError } from './aws-errors';
import {
  QuotaCapacityError,
  QuotaContentionError,
  QuotaInputError,
  QuotaStateError,
} from './errors';
import { explainRefusal } from './explain-refusal';
import { jobSetCap } from './job-set-cap';
import { isoWeekKey, weekWindow } from './iso-week';
import { decodeQuotaItem, type QuotaItem } from './quota-item';
import {
  MAX_JOB_ID_BYTES,
  MAX_USER_ID_BYTES,
  QUOTA_ATTRIBUTES,
  USERS_TABLE_KEY,
} from './users-table';
import { assertId, assertRequest, assertSlots } from './validation';

/**
 * How to build a `QuotaLedger`.
 *
 * @example
 * ```ts
 * const options: QuotaLedgerOptions = { client: new DynamoDBClient({}), tableName: 'users' };
 * ```
 */
export interface QuotaLedgerOptions {
  /** The DynamoDB client to use (pointed at AWS, or at a local endpoint such as dynalite). */
  readonly client: DynamoDBClient;
  /** The users table, keyed by `userId` (see `USERS_TABLE_KEY`). */
  readonly tableName: string;
  /** The clock; defaults to `() => new Date()`. The current ISO week comes from it. */
  readonly now?: () => Date;
  /**
   * How many rounds `deduct` tries before throwing `QuotaContentionError`
   * (default 5). A round is only lost when another writer moved the user's week
   * on meanwhile, which happens at most a few times per charge.
   */
  readonly maxAttempts?: number;
}

/**
 * A request to charge a finished job to a user's weekly quota.
 *
 * @example
 * ```ts
 * const request: DeductRequest = { userId: 'u-1', jobId: 'job-1', cost: 30, weeklyLimit: 200 };
 * ```
 */
export interface DeductRequest {
  readonly userId: string;
  /** Identifies the job: the same job is charged at most once (see the README). At most 80 UTF-8 bytes. */
  readonly jobId: string;
  /** Slots to charge, a whole number >= 0 (see `quotaCost`). */
  readonly cost: number;
  /** The user's weekly limit in slots, a whole number >= 0 (see `weeklyLimitFor`). */
  readonly weeklyLimit: number;
}

/**
 * What `deduct` did: `charged` (the cost was added), `already_charged` (this job
 * was charged before; nothing changed) or `over_limit` (charging would exceed
 * the limit; nothing changed). `week` is the week the job was (or would have
 * been) charged to and `used` the slots used in that week afterwards.
 *
 * @example
 * ```ts
 * const result: DeductResult = { outcome: 'charged', week: '2026-W49', used: 30, limit: 200 };
 * ```
 */
export interface DeductResult {
  readonly outcome: 'charged' | 'already_charged' | 'over_limit';
  readonly week: string;
  readonly used: number;
  readonly limit: number;
}

/**
 * A best-effort question: would a job of this cost fit in the user's week now?
 *
 * @example
 * ```ts
 * const request: PreflightRequest = { userId: 'u-1', cost: 30, weeklyLimit: 200 };
 * ```
 */
export interface PreflightRequest {
  readonly userId: string;
  readonly cost: number;
  readonly weeklyLimit: number;
}

/**
 * The answer to a preflight: `allowed` is whether `cost` fits in `remaining`.
 *
 * @example
 * ```ts
 * if (!result.allowed) reject(`quota resets at ${result.resetsAt.toISOString()}`);
 * ```
 */
export interface PreflightResult {
  readonly allowed: boolean;
  readonly week: string;
  readonly used: number;
  readonly remaining: number;
  readonly limit: number;
  readonly resetsAt: Date;
}

/**
 * Which user's usage to read, against which limit.
 *
 * @example
 * ```ts
 * const request: UsageRequest = { userId: 'u-1', weeklyLimit: weeklyLimitFor(user.plan) };
 * ```
 */
export interface UsageRequest {
  readonly userId: string;
  readonly weeklyLimit: number;
}

/**
 * A user's usage in the current week; `resetsAt` is the next Monday 00:00Z.
 *
 * @example
 * ```ts
 * console.log(`${result.used}/${result.limit} slots used in ${result.week}`);
 * ```
 */
export interface UsageResult {
  readonly week: string;
  readonly used: number;
  readonly remaining: number;
  readonly limit: number;
  readonly resetsAt: Date;
}

/**
 * Which job of which user to look up in the ledger's memory of charged jobs.
 *
 * @example
 * ```ts
 * const request: WasChargedRequest = { userId: 'u-1', jobId: 'job-1' };
 * ```
 */
export interface WasChargedRequest {
  readonly userId: string;
  readonly jobId: string;
}

const DEFAULT_MAX_ATTEMPTS = 5;
const A = QUOTA_ATTRIBUTES;

/*
 * The in-week charge, the one call of the common case. Its expressions are
 * constants with one-letter placeholders, and the two `contains` tests come
 * first: DynamoDB parses every expression on every request, and this spelling
 * and order is the cheapest to parse that dynalite was measured with (see the
 * README's benchmark notes). The condition means: the job is in neither
 * week's set, the week has room for the cost, and the stored week is `:w`.
 */
const IN_WEEK_UPDATE = 'ADD #c :c, #j :s';
const IN_WEEK_CONDITION = 'NOT contains(#j,:i) AND NOT contains(#p,:i) AND #c<=:r AND #w=:w';
/** The same, plus the job-set size check for charges the count alone does not bound. */
const IN_WEEK_CONDITION_CAPPED = `${IN_WEEK_CONDITION} AND (attribute_not_exists(#j) OR size(#j)<:n)`;
const IN_WEEK_NAMES: Readonly<Record<string, string>> = Object.freeze({
  '#w': A.week,
  '#c': A.count,
  '#j': A.chargedJobs,
  '#p': A.previousChargedJobs,
});

/**
 * The weekly quota ledger on the users table. `deduct` is the authority: one
 * conditional `UpdateItem` in the common case, no transactions, no locks and no
 * read before the write; it never lets usage exceed the limit, never moves a
 * stored week backwards, never charges a job that alone exceeds the limit and
 * charges each job at most once. `preflight` and `usage` are plain reads.
 *
 * @example
 * ```ts
 * const ledger = new QuotaLedger({ client: new DynamoDBClient({}), tableName: 'users' });
 * const cost = quotaCost('neural', measuredSeconds);
 * const result = await ledger.deduct({ userId, jobId, cost, weeklyLimit: weeklyLimitFor(plan) });
 * if (result.outcome === 'over_limit') await markJob(jobId, 'quota_exceeded');
 * ```
 */
export class QuotaLedger {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;
  private readonly now: () => Date;
  private readonly maxAttempts: number;

  constructor(options: QuotaLedgerOptions) {
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
    this.client = options.client;
    this.tableName = options.tableName;
    this.now = options.now ?? (() => new Date());
    this.maxAttempts = maxAttempts;
  }

  /**
   * Charges `cost` slots for `jobId` to the user's current week, atomically.
   * Resolves `over_limit` (nothing written) when the week has less room than
   * `cost`, and `already_charged` (nothing written) when this job was charged
   * in the stored week or the one before it. Throws `QuotaInputError` before any
   * I/O on bad input, `QuotaContentionError` after `maxAttempts` contended
   * rounds, `QuotaCapacityError` when the week's job set is full (see the
   * README's item-size bound), `QuotaTableNotFoundError` /
   * `QuotaThrottledError` for those DynamoDB errors, and rethrows any other.
   *
   * @example
   * ```ts
   * const result = await ledger.deduct({ userId: 'u-1', jobId: 'job-1', cost: 30, weeklyLimit: 200 });
   * // { outcome: 'charged', week: '2026-W49', used: 30, limit: 200 }
   * ```
   */
  async deduct(request: DeductRequest): Promise<DeductResult> {
    assertRequest(request);
    const { userId, jobId, cost, weeklyLimit } = request;
    assertId('userId', userId, MAX_USER_ID_BYTES);
    assertId('jobId', jobId, MAX_JOB_ID_BYTES);
    assertSlots('cost', cost);
    assertSlots('weeklyLimit', weeklyLimit);
    let week = isoWeekKey(this.now());

    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      const used = await this.chargeIntoWeek(userId, jobId, cost, weeklyLimit, week);
      if (used !== undefined) return { outcome: 'charged', week, used, limit: weeklyLimit };

      const item = await this.read(userId, true);
      const refusal = explainRefusal(
        item,
        { jobId, cost, weeklyLimit, week },
        jobSetCap(cost, weeklyLimit),
      );
      switch (refusal.kind) {
        case 'already_charged':
        case 'over_limit':
          return {
            outcome: refusal.kind,
            week: refusal.week,
            used: refusal.used,
            limit: weeklyLimit,
          };
        case 'roll_over':
          if (await this.rollOver(userId, jobId, cost, week, item)) {
            return { outcome: 'charged', week, used: cost, limit: weeklyLimit };
          }
          break;
        case 'follow_newer_week':
          week = refusal.week;
          break;
        case 'jobs_full':
          throw new QuotaCapacityError(userId, refusal.week, refusal.cap);
        case 'changed_meanwhile':
          break;
      }
    }
    throw new QuotaContentionError(userId, this.maxAttempts);
  }

  /**
   * A best-effort check, for before expensive work starts: would `cost` fit in
   * the user's current week? One read, no write; concurrent requests can all
   * pass it, so `deduct` stays the authority.
   *
   * @example
   * ```ts
   * const check = await ledger.preflight({ userId: 'u-1', cost: 60, weeklyLimit: 200 });
   * if (!check.allowed) return reject('over quota', check.resetsAt);
   * ```
   */
  async preflight(request: PreflightRequest): Promise<PreflightResult> {
    assertRequest(request);
    const { userId, cost, weeklyLimit } = request;
    assertId('userId', userId, MAX_USER_ID_BYTES);
    assertSlots('cost', cost);
    assertSlots('weeklyLimit', weeklyLimit);
    const usage = await this.currentUsage(userId, weeklyLimit);
    return { allowed: cost <= usage.remaining, ...usage };
  }

  /**
   * The user's usage in the current week (0 when the stored week is older, or
   * the user was never charged), for dashboards. One read, no write.
   *
   * @example
   * ```ts
   * const { used, remaining, resetsAt } = await ledger.usage({ userId: 'u-1', weeklyLimit: 200 });
   * ```
   */
  async usage(request: UsageRequest): Promise<UsageResult> {
    assertRequest(request);
    const { userId, weeklyLimit } = request;
    assertId('userId', userId, MAX_USER_ID_BYTES);
    assertSlots('weeklyLimit', weeklyLimit);
    return this.currentUsage(userId, weeklyLimit);
  }

  /**
   * Whether `jobId` was charged in the user's stored week or the week before it
   * (the ledger's memory of charged jobs). One consistent read, no write. For a
   * caller that must not mark a charged job as failed, e.g. a failure callback
   * after a success callback charged but could not record it.
   *
   * @example
   * ```ts
   * if (await ledger.wasCharged({ userId: 'u-1', jobId: 'job-1' })) return finishAsReady();
   * ```
   */
  async wasCharged(request: WasChargedRequest): Promise<boolean> {
    assertRequest(request);
    const { userId, jobId } = request;
    assertId('userId', userId, MAX_USER_ID_BYTES);
    assertId('jobId', jobId, MAX_JOB_ID_BYTES);
    const item = await this.read(userId, true);
    return Boolean(item.chargedJobs?.has(jobId) || item.previousChargedJobs?.has(jobId));
  }

  private async currentUsage(userId: string, weeklyLimit: number): Promise<UsageResult> {
    const currentWeek = isoWeekKey(this.now());
    const item = await this.read(userId, false);
    // A stored week ahead of this clock is the week deduct would charge into.
    const inStoredWeek = item.week !== undefined && item.week >= currentWeek;
    const week = inStoredWeek && item.week !== undefined ? item.week : currentWeek;
    const used = inStoredWeek ? item.count : 0;
    return {
      week,
      used,
      remaining: Math.max(0, weeklyLimit - used),
      limit: weeklyLimit,
      resetsAt: weekWindow(week).end,
    };
  }

  /** The common case: one conditional write. Returns the new count, or undefined when the condition failed. */
  private async chargeIntoWeek(
    userId: string,
    jobId: string,
    cost: number,
    weeklyLimit: number,
    week: string,
  ): Promise<number | undefined> {
    const cap = jobSetCap(cost, weeklyLimit);
    const command = new UpdateItemCommand({
      TableName: this.tableName,
      Key: this.key(userId),
      UpdateExpression: IN_WEEK_UPDATE,
      ConditionExpression: cap === undefined ? IN_WEEK_CONDITION : IN_WEEK_CONDITION_CAPPED,
      ExpressionAttributeNames: IN_WEEK_NAMES,
      ExpressionAttributeValues: {
        ':c': { N: String(cost) },
        ':s': { SS: [jobId] },
        ':i': { S: jobId },
        ':r': { N: String(weeklyLimit - cost) },
        ':w': { S: week },
        ...(cap === undefined ? {} : { ':n': { N: String(cap) } }),
      },
      ReturnValues: 'UPDATED_NEW',
    });
    try {
      const output = await this.client.send(command);
      const used = Number(output.Attributes?.[A.count]?.N ?? Number.NaN);
      if (!Number.isSafeInteger(used)) {
        throw new QuotaStateError(userId, `the charge returned no whole ${A.count}`);
      }
      return used;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return undefined;
      throw toQuotaError(error, this.tableName);
    }
  }

  /**
   * Starts `week` with this job as its first charge. The write is conditioned on
   * the item still being exactly as read (same stored week, job not charged in
   * it, the job set present or absent as seen), and is only attempted when the
   * stored week is older than `week`, so a week never moves backwards. The
   * stored week's figures move to the `previous*` attributes. Returns false when
   * another writer got there first.
   */
  private async rollOver(
    userId: string,
    jobId: string,
    cost: number,
    week: string,
    item: QuotaItem,
  ): Promise<boolean> {
    const names: Record<string, string> = {
      '#week': A.week,
      '#count': A.count,
      '#jobs': A.chargedJobs,
    };
    const values: Record<string, AttributeValue> = {
      ':week': { S: week },
      ':cost': { N: String(cost) },
      ':jobSet': { SS: [jobId] },
    };
    names['#previousWeek'] = A.previousWeek;
    names['#previousCount'] = A.previousCount;
    names['#previousJobs'] = A.previousChargedJobs;
    let condition: string;
    let update: string;
    if (item.week === undefined) {
      condition = 'attribute_not_exists(#week)';
      update =
        'SET #week = :week, #count = :cost, #jobs = :jobSet REMOVE #previousWeek, #previousCount, #previousJobs';
    } else {
      values[':storedWeek'] = { S: item.week };
      values[':jobId'] = { S: jobId };
      values[':zero'] = { N: '0' };
      const moveJobs = item.chargedJobs !== undefined;
      condition =
        '#week = :storedWeek AND NOT contains(#jobs, :jobId) AND ' +
        (moveJobs ? 'attribute_exists(#jobs)' : 'attribute_not_exists(#jobs)');
      update =
        'SET #previousWeek = #week, #previousCount = if_not_exists(#count, :zero), ' +
        (moveJobs ? '#previousJobs = #jobs, ' : '') +
        '#week = :week, #count = :cost, #jobs = :jobSet' +
        (moveJobs ? '' : ' REMOVE #previousJobs');
    }
    try {
      await this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.key(userId),
          UpdateExpression: update,
          ConditionExpression: condition,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw toQuotaError(error, this.tableName);
    }
  }

  private async read(userId: string, withJobs: boolean): Promise<QuotaItem> {
    const attributes = withJobs ? Object.values(A) : [A.week, A.count];
    const names = Object.fromEntries(attributes.map((name, index) => [`#a${index}`, name]));
    try {
      const output = await this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: this.key(userId),
          ConsistentRead: true,
          ProjectionExpression: Object.keys(names).join(', '),
          ExpressionAttributeNames: names,
        }),
      );
      return decodeQuotaItem(userId, output.Item);
    } catch (error) {
      throw toQuotaError(error, this.tableName);
    }
  }

  private key(userId: string): Record<string, AttributeValue> {
    return { [USERS_TABLE_KEY.partitionKey]: { S: userId } };
  }
}

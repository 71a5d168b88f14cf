import { setTimeout as sleep } from 'node:timers/promises';
import {
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
  type TransactWriteItem,
  type Update,
} from '@aws-sdk/client-dynamodb';
import { isConditionalCheckFailed, toQuotaError } from './aws-errors';
import { counterUpdate, type CounterDelta, type WeekTarget } from './counter-update';
import { QuotaContentionError, QuotaInputError, QuotaStateError } from './errors';
import { isoWeekKey, weekWindow } from './iso-week';
import { decodeJobRecord, type JobRecordItem, type QuotaJobState } from './job-record';
import type {
  AdmitRequest,
  AdmitResult,
  DeductRequest,
  DeductResult,
  GrantRequest,
  GrantResult,
  PreflightRequest,
  PreflightResult,
  QuotaJobRecord,
  QuotaLedgerOptions,
  RefundRequest,
  RefundResult,
  ReleaseRequest,
  ReleaseResult,
  ReserveRequest,
  ReserveResult,
  SetPlanRequest,
  SetPlanResult,
  SettleRequest,
  SettleResult,
  UsageRequest,
  UsageResult,
  WasChargedRequest,
} from './ledger-types';
import { DEFAULT_PLAN, isPlan, planLimitsFor, PLANS } from './plans';
import { decodeQuotaItem, type QuotaItem } from './quota-item';
import { transact, type TransactionOutcome } from './transact';
import {
  MAX_JOB_ID_BYTES,
  QUOTA_ATTRIBUTES,
  QUOTA_JOB_ATTRIBUTES,
  QUOTA_OPERATION_ATTRIBUTES,
  QUOTA_RECORD_TTL_ATTRIBUTE,
  USER_PLAN_ATTRIBUTE,
  USERS_TABLE_KEY,
  quotaJobKey,
  quotaOperationKey,
} from './users-table';
import {
  assertId,
  assertJobCharge,
  assertJobRef,
  assertRequest,
  assertSlots,
  assertUserId,
} from './validation';

const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_MAX_IN_FLIGHT = 3;
const DEFAULT_RESERVATIONS_PER_MINUTE = 10;
const MAX_GRANT_SLOTS = 100_000;
const MINUTE_MS = 60_000;
const RECORD_LIFETIME_AFTER_WEEK_MS = 7 * 24 * 3600 * 1000;
const J = QUOTA_JOB_ATTRIBUTES;
const NO_CHANGE: CounterDelta = Object.freeze({ used: 0, reserved: 0, granted: 0, inFlight: 0 });

/** What the ledger believes about a job's record while it tries a write. */
type RecordGuess =
  | { readonly kind: 'absent' }
  | { readonly kind: 'reserved'; readonly held: number; readonly week: string };

/**
 * The weekly quota ledger on the users table. Each job has a small record of
 * its own (`quotaJobKey`), and every operation is one `TransactWriteItems` of
 * two items, the user's counters and that record, each under a condition, so
 * each costs 4 WCU whatever the week holds, with no lock and no read first.
 * `reserve` holds a job's quoted cost before work starts and refuses what does
 * not fit (`used + reserved + cost > limit + granted`), too many jobs in flight,
 * or too many reservations in a minute; `settle` charges `min(measured, quoted)`
 * and frees the hold in one step; `release` frees it with nothing charged. Each
 * is idempotent per job, and usage never passes the limit in any interleaving.
 * The README argues each guarantee.
 *
 * @example
 * ```ts
 * const ledger = new QuotaLedger({ client: new DynamoDBClient({}), tableName: 'users' });
 * const limits = planLimitsFor(await ledger.planOf(userId));
 * const hold = await ledger.reserve({ userId, jobId, cost: 4, weeklyLimit: limits.weeklySlots, maxInFlight: limits.maxInFlight });
 * // … later, when the episode is ready:
 * await ledger.settle({ userId, jobId, cost: quotaCost('neural', 121), quotedCost: 4, weeklyLimit: limits.weeklySlots });
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
   * Holds `cost` slots for `jobId` in the user's current week, atomically with
   * the in-flight and per-minute checks: one consistent read of the user's item
   * (1 RCU) aims one transaction (4 WCU). Refusals write nothing; a request the
   * read already refuses costs that read and a read of the job's record. Throws
   * `QuotaInputError` before any I/O on bad input and `QuotaContentionError`
   * after `maxAttempts` contended rounds (nothing held).
   *
   * @example
   * ```ts
   * const result = await ledger.reserve({ userId: 'u-1', jobId: 'job-1', cost: 4, weeklyLimit: 200 });
   * if (result.outcome === 'over_limit') return reply429(result.usage.remaining, result.usage.resetsAt);
   * ```
   */
  async reserve(request: ReserveRequest): Promise<ReserveResult> {
    assertJobCharge(request);
    const maxInFlight = request.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
    const perMinute = request.reservationsPerMinute ?? DEFAULT_RESERVATIONS_PER_MINUTE;
    assertPositive('maxInFlight', maxInFlight);
    assertPositive('reservationsPerMinute', perMinute);
    const firstItem = await this.readUser(request.userId, true);
    return this.reserveFrom(firstItem, request, maxInFlight, perMinute);
  }

  /**
   * Admission in one call, for the API: reads the user's item once, takes the
   * plan's limits from its `plan` (`planLimitsFor`), and reserves `cost` under
   * them. `hold` is undefined, with nothing written, when the job alone costs
   * more than the plan's whole weekly limit (no week could ever hold it).
   *
   * @example
   * ```ts
   * const { limits, hold } = await ledger.admit({ userId: 'u-1', jobId: 'job-1', cost: 4 });
   * if (hold === undefined) return reply422(limits.weeklySlots);
   * ```
   */
  async admit(request: AdmitRequest): Promise<AdmitResult> {
    assertJobRef(request);
    const { userId, jobId, cost } = request;
    assertSlots('cost', cost);
    const item = await this.readUser(userId, true);
    const limits = planLimitsFor(item.plan);
    const plan = isPlan(item.plan) ? item.plan : DEFAULT_PLAN;
    if (cost > limits.weeklySlots) return { plan, limits, hold: undefined };
    const hold = await this.reserveFrom(
      item,
      { userId, jobId, cost, weeklyLimit: limits.weeklySlots },
      limits.maxInFlight,
      limits.reservationsPerMinute,
    );
    return { plan, limits, hold };
  }

  /** `reserve` from the user's item as just read (consistently). */
  private async reserveFrom(
    firstItem: QuotaItem,
    request: ReserveRequest,
    maxInFlight: number,
    perMinute: number,
  ): Promise<ReserveResult> {
    const { userId, jobId, cost, weeklyLimit } = request;
    const at = this.clock();
    const clockWeek = isoWeekKey(at);
    let week = clockWeek;
    let window = Math.floor(at.getTime() / MINUTE_MS);
    let startsWeek = false;
    let sameWindow = false;
    const refuse = (
      outcome: 'over_limit' | 'too_many_in_flight' | 'rate_limited',
      item: QuotaItem,
    ): ReserveResult => ({
      outcome,
      usage: usageOf(item, clockWeek, weeklyLimit),
      retryAt:
        outcome === 'rate_limited'
          ? new Date((window + 1) * MINUTE_MS)
          : outcome === 'over_limit'
            ? weekWindow(week).end
            : new Date(at.getTime() + MINUTE_MS),
    });

    /** Aims the next write at what the item shows, or answers the refusal the item justifies. */
    const judge = (item: QuotaItem): ReserveResult | undefined => {
      if (item.week === undefined || item.week < week) {
        startsWeek = true;
      } else {
        // The stored week is this one, or newer than this clock's (never moved back).
        week = item.week;
        startsWeek = false;
      }
      if (item.rateWindow !== undefined && item.rateWindow >= window) {
        window = item.rateWindow;
        sameWindow = true;
      } else {
        sameWindow = false;
      }
      if (item.inFlight >= maxInFlight) return refuse('too_many_in_flight', item);
      if (sameWindow && item.rateCount >= perMinute) return refuse('rate_limited', item);
      const committed = startsWeek ? 0 : item.committed;
      if (committed + cost > weeklyLimit) return refuse('over_limit', item);
      return undefined;
    };

    // One consistent read first: it aims the transaction at the right week and rate window
    // (so it applies at the first try), and a request the item already refuses writes nothing,
    // which keeps a burst of refused requests to reads. The transaction stays the authority.
    const refusedByRead = judge(firstItem);
    if (refusedByRead) {
      const record = await this.readRecord(userId, jobId);
      if (record) {
        return {
          outcome: 'already_reserved',
          week: record.week,
          held: record.held,
          state: record.state,
        };
      }
      return refusedByRead;
    }

    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      const target: WeekTarget = startsWeek
        ? { kind: 'start_week', week }
        : { kind: 'in_week', week, maxCommitted: weeklyLimit - cost };
      const outcome = await this.transact([
        {
          Update: counterUpdate(
            this.tableName,
            this.userKey(userId),
            target,
            { used: 0, reserved: cost, granted: 0, inFlight: 1 },
            { maxInFlight, rate: { window, perMinute, sameWindow } },
          ),
        },
        { Put: this.newJobRecord(userId, jobId, { state: 'reserved', week, held: cost }) },
      ]);
      if (outcome.applied) return { outcome: 'reserved', week, held: cost };
      if (outcome.conflict) {
        await backOff(attempt);
        continue;
      }
      const [userReason, recordReason] = outcome.reasons;
      if (recordReason?.code === 'ConditionalCheckFailed') {
        const record = this.requireRecord(userId, recordReason.item);
        return {
          outcome: 'already_reserved',
          week: record.week,
          held: record.held,
          state: record.state,
        };
      }
      const refused = judge(decodeQuotaItem(userId, userReason?.item));
      if (refused) return refused;
    }
    throw new QuotaContentionError(userId, this.maxAttempts);
  }

  /**
   * Charges a finished job `min(cost, quoted)` slots and frees its hold, in one
   * transaction. A job reserved in a week that has since ended is charged to the
   * current week if it has room (else `over_limit`, and its hold is released); a
   * job never reserved is charged like `deduct`. Idempotent: a repeat answers
   * `already_charged`. Throws like `reserve`.
   *
   * @example
   * ```ts
   * const result = await ledger.settle({ userId: 'u-1', jobId: 'job-1', cost: 6, quotedCost: 4, weeklyLimit: 200 });
   * // { outcome: 'charged', week: '2026-W49', charged: 4, measured: 6, quoted: 4 }
   * ```
   */
  async settle(request: SettleRequest): Promise<SettleResult> {
    assertJobCharge(request);
    const { userId, jobId, cost, weeklyLimit, quotedCost } = request;
    if (quotedCost !== undefined) assertSlots('quotedCost', quotedCost);
    return this.settleJob(userId, jobId, cost, weeklyLimit, quotedCost);
  }

  /**
   * Frees a failed or cancelled job's hold; the job can never be charged after.
   * Answers `already_charged` (changing nothing) when it was settled first, so
   * a failure reported after a success is not taken for one.
   *
   * @example
   * ```ts
   * const result = await ledger.release({ userId: 'u-1', jobId: 'job-1', heldCost: 4 });
   * if (result.outcome === 'already_charged') return finishAsReady();
   * ```
   */
  async release(request: ReleaseRequest): Promise<ReleaseResult> {
    assertJobRef(request);
    const { userId, jobId, heldCost } = request;
    if (heldCost !== undefined) assertSlots('heldCost', heldCost);
    let guess: RecordGuess;
    if (heldCost === undefined) {
      const record = await this.readRecord(userId, jobId);
      const done = releaseAnswer(record);
      if (done) return done;
      guess = guessOf(record);
    } else {
      guess = { kind: 'reserved', held: heldCost, week: isoWeekKey(this.clock()) };
    }
    let holdWeekEnded = false;

    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      if (guess.kind === 'absent') {
        const written = await this.putRecordIfAbsent(userId, jobId, {
          state: 'released',
          week: isoWeekKey(this.clock()),
          held: 0,
        });
        if (written) return { outcome: 'released', freed: 0 };
        const record = await this.readRecord(userId, jobId);
        const done = releaseAnswer(record);
        if (done) return done;
        guess = guessOf(record);
        continue;
      }
      const target: WeekTarget = holdWeekEnded
        ? { kind: 'after_week', week: guess.week }
        : { kind: 'in_week', week: guess.week };
      const delta: CounterDelta = holdWeekEnded
        ? { ...NO_CHANGE, inFlight: -1 }
        : { ...NO_CHANGE, reserved: -guess.held, inFlight: -1 };
      const outcome = await this.transact([
        { Update: counterUpdate(this.tableName, this.userKey(userId), target, delta) },
        {
          Update: this.recordTransition(userId, jobId, guess, 'released', {
            [QUOTA_RECORD_TTL_ATTRIBUTE]: { N: String(expiryOf(guess.week)) },
          }),
        },
      ]);
      if (outcome.applied) return { outcome: 'released', freed: holdWeekEnded ? 0 : guess.held };
      if (outcome.conflict) {
        await backOff(attempt);
        continue;
      }
      const [userReason, recordReason] = outcome.reasons;
      if (recordReason?.code === 'ConditionalCheckFailed') {
        const record = decodeJobRecord(userId, recordReason.item);
        const done = releaseAnswer(record);
        if (done) return done;
        guess = guessOf(record);
        continue;
      }
      holdWeekEnded = this.holdWeekEnded(userId, userReason?.item, guess.week);
    }
    throw new QuotaContentionError(userId, this.maxAttempts);
  }

  /**
   * Charges `cost` slots for a job that was never reserved (or settles a
   * reserved one with no quote given), atomically, and reads the week's usage
   * after. Resolves `over_limit` (nothing written) when the week has less room
   * than `cost`, and `already_charged` when this job was charged before.
   * Throws `QuotaInputError` before any I/O on bad input, `QuotaContentionError`
   * after `maxAttempts` contended rounds, `QuotaStateError` for a released job
   * or unreadable quota attributes, `QuotaTableNotFoundError` /
   * `QuotaThrottledError` for those DynamoDB errors, and rethrows any other.
   *
   * @example
   * ```ts
   * const result = await ledger.deduct({ userId: 'u-1', jobId: 'job-1', cost: 30, weeklyLimit: 200 });
   * // { outcome: 'charged', week: '2026-W49', used: 30, limit: 200 }
   * ```
   */
  async deduct(request: DeductRequest): Promise<DeductResult> {
    assertJobCharge(request);
    const { userId, jobId, cost, weeklyLimit } = request;
    const result = await this.settleJob(userId, jobId, cost, weeklyLimit, undefined);
    if (result.outcome === 'released') {
      throw new QuotaStateError(
        userId,
        `job ${JSON.stringify(jobId)} was released; it is never charged`,
      );
    }
    const item = await this.readUser(userId, true);
    const used = item.week === result.week ? item.used : 0;
    return { outcome: result.outcome, week: result.week, used, limit: weeklyLimit };
  }

  /**
   * A best-effort check: would `cost` fit in the user's current week now? One
   * eventually consistent read (at most 1 RCU), no write; `reserve` is the authority.
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
    assertUserId(userId);
    assertSlots('cost', cost);
    assertSlots('weeklyLimit', weeklyLimit);
    const usage = usageOf(
      await this.readUser(userId, false),
      isoWeekKey(this.clock()),
      weeklyLimit,
    );
    return { allowed: cost <= usage.remaining, ...usage };
  }

  /**
   * The user's usage in the current week (zeros when the stored week is older,
   * or the user was never charged), for dashboards: `used` and `reserved` apart.
   * One eventually consistent read of the user's item (at most 1 RCU), no write.
   *
   * @example
   * ```ts
   * const { used, reserved, remaining, resetsAt } = await ledger.usage({ userId: 'u-1', weeklyLimit: 200 });
   * ```
   */
  async usage(request: UsageRequest): Promise<UsageResult> {
    assertRequest(request);
    const { userId, weeklyLimit } = request;
    assertUserId(userId);
    assertSlots('weeklyLimit', weeklyLimit);
    return usageOf(await this.readUser(userId, false), isoWeekKey(this.clock()), weeklyLimit);
  }

  /**
   * Whether `jobId` was charged (settled, or settled and refunded since). One
   * consistent read of the job's record.
   *
   * @example
   * ```ts
   * if (await ledger.wasCharged({ userId: 'u-1', jobId: 'job-1' })) return finishAsReady();
   * ```
   */
  async wasCharged(request: WasChargedRequest): Promise<boolean> {
    const record = await this.lookupJob(request);
    return record?.state === 'settled' || record?.state === 'refunded';
  }

  /**
   * The ledger's record of a job (undefined when it has none), for support and
   * the operator command. One consistent read.
   *
   * @example
   * ```ts
   * const record = await ledger.lookupJob({ userId: 'u-1', jobId: 'job-1' });
   * console.log(record?.state, record?.charged);
   * ```
   */
  async lookupJob(request: WasChargedRequest): Promise<QuotaJobRecord | undefined> {
    assertJobRef(request);
    return this.readRecord(request.userId, request.jobId);
  }

  /**
   * Grants `slots` extra slots for the user's current week, atomically and once
   * per `operationId`; they show as `granted` and expire with the week.
   *
   * @example
   * ```ts
   * const result = await ledger.grant({ userId: 'u-1', operationId: 'ticket-4711', slots: 50, weeklyLimit: 200 });
   * console.log(result.usage.remaining);
   * ```
   */
  async grant(request: GrantRequest): Promise<GrantResult> {
    assertRequest(request);
    const { userId, operationId, slots, weeklyLimit } = request;
    assertUserId(userId);
    assertId('operationId', operationId, MAX_JOB_ID_BYTES);
    assertSlots('slots', slots);
    if (slots < 1 || slots > MAX_GRANT_SLOTS) {
      throw new QuotaInputError('slots', `must be 1 to ${MAX_GRANT_SLOTS}, got ${slots}`);
    }
    assertSlots('weeklyLimit', weeklyLimit);
    let week = isoWeekKey(this.clock());
    let startsWeek = false;
    const O = QUOTA_OPERATION_ATTRIBUTES;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      const outcome = await this.transact([
        {
          Update: counterUpdate(
            this.tableName,
            this.userKey(userId),
            startsWeek ? { kind: 'start_week', week } : { kind: 'in_week', week },
            { ...NO_CHANGE, granted: slots },
          ),
        },
        {
          Put: {
            TableName: this.tableName,
            Item: {
              [USERS_TABLE_KEY.partitionKey]: { S: quotaOperationKey(userId, operationId) },
              [O.kind]: { S: 'grant' },
              [O.slots]: { N: String(slots) },
              [O.week]: { S: week },
              [QUOTA_RECORD_TTL_ATTRIBUTE]: { N: String(expiryOf(week)) },
            },
            ConditionExpression: 'attribute_not_exists(#key)',
            ExpressionAttributeNames: { '#key': USERS_TABLE_KEY.partitionKey },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          },
        },
      ]);
      if (outcome.applied) {
        return {
          outcome: 'granted',
          week,
          slots,
          usage: await this.usageAfter(userId, weeklyLimit),
        };
      }
      if (outcome.conflict) {
        await backOff(attempt);
        continue;
      }
      const [userReason, operationReason] = outcome.reasons;
      if (operationReason?.code === 'ConditionalCheckFailed') {
        const done = operationReason.item;
        return {
          outcome: 'already_granted',
          week: done?.[O.week]?.S ?? week,
          slots: Number(done?.[O.slots]?.N ?? 0),
          usage: await this.usageAfter(userId, weeklyLimit),
        };
      }
      const item = decodeQuotaItem(userId, userReason?.item);
      startsWeek = item.week === undefined || item.week < week;
      if (!startsWeek && item.week !== undefined) week = item.week;
    }
    throw new QuotaContentionError(userId, this.maxAttempts);
  }

  /**
   * Gives a charged job's slots back to the week it was charged to, if that week
   * is still current; otherwise answers `week_ended`. Refunding twice changes
   * nothing. One consistent read, then one transaction.
   *
   * @example
   * ```ts
   * const result = await ledger.refund({ userId: 'u-1', jobId: 'job-1', weeklyLimit: 200 });
   * // { outcome: 'refunded', week: '2026-W49', slots: 4, usage: { … } }
   * ```
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    assertJobRef(request);
    const { userId, jobId, weeklyLimit } = request;
    assertSlots('weeklyLimit', weeklyLimit);
    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      const record = await this.readRecord(userId, jobId);
      const answer = async (
        outcome: RefundResult['outcome'],
        slots = 0,
      ): Promise<RefundResult> => ({
        outcome,
        week: record?.chargedWeek,
        slots,
        usage: await this.usageAfter(userId, weeklyLimit),
      });
      if (record?.state === 'refunded') return answer('already_refunded', record.charged);
      if (record?.state !== 'settled' || record.chargedWeek === undefined)
        return answer('not_charged');
      if (record.chargedWeek < isoWeekKey(this.clock()))
        return answer('week_ended', record.charged);
      const counters = counterUpdate(
        this.tableName,
        this.userKey(userId),
        { kind: 'in_week', week: record.chargedWeek },
        { ...NO_CHANGE, used: -record.charged },
      );
      const outcome = await this.transact([
        asTransactItem(counters),
        {
          Update: {
            TableName: this.tableName,
            Key: this.recordKey(userId, jobId),
            UpdateExpression: 'SET #state = :refunded',
            ConditionExpression: '#state = :settled AND #charged = :charged',
            ExpressionAttributeNames: { '#state': J.state, '#charged': J.charged },
            ExpressionAttributeValues: {
              ':refunded': { S: 'refunded' },
              ':settled': { S: 'settled' },
              ':charged': { N: String(record.charged) },
            },
          },
        },
      ]);
      if (outcome.applied) return answer('refunded', record.charged);
      if (outcome.conflict) {
        await backOff(attempt);
        continue;
      }
      if (outcome.reasons[0]?.code === 'ConditionalCheckFailed') {
        // The stored week moved on since the charge: that week is over.
        const item = decodeQuotaItem(userId, outcome.reasons[0].item);
        if (item.week === undefined || item.week > record.chargedWeek) {
          return answer('week_ended', record.charged);
        }
      }
    }
    throw new QuotaContentionError(userId, this.maxAttempts);
  }

  /**
   * The user's plan (the `plan` attribute; undefined when none is set). One consistent read.
   *
   * @example
   * ```ts
   * const limits = planLimitsFor(await ledger.planOf('u-1'));
   * ```
   */
  async planOf(userId: string): Promise<string | undefined> {
    assertUserId(userId);
    return (await this.readUser(userId, true)).plan;
  }

  /**
   * Moves a user to another plan. It takes effect on the next reservation or
   * charge (callers pass the plan's limit); a lower limit never makes
   * `remaining` negative, it only refuses what no longer fits.
   *
   * @example
   * ```ts
   * const result = await ledger.setPlan({ userId: 'u-1', plan: 'creator' });
   * // { previousPlan: undefined, plan: 'creator', usage: { limit: 600, … } }
   * ```
   */
  async setPlan(request: SetPlanRequest): Promise<SetPlanResult> {
    assertRequest(request);
    const { userId, plan } = request;
    assertUserId(userId);
    if (!isPlan(plan)) {
      throw new QuotaInputError(
        'plan',
        `must be one of ${Object.keys(PLANS).join(', ')}, got ${JSON.stringify(plan)}`,
      );
    }
    let previous: string | undefined;
    try {
      const output = await this.client.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: this.userKey(userId),
          UpdateExpression: 'SET #plan = :plan',
          ExpressionAttributeNames: { '#plan': USER_PLAN_ATTRIBUTE },
          ExpressionAttributeValues: { ':plan': { S: plan } },
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      previous = output.Attributes?.[USER_PLAN_ATTRIBUTE]?.S;
    } catch (error) {
      throw toQuotaError(error, this.tableName);
    }
    const limit = (PLANS[plan] as { weeklySlots: number }).weeklySlots;
    return { previousPlan: previous, plan, usage: await this.usageAfter(userId, limit) };
  }

  private async settleJob(
    userId: string,
    jobId: string,
    measured: number,
    weeklyLimit: number,
    quotedCost: number | undefined,
  ): Promise<SettleResult> {
    const clockWeek = isoWeekKey(this.clock());
    let guess: RecordGuess =
      quotedCost === undefined
        ? { kind: 'absent' }
        : { kind: 'reserved', held: quotedCost, week: clockWeek };
    // Where the charge goes when it is not the hold's own week: the current week.
    let week = clockWeek;
    let startsWeek = false;
    let holdWeekEnded = false;

    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      const quote = guess.kind === 'reserved' ? guess.held : quotedCost;
      const charge = quote === undefined ? measured : Math.min(measured, quote);
      const inHoldWeek = guess.kind === 'reserved' && !holdWeekEnded;
      const chargedWeek = inHoldWeek && guess.kind === 'reserved' ? guess.week : week;
      if (!inHoldWeek && startsWeek && charge > weeklyLimit) {
        return this.overLimit(
          userId,
          jobId,
          guess,
          chargedWeek,
          measured,
          weeklyLimit,
          emptyItem(),
        );
      }
      const target: WeekTarget = inHoldWeek
        ? { kind: 'in_week', week: chargedWeek }
        : startsWeek
          ? { kind: 'start_week', week: chargedWeek }
          : { kind: 'in_week', week: chargedWeek, maxCommitted: weeklyLimit - charge };
      const delta: CounterDelta = {
        used: charge,
        reserved: inHoldWeek && guess.kind === 'reserved' ? -guess.held : 0,
        granted: 0,
        inFlight: guess.kind === 'reserved' ? -1 : 0,
      };
      const settled: Record<string, AttributeValue> = {
        [J.charged]: { N: String(charge) },
        [J.chargedWeek]: { S: chargedWeek },
        [J.measured]: { N: String(measured) },
        [QUOTA_RECORD_TTL_ATTRIBUTE]: { N: String(expiryOf(chargedWeek)) },
      };
      const record: TransactWriteItem =
        guess.kind === 'reserved'
          ? { Update: this.recordTransition(userId, jobId, guess, 'settled', settled) }
          : {
              Put: this.newJobRecord(userId, jobId, {
                state: 'settled',
                week: chargedWeek,
                held: 0,
                extra: settled,
              }),
            };
      const outcome = await this.transact([
        asTransactItem(counterUpdate(this.tableName, this.userKey(userId), target, delta)),
        record,
      ]);
      if (outcome.applied) {
        return { outcome: 'charged', week: chargedWeek, charged: charge, measured, quoted: quote };
      }
      if (outcome.conflict) {
        await backOff(attempt);
        continue;
      }
      const [userReason, recordReason] = outcome.reasons;
      if (recordReason?.code === 'ConditionalCheckFailed') {
        const found = decodeJobRecord(userId, recordReason.item);
        if (found?.state === 'settled' || found?.state === 'refunded') {
          return {
            outcome: 'already_charged',
            week: found.chargedWeek ?? found.week,
            charged: found.charged,
          };
        }
        if (found?.state === 'released') return { outcome: 'released' };
        guess = guessOf(found);
        continue;
      }
      if (inHoldWeek && guess.kind === 'reserved') {
        holdWeekEnded = this.holdWeekEnded(userId, userReason?.item, guess.week);
        continue;
      }
      const item = decodeQuotaItem(userId, userReason?.item);
      if (item.week === undefined || item.week < week) {
        startsWeek = true;
        continue;
      }
      if (item.week > week) {
        week = item.week;
        startsWeek = false;
        continue;
      }
      startsWeek = false;
      if (item.committed + charge > weeklyLimit) {
        return this.overLimit(userId, jobId, guess, week, measured, weeklyLimit, item);
      }
    }
    throw new QuotaContentionError(userId, this.maxAttempts);
  }

  /** Nothing fits: a held job is released (so it is never charged later), and the refusal is reported. */
  private async overLimit(
    userId: string,
    jobId: string,
    guess: RecordGuess,
    week: string,
    measured: number,
    weeklyLimit: number,
    item: QuotaItem,
  ): Promise<SettleResult> {
    if (guess.kind === 'reserved') {
      const released = await this.release({ userId, jobId, heldCost: guess.held });
      if (released.outcome === 'already_charged') {
        return { outcome: 'already_charged', week: released.week, charged: released.charged };
      }
    }
    const committed = item.week === week ? item.committed : 0;
    return {
      outcome: 'over_limit',
      week,
      measured,
      remaining: Math.max(0, weeklyLimit - committed),
      limit: weeklyLimit,
    };
  }

  /**
   * After a hold-week write failed on the user's counters: true when the stored
   * week is past the hold's (its slots count nowhere now). Any other state would
   * mean a week moved backwards, which the ledger never does: `QuotaStateError`.
   */
  private holdWeekEnded(
    userId: string,
    item: Record<string, AttributeValue> | undefined,
    holdWeek: string,
  ): boolean {
    const stored = decodeQuotaItem(userId, item).week;
    if (stored !== undefined && stored > holdWeek) return true;
    throw new QuotaStateError(
      userId,
      `a hold of ${holdWeek} is open but the stored week is ${stored ?? 'missing'}`,
    );
  }

  private clock(): Date {
    const at = this.now();
    if (!(at instanceof Date) || Number.isNaN(at.getTime())) {
      throw new QuotaInputError('now', 'the clock returned an invalid date');
    }
    return at;
  }

  private async transact(items: TransactWriteItem[]): Promise<TransactionOutcome> {
    return transact(this.client, this.tableName, items);
  }

  private async usageAfter(userId: string, weeklyLimit: number): Promise<UsageResult> {
    return usageOf(await this.readUser(userId, true), isoWeekKey(this.clock()), weeklyLimit);
  }

  private async readUser(userId: string, consistent: boolean): Promise<QuotaItem> {
    const attributes = [...Object.values(QUOTA_ATTRIBUTES), USER_PLAN_ATTRIBUTE];
    const names = Object.fromEntries(attributes.map((name, index) => [`#a${index}`, name]));
    try {
      const output = await this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: this.userKey(userId),
          ConsistentRead: consistent,
          ProjectionExpression: Object.keys(names).join(', '),
          ExpressionAttributeNames: names,
        }),
      );
      return decodeQuotaItem(userId, output.Item);
    } catch (error) {
      throw toQuotaError(error, this.tableName);
    }
  }

  private async readRecord(userId: string, jobId: string): Promise<JobRecordItem | undefined> {
    try {
      const output = await this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: this.recordKey(userId, jobId),
          ConsistentRead: true,
        }),
      );
      return decodeJobRecord(userId, output.Item);
    } catch (error) {
      throw toQuotaError(error, this.tableName);
    }
  }

  /** Writes a job record only if the job has none; false when it already had one. */
  private async putRecordIfAbsent(
    userId: string,
    jobId: string,
    record: { state: QuotaJobState; week: string; held: number },
  ): Promise<boolean> {
    try {
      await this.client.send(new PutItemCommand(this.newJobRecord(userId, jobId, record)));
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw toQuotaError(error, this.tableName);
    }
  }

  private requireRecord(
    userId: string,
    item: Record<string, AttributeValue> | undefined,
  ): JobRecordItem {
    const record = decodeJobRecord(userId, item);
    if (record === undefined) throw new QuotaStateError(userId, 'a job record vanished mid-write');
    return record;
  }

  private newJobRecord(
    userId: string,
    jobId: string,
    record: {
      state: QuotaJobState;
      week: string;
      held: number;
      extra?: Record<string, AttributeValue>;
    },
  ) {
    return {
      TableName: this.tableName,
      Item: {
        ...this.recordKey(userId, jobId),
        [J.state]: { S: record.state },
        [J.week]: { S: record.week },
        [J.held]: { N: String(record.held) },
        [QUOTA_RECORD_TTL_ATTRIBUTE]: { N: String(expiryOf(record.week)) },
        ...record.extra,
      },
      ConditionExpression: 'attribute_not_exists(#key)',
      ExpressionAttributeNames: { '#key': USERS_TABLE_KEY.partitionKey },
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    };
  }

  /** Moves a reserved record to `state`, on condition that it is still the hold guessed. */
  private recordTransition(
    userId: string,
    jobId: string,
    hold: { held: number; week: string },
    state: QuotaJobState,
    set: Record<string, AttributeValue>,
  ): Update {
    const names: Record<string, string> = { '#state': J.state, '#held': J.held, '#week': J.week };
    const values: Record<string, AttributeValue> = {
      ':reserved': { S: 'reserved' },
      ':held': { N: String(hold.held) },
      ':week': { S: hold.week },
      ':next': { S: state },
    };
    const assignments = ['#state = :next'];
    Object.entries(set).forEach(([attribute, value], index) => {
      names[`#s${index}`] = attribute;
      values[`:s${index}`] = value;
      assignments.push(`#s${index} = :s${index}`);
    });
    return {
      TableName: this.tableName,
      Key: this.recordKey(userId, jobId),
      UpdateExpression: `SET ${assignments.join(', ')}`,
      ConditionExpression: '#state = :reserved AND #held = :held AND #week = :week',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    };
  }

  private userKey(userId: string): Record<string, AttributeValue> {
    return { [USERS_TABLE_KEY.partitionKey]: { S: userId } };
  }

  private recordKey(userId: string, jobId: string): Record<string, AttributeValue> {
    return { [USERS_TABLE_KEY.partitionKey]: { S: quotaJobKey(userId, jobId) } };
  }
}

/** The usage a week shows, from the user's item as stored and this clock's week. */
function usageOf(item: QuotaItem, clockWeek: string, weeklyLimit: number): UsageResult {
  // A stored week ahead of this clock is the week a write would go to.
  const inStoredWeek = item.week !== undefined && item.week >= clockWeek;
  const week = inStoredWeek && item.week !== undefined ? item.week : clockWeek;
  const used = inStoredWeek ? item.used : 0;
  const reserved = inStoredWeek ? item.reserved : 0;
  const granted = inStoredWeek ? item.granted : 0;
  return {
    week,
    used,
    reserved,
    granted,
    remaining: Math.max(0, weeklyLimit + granted - used - reserved),
    limit: weeklyLimit,
    inFlight: item.inFlight,
    resetsAt: weekWindow(week).end,
  };
}

function emptyItem(): QuotaItem {
  return {
    week: undefined,
    used: 0,
    reserved: 0,
    granted: 0,
    committed: 0,
    inFlight: 0,
    rateWindow: undefined,
    rateCount: 0,
    plan: undefined,
  };
}

function guessOf(record: JobRecordItem | undefined): RecordGuess {
  if (record === undefined) return { kind: 'absent' };
  return { kind: 'reserved', held: record.held, week: record.week };
}

/** The answer `release` gives for a record that is not (or no longer) reserved, or undefined to go on. */
function releaseAnswer(record: JobRecordItem | undefined): ReleaseResult | undefined {
  if (record === undefined || record.state === 'reserved') return undefined;
  if (record.state === 'released') return { outcome: 'already_released' };
  return {
    outcome: 'already_charged',
    week: record.chargedWeek ?? record.week,
    charged: record.charged,
  };
}

/** A counter update with nothing to change becomes a condition check of the same condition. */
function asTransactItem(update: Update): TransactWriteItem {
  if (update.UpdateExpression !== '') return { Update: update };
  const {
    TableName,
    Key,
    ConditionExpression,
    ExpressionAttributeNames,
    ExpressionAttributeValues,
  } = update;
  return {
    ConditionCheck: {
      TableName,
      Key,
      ConditionExpression,
      ExpressionAttributeNames,
      ExpressionAttributeValues,
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    },
  };
}

/** Epoch seconds at which a record of `week` may expire: a week after the week ends. */
function expiryOf(week: string): number {
  return Math.floor((weekWindow(week).end.getTime() + RECORD_LIFETIME_AFTER_WEEK_MS) / 1000);
}

function assertPositive(field: string, value: unknown): asserts value is number {
  assertSlots(field, value);
  if (value < 1) throw new QuotaInputError(field, 'must be at least 1');
}

/** Full-jitter exponential back-off after a transaction conflict: up to 10, 20, 40 … 640 ms. */
async function backOff(attempt: number): Promise<void> {
  await sleep(Math.random() * 10 * 2 ** Math.min(attempt, 6));
}

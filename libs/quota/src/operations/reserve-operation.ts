import { counterUpdate, type WeekTarget } from '../counter-update';
import { QuotaInputError } from '../errors';
import { isoWeekKey, weekWindow } from '../iso-week';
import { clock, transactIn, userKey, type LedgerContext } from '../ledger-context';
import { readRecord, readUser, usageOf } from '../ledger-reads';
import { newJobRecord, requireRecord } from '../ledger-records';
import { DEFAULT_PLAN, isPlan, planLimitsFor } from '../plans';
import { upgradePostItem } from '../post-item-upgrade';
import { decodeQuotaItem, type QuotaItem } from '../quota-item';
import { AIM_AGAIN, BACK_OFF, retryTransaction, type Round } from '../retry-transaction';
import { assertJobCharge, assertJobRef, assertSlots } from '../validation';
import type { AdmitRequest, AdmitResult, ReserveRequest, ReserveResult } from './reserve-types';

const DEFAULT_MAX_IN_FLIGHT = 3;
const DEFAULT_RESERVATIONS_PER_MINUTE = 10;
const MINUTE_MS = 60_000;

/**
 * `QuotaLedger.reserve`: checks the request, reads the user's item once
 * (consistently) and holds `cost` slots.
 */
export async function reserve(
  context: LedgerContext,
  request: ReserveRequest,
): Promise<ReserveResult> {
  assertJobCharge(request);
  const maxInFlight = request.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const perMinute = request.reservationsPerMinute ?? DEFAULT_RESERVATIONS_PER_MINUTE;
  assertPositive('maxInFlight', maxInFlight);
  assertPositive('reservationsPerMinute', perMinute);
  const firstItem = await readUser(context, request.userId, true);
  return reserveFrom(context, firstItem, request, maxInFlight, perMinute);
}

/**
 * `QuotaLedger.admit`: one read for the plan and the counters, then the
 * reservation under the plan's limits (no hold when the job alone exceeds the plan's week).
 */
export async function admit(context: LedgerContext, request: AdmitRequest): Promise<AdmitResult> {
  assertJobRef(request);
  const { userId, jobId, cost } = request;
  assertSlots('cost', cost);
  const item = await readUser(context, userId, true);
  const limits = planLimitsFor(item.plan);
  const plan = isPlan(item.plan) ? item.plan : DEFAULT_PLAN;
  if (cost > limits.weeklySlots) return { plan, limits, hold: undefined };
  const hold = await reserveFrom(
    context,
    item,
    { userId, jobId, cost, weeklyLimit: limits.weeklySlots },
    limits.maxInFlight,
    limits.reservationsPerMinute,
  );
  return { plan, limits, hold };
}

/** `reserve` from the user's item as just read (consistently). */
async function reserveFrom(
  context: LedgerContext,
  firstItem: QuotaItem,
  request: ReserveRequest,
  maxInFlight: number,
  perMinute: number,
): Promise<ReserveResult> {
  const { userId, jobId, cost, weeklyLimit } = request;
  const at = clock(context);
  const clockWeek = isoWeekKey(at);
  let week = clockWeek;
  let window = Math.floor(at.getTime() / MINUTE_MS);
  let startsWeek = false;
  let stored: QuotaItem = firstItem;
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
    stored = item;
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

  /** A refusal the item justifies, unless this job already holds its reservation. */
  const refusedUnlessHeld = async (refused: ReserveResult): Promise<ReserveResult> => {
    const record = await readRecord(context, userId, jobId);
    if (record) {
      return {
        outcome: 'already_reserved',
        week: record.week,
        held: record.held,
        state: record.state,
      };
    }
    return refused;
  };

  // One consistent read first: it aims the transaction at the right week and rate window
  // (so it applies at the first try), and a request the item already refuses writes nothing,
  // which keeps a burst of refused requests to reads. The transaction stays the authority.
  const refusedByRead = judge(firstItem);
  if (refusedByRead) return refusedUnlessHeld(refusedByRead);

  return retryTransaction(context, userId, async (): Promise<Round<ReserveResult>> => {
    if (stored.fromPost && !startsWeek) {
      // The post's item, in this week: upgraded in place first (once per user), then aimed again.
      const refused = judge(await upgradePostItem(context, userId, stored));
      return refused ? refusedUnlessHeld(refused) : AIM_AGAIN;
    }
    const target: WeekTarget = startsWeek
      ? { kind: 'start_week', week, from: stored }
      : { kind: 'in_week', week, maxCommitted: weeklyLimit - cost };
    const outcome = await transactIn(context, [
      {
        Update: counterUpdate(
          context.tableName,
          userKey(userId),
          target,
          { used: 0, reserved: cost, granted: 0, inFlight: 1 },
          { maxInFlight, rate: { window, perMinute, sameWindow } },
        ),
      },
      { Put: newJobRecord(context, userId, jobId, { state: 'reserved', week, held: cost }) },
    ]);
    if (outcome.applied) return { outcome: 'reserved', week, held: cost };
    if (outcome.conflict) return BACK_OFF;
    const [userReason, recordReason] = outcome.reasons;
    if (recordReason?.code === 'ConditionalCheckFailed') {
      const record = requireRecord(userId, recordReason.item);
      return {
        outcome: 'already_reserved',
        week: record.week,
        held: record.held,
        state: record.state,
      };
    }
    return judge(decodeQuotaItem(userId, userReason?.item)) ?? AIM_AGAIN;
  });
}

function assertPositive(field: string, value: unknown): asserts value is number {
  assertSlots(field, value);
  if (value < 1) throw new QuotaInputError(field, 'must be at least 1');
}

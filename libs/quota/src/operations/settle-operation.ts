import type { AttributeValue, TransactWriteItem } from '@aws-sdk/client-dynamodb';
import { counterUpdate, type CounterDelta, type WeekTarget } from '../counter-update';
import { isoWeekKey } from '../iso-week';
import { decodeJobRecord } from '../job-record';
import { clock, transactIn, userKey, type LedgerContext } from '../ledger-context';
import {
  asTransactItem,
  expiryOf,
  guessOf,
  holdWeekEndedBy,
  newJobRecord,
  recordTransition,
  type RecordGuess,
} from '../ledger-records';
import { planLimitsFor } from '../plans';
import { upgradePostItem } from '../post-item-upgrade';
import { decodeQuotaItem, type QuotaItem } from '../quota-item';
import { AIM_AGAIN, BACK_OFF, retryTransaction, type Round } from '../retry-transaction';
import { QUOTA_JOB_ATTRIBUTES, QUOTA_RECORD_TTL_ATTRIBUTE } from '../users-table';
import { assertJobCost, assertSlots } from '../validation';
import { planOf } from './plan-operation';
import { release } from './release-operation';
import type { SettleRequest, SettleResult } from './settle-types';

const J = QUOTA_JOB_ATTRIBUTES;

/**
 * `QuotaLedger.settle`: checks the request and charges the job `min(cost, quotedCost)`.
 * Without `weeklyLimit`, the limit is the user's plan's, read only if the
 * charge falls outside its hold's week.
 */
export async function settle(
  context: LedgerContext,
  request: SettleRequest,
): Promise<SettleResult> {
  assertJobCost(request);
  const { userId, jobId, cost, weeklyLimit, quotedCost } = request;
  if (weeklyLimit !== undefined) assertSlots('weeklyLimit', weeklyLimit);
  if (quotedCost !== undefined) assertSlots('quotedCost', quotedCost);
  const limit: WeeklyLimit =
    weeklyLimit === undefined
      ? async () => planLimitsFor(await planOf(context, userId)).weeklySlots
      : async () => weeklyLimit;
  return chargeJob(context, userId, jobId, cost, limit, quotedCost);
}

/** The weekly limit a charge is held to, asked for only when the charge needs one. */
type WeeklyLimit = () => Promise<number>;

/**
 * Charges a job in one transaction with its record's transition: from its hold
 * when `quotedCost` is given (or the record shows one), else like a job never
 * reserved. Arguments are checked by the caller. `limitOf` is called at most
 * once, and only when the charge leaves its hold's week (or there is no hold).
 */
async function chargeJob(
  context: LedgerContext,
  userId: string,
  jobId: string,
  measured: number,
  limitOf: WeeklyLimit,
  quotedCost: number | undefined,
): Promise<SettleResult> {
  const clockWeek = isoWeekKey(clock(context));
  let guess: RecordGuess =
    quotedCost === undefined
      ? { kind: 'absent' }
      : { kind: 'reserved', held: quotedCost, week: clockWeek };
  // Where the charge goes when it is not the hold's own week: the current week.
  let week = clockWeek;
  // The item read when the charge must start the week (`start_week` from it), else undefined.
  let startsFrom: QuotaItem | undefined;
  let holdWeekEnded = false;
  let limit: number | undefined;

  return retryTransaction(context, userId, async (): Promise<Round<SettleResult>> => {
    const quote = guess.kind === 'reserved' ? guess.held : quotedCost;
    const charge = quote === undefined ? measured : Math.min(measured, quote);
    const inHoldWeek = guess.kind === 'reserved' && !holdWeekEnded;
    const chargedWeek = inHoldWeek && guess.kind === 'reserved' ? guess.week : week;
    // Within its hold's week a charge (at most the hold) always fits: no limit is needed.
    const weeklyLimit = inHoldWeek ? Number.POSITIVE_INFINITY : (limit ??= await limitOf());
    if (!inHoldWeek && startsFrom && charge > weeklyLimit) {
      return overLimit(
        context,
        userId,
        jobId,
        guess,
        chargedWeek,
        measured,
        weeklyLimit,
        undefined,
      );
    }
    const target: WeekTarget = inHoldWeek
      ? { kind: 'in_week', week: chargedWeek }
      : startsFrom
        ? { kind: 'start_week', week: chargedWeek, from: startsFrom }
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
        ? { Update: recordTransition(context, userId, jobId, guess, 'settled', settled) }
        : {
            Put: newJobRecord(context, userId, jobId, {
              state: 'settled',
              week: chargedWeek,
              held: 0,
              extra: settled,
            }),
          };
    const outcome = await transactIn(context, [
      asTransactItem(counterUpdate(context.tableName, userKey(userId), target, delta)),
      record,
    ]);
    if (outcome.applied) {
      return { outcome: 'charged', week: chargedWeek, charged: charge, measured, quoted: quote };
    }
    if (outcome.conflict) return BACK_OFF;
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
      return AIM_AGAIN;
    }
    if (inHoldWeek && guess.kind === 'reserved') {
      holdWeekEnded = holdWeekEndedBy(userId, userReason?.item, guess.week);
      return AIM_AGAIN;
    }
    const item = decodeQuotaItem(userId, userReason?.item);
    if (item.week === undefined || item.week < week) {
      startsFrom = item;
      return AIM_AGAIN;
    }
    startsFrom = undefined;
    if (item.week > week) {
      week = item.week;
      return AIM_AGAIN;
    }
    if (item.committed + charge > weeklyLimit) {
      return overLimit(context, userId, jobId, guess, week, measured, weeklyLimit, item);
    }
    // The post's item, in this week: upgraded in place (once per user), then charged.
    if (item.fromPost) await upgradePostItem(context, userId, item);
    return AIM_AGAIN;
  });
}

/**
 * Nothing fits: a held job is released (so it is never charged later), and the
 * refusal is reported. `item` undefined means a week not started yet (nothing committed).
 */
async function overLimit(
  context: LedgerContext,
  userId: string,
  jobId: string,
  guess: RecordGuess,
  week: string,
  measured: number,
  weeklyLimit: number,
  item: QuotaItem | undefined,
): Promise<SettleResult> {
  if (guess.kind === 'reserved') {
    const released = await release(context, { userId, jobId, heldCost: guess.held });
    if (released.outcome === 'already_charged') {
      return { outcome: 'already_charged', week: released.week, charged: released.charged };
    }
  }
  const committed = item !== undefined && item.week === week ? item.committed : 0;
  return {
    outcome: 'over_limit',
    week,
    measured,
    remaining: Math.max(0, weeklyLimit - committed),
    limit: weeklyLimit,
  };
}

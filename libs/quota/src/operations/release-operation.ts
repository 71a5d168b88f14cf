import { counterUpdate, type CounterDelta, type WeekTarget } from '../counter-update';
import { isoWeekKey } from '../iso-week';
import { type QuotaJobRecord, decodeJobRecord } from '../job-record';
import { clock, transactIn, userKey, type LedgerContext } from '../ledger-context';
import { readRecord } from '../ledger-reads';
import {
  NO_CHANGE,
  expiryOf,
  guessOf,
  holdWeekEndedBy,
  putRecordIfAbsent,
  recordTransition,
  type RecordGuess,
} from '../ledger-records';
import { AIM_AGAIN, BACK_OFF, retryTransaction, type Round } from '../retry-transaction';
import { QUOTA_RECORD_TTL_ATTRIBUTE } from '../users-table';
import { assertJobRef, assertSlots } from '../validation';
import type { ReleaseRequest, ReleaseResult } from './release-types';

/**
 * `QuotaLedger.release`: frees a job's hold in one transaction (the record
 * moves to `released`), or answers what the record already says.
 */
export async function release(
  context: LedgerContext,
  request: ReleaseRequest,
): Promise<ReleaseResult> {
  assertJobRef(request);
  const { userId, jobId, heldCost } = request;
  if (heldCost !== undefined) assertSlots('heldCost', heldCost);
  let guess: RecordGuess;
  if (heldCost === undefined) {
    const record = await readRecord(context, userId, jobId);
    const done = releaseAnswer(record);
    if (done) return done;
    guess = guessOf(record);
  } else {
    guess = { kind: 'reserved', held: heldCost, week: isoWeekKey(clock(context)) };
  }
  let holdWeekEnded = false;

  return retryTransaction(context, userId, async (): Promise<Round<ReleaseResult>> => {
    if (guess.kind === 'absent') {
      const written = await putRecordIfAbsent(context, userId, jobId, {
        state: 'released',
        week: isoWeekKey(clock(context)),
        held: 0,
      });
      if (written) return { outcome: 'released', freed: 0 };
      const record = await readRecord(context, userId, jobId);
      const done = releaseAnswer(record);
      if (done) return done;
      guess = guessOf(record);
      return AIM_AGAIN;
    }
    const target: WeekTarget = holdWeekEnded
      ? { kind: 'after_week', week: guess.week }
      : { kind: 'in_week', week: guess.week };
    const delta: CounterDelta = holdWeekEnded
      ? { ...NO_CHANGE, inFlight: -1 }
      : { ...NO_CHANGE, reserved: -guess.held, inFlight: -1 };
    const outcome = await transactIn(context, [
      { Update: counterUpdate(context.tableName, userKey(userId), target, delta) },
      {
        Update: recordTransition(context, userId, jobId, guess, 'released', {
          [QUOTA_RECORD_TTL_ATTRIBUTE]: { N: String(expiryOf(guess.week)) },
        }),
      },
    ]);
    if (outcome.applied) return { outcome: 'released', freed: holdWeekEnded ? 0 : guess.held };
    if (outcome.conflict) return BACK_OFF;
    const [userReason, recordReason] = outcome.reasons;
    if (recordReason?.code === 'ConditionalCheckFailed') {
      const record = decodeJobRecord(userId, recordReason.item);
      const done = releaseAnswer(record);
      if (done) return done;
      guess = guessOf(record);
      return AIM_AGAIN;
    }
    holdWeekEnded = holdWeekEndedBy(userId, userReason?.item, guess.week);
    return AIM_AGAIN;
  });
}

/** The answer `release` gives for a record that is not (or no longer) reserved, or undefined to go on. */
function releaseAnswer(record: QuotaJobRecord | undefined): ReleaseResult | undefined {
  if (record === undefined || record.state === 'reserved') return undefined;
  if (record.state === 'released') return { outcome: 'already_released' };
  return {
    outcome: 'already_charged',
    week: record.chargedWeek ?? record.week,
    charged: record.charged,
  };
}

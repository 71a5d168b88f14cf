import { QuotaLedger } from '../src/ledger';
import type { ReserveResult } from '../src/operations/reserve-types';
import type { SettleResult } from '../src/operations/settle-types';
import {
  expectCountersToMatchRecords as expectCountersMatchRecords,
  readCounters,
} from './support/counters';
import { readJobRecords } from './support/job-records';
import { fakeClock, readItem, seededRandom, suiteStore } from './support/local-dynamo';

// Wednesday of 2026-W49, and the instants around the Monday that starts 2026-W50.
const MID_WEEK = '2026-12-02T12:00:00Z';
const SUNDAY_LATE = '2026-12-06T23:58:00Z';
const MONDAY_EARLY = '2026-12-07T00:05:00Z';
// Generous admission limits, for tests about the weekly limit alone.
const UNCAPPED = { maxInFlight: 10_000, reservationsPerMinute: 10_000 };

// Correctness tests against a real server, not timed ones: leave room for a busy shared machine.
jest.setTimeout(120_000);

const store = suiteStore('reserving');
const newUser = store.newUser;

function ledgerAt(iso: string): QuotaLedger {
  return new QuotaLedger({
    client: store.dynamo.client,
    tableName: store.dynamo.tableName,
    now: fakeClock(iso).now,
    maxAttempts: 40,
  });
}

/** The counters as stored, around the ledger. */
const counters = (userId: string) => readCounters(store.dynamo, userId);

/** The counters must agree with the job records: what is held, charged and in flight. */
const expectCountersToMatchRecords = (userId: string, week: string) =>
  expectCountersMatchRecords(store.dynamo, userId, week);

function countOutcomes(results: readonly { outcome: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { outcome } of results) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

describe('QuotaLedger.reserve', () => {
  it('holds the quoted cost apart from what is used, and holds a repeated job once', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    expect(await ledger.reserve({ userId, jobId: 'job-1', cost: 4, weeklyLimit: 200 })).toEqual({
      outcome: 'reserved',
      week: '2026-W49',
      held: 4,
    });
    expect(await ledger.reserve({ userId, jobId: 'job-1', cost: 4, weeklyLimit: 200 })).toEqual({
      outcome: 'already_reserved',
      week: '2026-W49',
      held: 4,
      state: 'reserved',
    });
    expect(await ledger.usage({ userId, weeklyLimit: 200 })).toMatchObject({
      used: 0,
      reserved: 4,
      remaining: 196,
      inFlight: 1,
    });
    await expectCountersToMatchRecords(userId, '2026-W49');
  });

  it('refuses a hold when used + reserved + cost would pass the limit, with the remaining slots and the reset, writing nothing', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'a', cost: 100, weeklyLimit: 200 });
    await ledger.settle({ userId, jobId: 'a', cost: 100, quotedCost: 100, weeklyLimit: 200 });
    await ledger.reserve({ userId, jobId: 'b', cost: 60, weeklyLimit: 200 });
    const before = await counters(userId);
    const refusal = await ledger.reserve({ userId, jobId: 'c', cost: 41, weeklyLimit: 200 });
    expect(refusal).toMatchObject({
      outcome: 'over_limit',
      usage: { used: 100, reserved: 60, remaining: 40, resetsAt: new Date('2026-12-07T00:00:00Z') },
    });
    expect(await counters(userId)).toEqual(before);
    expect((await readJobRecords(store.dynamo, userId)).map((record) => record.jobId)).toEqual([
      'a',
      'b',
    ]);
    expect(await ledger.reserve({ userId, jobId: 'c', cost: 40, weeklyLimit: 200 })).toMatchObject({
      outcome: 'reserved',
    });
  });

  it('refuses a job that alone costs more than the limit, for a user never charged', async () => {
    const userId = newUser();
    expect(
      await ledgerAt(MID_WEEK).reserve({ userId, jobId: 'huge', cost: 201, weeklyLimit: 200 }),
    ).toMatchObject({ outcome: 'over_limit', usage: { used: 0, remaining: 200 } });
    expect(await readItem(store.dynamo, userId)).toBeUndefined();
  });

  it('refuses a fourth job while three are in flight, and admits one again once a job settles or is released', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    for (const jobId of ['a', 'b', 'c']) {
      await ledger.reserve({ userId, jobId, cost: 2, weeklyLimit: 200 });
    }
    expect(await ledger.reserve({ userId, jobId: 'd', cost: 2, weeklyLimit: 200 })).toMatchObject({
      outcome: 'too_many_in_flight',
      usage: { inFlight: 3, reserved: 6 },
    });
    await ledger.settle({ userId, jobId: 'a', cost: 2, quotedCost: 2, weeklyLimit: 200 });
    expect(await ledger.reserve({ userId, jobId: 'd', cost: 2, weeklyLimit: 200 })).toMatchObject({
      outcome: 'reserved',
    });
    await ledger.release({ userId, jobId: 'b', heldCost: 2 });
    expect(await ledger.reserve({ userId, jobId: 'e', cost: 2, weeklyLimit: 200 })).toMatchObject({
      outcome: 'reserved',
    });
    expect(await expectCountersToMatchRecords(userId, '2026-W49')).toMatchObject({ inFlight: 3 });
  });

  it('refuses reservations past the per-minute rate until the next minute', async () => {
    const userId = newUser();
    const clock = fakeClock('2026-12-02T12:00:10Z');
    const ledger = new QuotaLedger({
      client: store.dynamo.client,
      tableName: store.dynamo.tableName,
      now: clock.now,
    });
    const limits = { weeklyLimit: 200, maxInFlight: 100, reservationsPerMinute: 2 };
    await ledger.reserve({ userId, jobId: 'a', cost: 1, ...limits });
    await ledger.reserve({ userId, jobId: 'b', cost: 1, ...limits });
    const refusal = await ledger.reserve({ userId, jobId: 'c', cost: 1, ...limits });
    expect(refusal).toMatchObject({
      outcome: 'rate_limited',
      retryAt: new Date('2026-12-02T12:01:00Z'),
    });
    clock.set('2026-12-02T12:01:00Z');
    expect(await ledger.reserve({ userId, jobId: 'c', cost: 1, ...limits })).toMatchObject({
      outcome: 'reserved',
    });
  });

  it('never holds more than the limit in a concurrent burst of 200 reservations by one user', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        ledger.reserve({ userId, jobId: `job-${index}`, cost: 4, weeklyLimit: 200, ...UNCAPPED }),
      ),
    );
    const held = results.filter((result) => result.outcome === 'reserved').length;
    expect(held).toBe(50);
    expect(countOutcomes(results)).toEqual({ reserved: 50, over_limit: 150 });
    expect(await expectCountersToMatchRecords(userId, '2026-W49')).toMatchObject({
      reserved: 200,
      inFlight: 50,
    });
  });

  it('never lets more jobs than the in-flight cap start in a concurrent burst', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    const results: ReserveResult[] = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        ledger.reserve({
          userId,
          jobId: `job-${index}`,
          cost: 1,
          weeklyLimit: 200,
          maxInFlight: 3,
        }),
      ),
    );
    expect(results.filter((result) => result.outcome === 'reserved')).toHaveLength(3);
    expect((await counters(userId)).inFlight).toBe(3);
  });

  it('counts a hold from a week that ended nowhere: the new week starts empty', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LATE).reserve({
      userId,
      jobId: 'sunday',
      cost: 150,
      weeklyLimit: 200,
      ...UNCAPPED,
    });
    const monday = ledgerAt(MONDAY_EARLY);
    expect(
      await monday.reserve({ userId, jobId: 'monday', cost: 200, weeklyLimit: 200, ...UNCAPPED }),
    ).toMatchObject({ outcome: 'reserved', week: '2026-W50' });
    expect(await counters(userId)).toMatchObject({
      week: '2026-W50',
      reserved: 200,
      inFlight: 2,
    });
  });
});

describe('QuotaLedger.settle', () => {
  it('charges the quote when the audio measured more, and usage moves by exactly the quote', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'long', cost: 4, weeklyLimit: 200 });
    expect(
      await ledger.settle({ userId, jobId: 'long', cost: 6, quotedCost: 4, weeklyLimit: 200 }),
    ).toEqual({ outcome: 'charged', week: '2026-W49', charged: 4, measured: 6, quoted: 4 });
    expect(await ledger.usage({ userId, weeklyLimit: 200 })).toMatchObject({
      used: 4,
      reserved: 0,
      remaining: 196,
      inFlight: 0,
    });
    expect(await ledger.lookupJob({ userId, jobId: 'long' })).toEqual({
      state: 'settled',
      week: '2026-W49',
      held: 4,
      charged: 4,
      chargedWeek: '2026-W49',
      measured: 6,
    });
  });

  it('charges the measured cost when it is below the quote, and frees the rest of the hold', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'short', cost: 4, weeklyLimit: 200 });
    expect(
      await ledger.settle({ userId, jobId: 'short', cost: 2, quotedCost: 4, weeklyLimit: 200 }),
    ).toMatchObject({ outcome: 'charged', charged: 2 });
    expect(await ledger.usage({ userId, weeklyLimit: 200 })).toMatchObject({
      used: 2,
      reserved: 0,
      remaining: 198,
    });
  });

  it('charges the quote held in its record when the caller passes a different quote or none', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'a', cost: 4, weeklyLimit: 200 });
    await ledger.reserve({ userId, jobId: 'b', cost: 4, weeklyLimit: 200 });
    expect(
      await ledger.settle({ userId, jobId: 'a', cost: 10, quotedCost: 9, weeklyLimit: 200 }),
    ).toMatchObject({ outcome: 'charged', charged: 4, quoted: 4 });
    expect(await ledger.settle({ userId, jobId: 'b', cost: 10, weeklyLimit: 200 })).toMatchObject({
      outcome: 'charged',
      charged: 4,
    });
    await expectCountersToMatchRecords(userId, '2026-W49');
  });

  it('charges once among 20 concurrent settles of the same job, above and below its quote', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'job', cost: 4, weeklyLimit: 200 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        ledger.settle({
          userId,
          jobId: 'job',
          cost: index % 2 === 0 ? 6 : 2,
          quotedCost: 4,
          weeklyLimit: 200,
        }),
      ),
    );
    expect(countOutcomes(results)).toEqual({ charged: 1, already_charged: 19 });
    const charged = results.find((result) => result.outcome === 'charged') as Extract<
      SettleResult,
      { outcome: 'charged' }
    >;
    expect(await expectCountersToMatchRecords(userId, '2026-W49')).toMatchObject({
      used: charged.charged,
      reserved: 0,
      inFlight: 0,
    });
  });

  it('lets exactly one of a settle and a release of the same job win, in every one of 15 races', async () => {
    const ledger = ledgerAt(MID_WEEK);
    for (let race = 0; race < 15; race += 1) {
      const userId = newUser();
      await ledger.reserve({ userId, jobId: 'job', cost: 4, weeklyLimit: 200 });
      const [settled, released] = await Promise.all([
        ledger.settle({ userId, jobId: 'job', cost: 4, quotedCost: 4, weeklyLimit: 200 }),
        ledger.release({ userId, jobId: 'job', heldCost: 4 }),
      ]);
      const stored = await expectCountersToMatchRecords(userId, '2026-W49');
      if (settled.outcome === 'charged') {
        expect(released).toEqual({ outcome: 'already_charged', week: '2026-W49', charged: 4 });
        expect(stored.used).toBe(4);
      } else {
        expect(settled).toEqual({ outcome: 'released' });
        expect(released).toEqual({ outcome: 'released', freed: 4 });
        expect(stored.used).toBe(0);
      }
      expect(stored).toMatchObject({ reserved: 0, inFlight: 0 });
    }
  });

  it('never passes the limit while 120 jobs are reserved and settled concurrently at costs above and below their quotes', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    const random = seededRandom(12);
    const jobs = Array.from({ length: 120 }, (_, index) => ({
      jobId: `job-${index}`,
      quote: 1 + Math.floor(random() * 8),
      drift: Math.floor(random() * 5) - 2,
    }));
    await Promise.all(
      jobs.map(async ({ jobId, quote, drift }) => {
        const hold = await ledger.reserve({
          userId,
          jobId,
          cost: quote,
          weeklyLimit: 200,
          ...UNCAPPED,
        });
        if (hold.outcome !== 'reserved') return;
        await ledger.settle({
          userId,
          jobId,
          cost: Math.max(0, quote + drift),
          quotedCost: quote,
          weeklyLimit: 200,
        });
      }),
    );
    const stored = await expectCountersToMatchRecords(userId, '2026-W49');
    expect(stored.used).toBeLessThanOrEqual(200);
    expect(stored).toMatchObject({ reserved: 0, inFlight: 0 });
    for (const record of await readJobRecords(store.dynamo, userId)) {
      expect(record.charged).toBeLessThanOrEqual(record.held);
    }
  });

  it('charges a job whose hold week ended to the current week when it fits, and frees its in-flight slot', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LATE).reserve({ userId, jobId: 'sunday', cost: 4, weeklyLimit: 200 });
    const monday = ledgerAt(MONDAY_EARLY);
    await monday.reserve({ userId, jobId: 'monday', cost: 2, weeklyLimit: 200 });
    expect(
      await monday.settle({ userId, jobId: 'sunday', cost: 5, quotedCost: 4, weeklyLimit: 200 }),
    ).toMatchObject({ outcome: 'charged', week: '2026-W50', charged: 4 });
    expect(await counters(userId)).toMatchObject({
      week: '2026-W50',
      used: 4,
      reserved: 2,
      inFlight: 1,
    });
  });

  it('releases a job whose hold week ended when the current week has no room, charging nothing', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LATE).reserve({ userId, jobId: 'sunday', cost: 4, weeklyLimit: 200 });
    const monday = ledgerAt(MONDAY_EARLY);
    await monday.reserve({ userId, jobId: 'filler', cost: 198, weeklyLimit: 200 });
    expect(
      await monday.settle({ userId, jobId: 'sunday', cost: 4, quotedCost: 4, weeklyLimit: 200 }),
    ).toMatchObject({ outcome: 'over_limit', week: '2026-W50', remaining: 2 });
    expect(await monday.lookupJob({ userId, jobId: 'sunday' })).toMatchObject({
      state: 'released',
    });
    expect(await counters(userId)).toMatchObject({ used: 0, reserved: 198, inFlight: 1 });
  });

  it('charges a held job in its own week without a weekly limit and without reading the plan', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'held', cost: 4, weeklyLimit: 200 });
    const before = store.dynamo.commands.length;
    expect(await ledger.settle({ userId, jobId: 'held', cost: 5, quotedCost: 4 })).toMatchObject({
      outcome: 'charged',
      week: '2026-W49',
      charged: 4,
    });
    expect(store.dynamo.commands.slice(before)).toEqual(['TransactWriteItemsCommand']);
  });

  it('holds a job whose hold week ended to the user’s own plan when no weekly limit is given', async () => {
    const userId = newUser();
    const sunday = ledgerAt(SUNDAY_LATE);
    await sunday.reserve({ userId, jobId: 'sunday', cost: 300, weeklyLimit: 600 });
    await sunday.reserve({ userId, jobId: 'late', cost: 10, weeklyLimit: 600 });
    const monday = ledgerAt(MONDAY_EARLY);
    await monday.setPlan({ userId, plan: 'creator' });
    await monday.reserve({ userId, jobId: 'filler', cost: 250, weeklyLimit: 600 });
    // 250 + 300 fits the creator plan's 600, not the default plan's 200.
    expect(
      await monday.settle({ userId, jobId: 'sunday', cost: 300, quotedCost: 300 }),
    ).toMatchObject({ outcome: 'charged', week: '2026-W50', charged: 300 });
    await monday.setPlan({ userId, plan: 'free' });
    expect(await monday.settle({ userId, jobId: 'late', cost: 10, quotedCost: 10 })).toMatchObject({
      outcome: 'over_limit',
      week: '2026-W50',
      remaining: 0,
      limit: 200,
    });
  });

  it('refuses a weekly limit that is not a whole number of slots before any I/O', async () => {
    const before = store.dynamo.commands.length;
    await expect(
      ledgerAt(MID_WEEK).settle({ userId: newUser(), jobId: 'j', cost: 1, weeklyLimit: -1 }),
    ).rejects.toMatchObject({ name: 'QuotaInputError', field: 'weeklyLimit' });
    expect(store.dynamo.commands.length).toBe(before);
  });
});

describe('QuotaLedger.release', () => {
  it('frees the hold and the in-flight slot once, and the job is never charged after', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'job', cost: 4, weeklyLimit: 200 });
    expect(await ledger.release({ userId, jobId: 'job', heldCost: 4 })).toEqual({
      outcome: 'released',
      freed: 4,
    });
    expect(await ledger.release({ userId, jobId: 'job' })).toEqual({ outcome: 'already_released' });
    expect(
      await ledger.settle({ userId, jobId: 'job', cost: 4, quotedCost: 4, weeklyLimit: 200 }),
    ).toEqual({ outcome: 'released' });
    expect(await counters(userId)).toMatchObject({ used: 0, reserved: 0, inFlight: 0 });
  });

  it('answers already charged for a settled job and changes nothing', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'job', cost: 4, weeklyLimit: 200 });
    await ledger.settle({ userId, jobId: 'job', cost: 3, quotedCost: 4, weeklyLimit: 200 });
    expect(await ledger.release({ userId, jobId: 'job', heldCost: 4 })).toEqual({
      outcome: 'already_charged',
      week: '2026-W49',
      charged: 3,
    });
    expect(await counters(userId)).toMatchObject({ used: 3, reserved: 0, inFlight: 0 });
  });

  it('records a job that was never reserved as released, so it is never charged', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    expect(await ledger.release({ userId, jobId: 'ghost' })).toEqual({
      outcome: 'released',
      freed: 0,
    });
    expect(await ledger.settle({ userId, jobId: 'ghost', cost: 4, weeklyLimit: 200 })).toEqual({
      outcome: 'released',
    });
    expect(await readItem(store.dynamo, userId)).toBeUndefined();
  });

  it('frees only the in-flight slot of a hold whose week ended', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LATE).reserve({ userId, jobId: 'sunday', cost: 4, weeklyLimit: 200 });
    const monday = ledgerAt(MONDAY_EARLY);
    await monday.reserve({ userId, jobId: 'monday', cost: 2, weeklyLimit: 200 });
    expect(await monday.release({ userId, jobId: 'sunday', heldCost: 4 })).toEqual({
      outcome: 'released',
      freed: 0,
    });
    expect(await counters(userId)).toMatchObject({ week: '2026-W50', reserved: 2, inFlight: 1 });
  });
});

describe('QuotaLedger.grant', () => {
  it('adds slots for the current week, shown apart, once per operation id', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'big', cost: 200, weeklyLimit: 200 });
    expect(
      await ledger.reserve({ userId, jobId: 'more', cost: 10, weeklyLimit: 200 }),
    ).toMatchObject({
      outcome: 'over_limit',
    });
    const granted = await ledger.grant({
      userId,
      operationId: 'ticket-1',
      slots: 50,
      weeklyLimit: 200,
    });
    expect(granted).toMatchObject({
      outcome: 'granted',
      week: '2026-W49',
      slots: 50,
      usage: { granted: 50, reserved: 200, remaining: 50 },
    });
    expect(
      await ledger.grant({ userId, operationId: 'ticket-1', slots: 50, weeklyLimit: 200 }),
    ).toMatchObject({ outcome: 'already_granted', usage: { granted: 50 } });
    expect(
      await ledger.reserve({ userId, jobId: 'more', cost: 10, weeklyLimit: 200 }),
    ).toMatchObject({
      outcome: 'reserved',
    });
  });

  it('applies each of 12 concurrent grants with different ids, and one of 12 with the same id', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        ledger.grant({ userId, operationId: `op-${index}`, slots: 5, weeklyLimit: 200 }),
      ),
    );
    const same = await Promise.all(
      Array.from({ length: 12 }, () =>
        ledger.grant({ userId, operationId: 'same', slots: 7, weeklyLimit: 200 }),
      ),
    );
    expect(countOutcomes(same)).toEqual({ granted: 1, already_granted: 11 });
    expect(await counters(userId)).toMatchObject({ granted: 67, committed: -67 });
  });

  it('expires with the week', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LATE).grant({
      userId,
      operationId: 'sunday',
      slots: 50,
      weeklyLimit: 200,
    });
    expect(await ledgerAt(MONDAY_EARLY).usage({ userId, weeklyLimit: 200 })).toMatchObject({
      week: '2026-W50',
      granted: 0,
      remaining: 200,
    });
  });

  it('refuses a grant of zero or fractional slots before any I/O', async () => {
    const before = store.dynamo.commands.length;
    for (const slots of [0, 1.5, -3]) {
      await expect(
        ledgerAt(MID_WEEK).grant({ userId: 'u', operationId: 'op', slots, weeklyLimit: 200 }),
      ).rejects.toMatchObject({ name: 'QuotaInputError', field: 'slots' });
    }
    expect(store.dynamo.commands.length).toBe(before);
  });
});

describe('QuotaLedger.refund', () => {
  it('gives a charged job’s slots back to the current week, once, even when asked concurrently', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'job', cost: 4, weeklyLimit: 200 });
    await ledger.settle({ userId, jobId: 'job', cost: 4, quotedCost: 4, weeklyLimit: 200 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => ledger.refund({ userId, jobId: 'job', weeklyLimit: 200 })),
    );
    expect(countOutcomes(results)).toEqual({ refunded: 1, already_refunded: 7 });
    expect(await counters(userId)).toMatchObject({ used: 0, committed: 0 });
    expect(await ledger.lookupJob({ userId, jobId: 'job' })).toMatchObject({ state: 'refunded' });
  });

  it('says the week ended for a job charged last week, and changes nothing', async () => {
    const userId = newUser();
    const sunday = ledgerAt(SUNDAY_LATE);
    await sunday.reserve({ userId, jobId: 'job', cost: 4, weeklyLimit: 200 });
    await sunday.settle({ userId, jobId: 'job', cost: 4, quotedCost: 4, weeklyLimit: 200 });
    expect(
      await ledgerAt(MONDAY_EARLY).refund({ userId, jobId: 'job', weeklyLimit: 200 }),
    ).toMatchObject({
      outcome: 'week_ended',
      week: '2026-W49',
      slots: 4,
    });
    expect(await counters(userId)).toMatchObject({ week: '2026-W49', used: 4 });
  });

  it('says a job in flight, released or unknown was not charged', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'running', cost: 4, weeklyLimit: 200 });
    await ledger.reserve({ userId, jobId: 'failed', cost: 4, weeklyLimit: 200 });
    await ledger.release({ userId, jobId: 'failed' });
    for (const jobId of ['running', 'failed', 'unknown']) {
      expect(await ledger.refund({ userId, jobId, weeklyLimit: 200 })).toMatchObject({
        outcome: 'not_charged',
        slots: 0,
      });
    }
    expect(await counters(userId)).toMatchObject({ reserved: 4, used: 0 });
  });
});

describe('QuotaLedger.setPlan', () => {
  it('moves a user to a plan that the next reservation uses, and reads it back', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    expect(await ledger.planOf(userId)).toBeUndefined();
    expect(await ledger.setPlan({ userId, plan: 'creator' })).toMatchObject({
      previousPlan: undefined,
      plan: 'creator',
      usage: { limit: 600, remaining: 600 },
    });
    expect(await ledger.planOf(userId)).toBe('creator');
  });

  it('never shows negative remaining slots after a downgrade, and refuses what no longer fits', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.setPlan({ userId, plan: 'creator' });
    await ledger.reserve({ userId, jobId: 'big', cost: 300, weeklyLimit: 600 });
    const downgraded = await ledger.setPlan({ userId, plan: 'free' });
    expect(downgraded).toMatchObject({ previousPlan: 'creator', plan: 'free' });
    expect(downgraded.usage).toMatchObject({ reserved: 300, limit: 200, remaining: 0 });
    expect(
      await ledger.reserve({ userId, jobId: 'next', cost: 1, weeklyLimit: 200 }),
    ).toMatchObject({
      outcome: 'over_limit',
    });
    // The job held before the downgrade is still settled for what it was quoted.
    expect(
      await ledger.settle({ userId, jobId: 'big', cost: 300, quotedCost: 300, weeklyLimit: 200 }),
    ).toMatchObject({ outcome: 'charged', charged: 300 });
  });

  it('holds no more than the plan each admission read, while the plan is changed concurrently', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.setPlan({ userId, plan: 'studio' });
    const plans = ['free', 'creator', 'studio'] as const;
    const [admissions] = await Promise.all([
      Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          ledger.admit({ userId, jobId: `job-${index}`, cost: 100 }),
        ),
      ),
      Promise.all(
        Array.from({ length: 9 }, (_, index) =>
          ledger.setPlan({ userId, plan: plans[index % 3] as string }),
        ),
      ),
    ]);
    const held = admissions.filter((admission) => admission.hold?.outcome === 'reserved');
    const stored = await counters(userId);
    // Every hold fitted the limit of the plan its own read saw, so none passed studio's.
    expect(stored.reserved).toBe(held.length * 100);
    expect(stored.reserved).toBeLessThanOrEqual(1_500);
    expect(stored.reserved).toBeLessThanOrEqual(
      Math.max(...held.map((admission) => admission.limits.weeklySlots)),
    );
    // And the in-flight cap of the largest plan read (studio: 10) bounds the holds too.
    expect(held.length).toBeLessThanOrEqual(10);
    expect(['free', 'creator', 'studio']).toContain(await ledger.planOf(userId));
    await expectCountersToMatchRecords(userId, '2026-W49');
  });

  it('refuses an unknown plan before any I/O', async () => {
    const before = store.dynamo.commands.length;
    await expect(
      ledgerAt(MID_WEEK).setPlan({ userId: 'u', plan: 'platinum' }),
    ).rejects.toMatchObject({
      name: 'QuotaInputError',
      field: 'plan',
    });
    expect(store.dynamo.commands.length).toBe(before);
  });
});

describe('QuotaLedger user ids', () => {
  it('refuses a user id that could be taken for one of its own records', async () => {
    await expect(
      ledgerAt(MID_WEEK).reserve({ userId: 'quota-job#x', jobId: 'j', cost: 1, weeklyLimit: 200 }),
    ).rejects.toMatchObject({ name: 'QuotaInputError', field: 'userId' });
  });
});

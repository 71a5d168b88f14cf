import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { weekWindow, weeksBefore } from '../src/iso-week';
import { QuotaLedger } from '../src/ledger';
import { QUOTA_HISTORY_ATTRIBUTE_PREFIX, QUOTA_HISTORY_WEEKS } from '../src/users-table';
import { chargedIn, readJobRecords } from './support/job-records';
import { fakeClock, readItem, suiteStore } from './support/local-dynamo';

// Wednesdays of 2026-W47, W48 and W49, and the instants around the Monday that starts W50.
const W47 = '2026-11-18T12:00:00Z';
const W48 = '2026-11-25T12:00:00Z';
const W49 = '2026-12-02T12:00:00Z';
const SUNDAY_LATE = '2026-12-06T23:58:00Z';
const MONDAY_EARLY = '2026-12-07T00:05:00Z';

// Correctness tests against a real server, not timed ones: leave room for a busy shared machine.
jest.setTimeout(180_000);

const store = suiteStore('history');
const newUser = store.newUser;

/** A ledger whose clock the test moves, and the clock. */
function ledgerWithClock(iso: string) {
  const clock = fakeClock(iso);
  const ledger = new QuotaLedger({
    client: store.dynamo.client,
    tableName: store.dynamo.tableName,
    now: clock.now,
    maxAttempts: 40,
  });
  return { ledger, clock };
}

async function usedPerWeek(ledger: QuotaLedger, userId: string, weeks: number) {
  const history = await ledger.usageHistory({ userId, weeks });
  return Object.fromEntries(history.weeks.map((week) => [week.week, week.used]));
}

/** DynamoDB's item size: attribute names plus values (strings in UTF-8, numbers about 1 byte per 2 digits). */
function itemBytes(item: Record<string, AttributeValue>): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) {
    bytes += Buffer.byteLength(name);
    if (value.S !== undefined) bytes += Buffer.byteLength(value.S);
    if (value.N !== undefined) bytes += Math.ceil(value.N.replace(/^-/, '').length / 2) + 1;
  }
  return bytes;
}

describe('QuotaLedger.usageHistory', () => {
  it('answers every week as 0 for a user never charged, oldest first and the current week last', async () => {
    const { ledger } = ledgerWithClock(W49);
    const history = await ledger.usageHistory({ userId: newUser(), weeks: 3 });
    expect(history.weeks).toEqual([
      { week: '2026-W47', startsAt: weekWindow('2026-W47').start, used: 0 },
      { week: '2026-W48', startsAt: weekWindow('2026-W48').start, used: 0 },
      { week: '2026-W49', startsAt: weekWindow('2026-W49').start, used: 0 },
    ]);
  });

  it('keeps each week’s usage when the next week starts, refunds taken off', async () => {
    const userId = newUser();
    const { ledger, clock } = ledgerWithClock(W47);
    await ledger.settle({ userId, jobId: 'a', cost: 10, weeklyLimit: 200 });
    await ledger.settle({ userId, jobId: 'b', cost: 5, weeklyLimit: 200 });
    await ledger.refund({ userId, jobId: 'b', weeklyLimit: 200 });
    clock.set(W48);
    await ledger.reserve({ userId, jobId: 'c', cost: 6, weeklyLimit: 200 });
    await ledger.settle({ userId, jobId: 'c', cost: 7, quotedCost: 6, weeklyLimit: 200 });
    clock.set(W49);
    await ledger.grant({ userId, operationId: 'gift', slots: 20, weeklyLimit: 200 });
    await ledger.settle({ userId, jobId: 'd', cost: 3, weeklyLimit: 200 });
    expect(await usedPerWeek(ledger, userId, 4)).toEqual({
      '2026-W46': 0,
      '2026-W47': 10,
      '2026-W48': 6,
      '2026-W49': 3,
    });
  });

  it('answers a week that ended with no write since from its counters, and a gap of idle weeks as 0', async () => {
    const userId = newUser();
    const { ledger, clock } = ledgerWithClock(W47);
    await ledger.settle({ userId, jobId: 'a', cost: 8, weeklyLimit: 200 });
    clock.set(W49);
    expect(await usedPerWeek(ledger, userId, 3)).toEqual({
      '2026-W47': 8,
      '2026-W48': 0,
      '2026-W49': 0,
    });
    await ledger.settle({ userId, jobId: 'b', cost: 2, weeklyLimit: 200 });
    expect(await usedPerWeek(ledger, userId, 3)).toEqual({
      '2026-W47': 8,
      '2026-W48': 0,
      '2026-W49': 2,
    });
  });

  it('counts a hold settled on Monday in the week its record says it was charged to', async () => {
    const userId = newUser();
    const { ledger, clock } = ledgerWithClock(SUNDAY_LATE);
    await ledger.settle({ userId, jobId: 'sunday-charged', cost: 1, weeklyLimit: 200 });
    await ledger.reserve({ userId, jobId: 'held-a', cost: 4, weeklyLimit: 200 });
    await ledger.reserve({ userId, jobId: 'held-b', cost: 4, weeklyLimit: 200 });
    clock.set(MONDAY_EARLY);
    // The stored week is still Sunday's: the hold is charged to it.
    await ledger.settle({ userId, jobId: 'held-a', cost: 4, quotedCost: 4, weeklyLimit: 200 });
    // A Monday charge starts the new week; the other hold's week has ended, so it goes to Monday's.
    await ledger.settle({ userId, jobId: 'monday', cost: 2, weeklyLimit: 200 });
    await ledger.settle({ userId, jobId: 'held-b', cost: 4, quotedCost: 4, weeklyLimit: 200 });
    const records = await readJobRecords(store.dynamo, userId);
    expect(chargedIn(records, '2026-W49')).toBe(5);
    expect(await usedPerWeek(ledger, userId, 2)).toEqual({ '2026-W49': 5, '2026-W50': 6 });
  });

  it('agrees with the job records when 40 jobs are charged concurrently across a week start', async () => {
    const userId = newUser();
    const sunday = ledgerWithClock(SUNDAY_LATE).ledger;
    const monday = ledgerWithClock(MONDAY_EARLY).ledger;
    const limit = { weeklyLimit: 1_000, maxInFlight: 1_000, reservationsPerMinute: 1_000 };
    // 20 jobs held on Sunday, settled on Monday, racing 10 jobs of each day charged outright.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        sunday.reserve({ userId, jobId: `held-${index}`, cost: 3, ...limit }),
      ),
    );
    await Promise.all([
      ...Array.from({ length: 20 }, (_, index) =>
        monday.settle({ userId, jobId: `held-${index}`, cost: 2 + (index % 3), quotedCost: 3 }),
      ),
      ...Array.from({ length: 10 }, (_, index) =>
        sunday.settle({ userId, jobId: `sun-${index}`, cost: 1, weeklyLimit: 1_000 }),
      ),
      ...Array.from({ length: 10 }, (_, index) =>
        monday.settle({ userId, jobId: `mon-${index}`, cost: 2, weeklyLimit: 1_000 }),
      ),
    ]);
    const records = await readJobRecords(store.dynamo, userId);
    const history = await usedPerWeek(monday, userId, 2);
    expect(history).toEqual({
      '2026-W49': chargedIn(records, '2026-W49'),
      '2026-W50': chargedIn(records, '2026-W50'),
    });
    expect((history['2026-W49'] ?? 0) + (history['2026-W50'] ?? 0)).toBe(
      records.reduce((sum, record) => sum + record.charged, 0),
    );
  });

  it(`keeps at most ${QUOTA_HISTORY_WEEKS} weeks, so a user charged every week for 40 weeks keeps a small item`, async () => {
    const userId = newUser();
    const { ledger, clock } = ledgerWithClock(W49);
    const last = '2026-W49';
    for (let back = 39; back >= 0; back -= 1) {
      const week = weeksBefore(last, back);
      clock.set(new Date(weekWindow(week).start.getTime() + 86_400_000).toISOString());
      await ledger.settle({ userId, jobId: `week-${week}`, cost: 40 - back, weeklyLimit: 200 });
    }
    const item = (await readItem(store.dynamo, userId)) ?? {};
    const kept = Object.keys(item).filter((name) =>
      name.startsWith(QUOTA_HISTORY_ATTRIBUTE_PREFIX),
    );
    expect(kept).toHaveLength(QUOTA_HISTORY_WEEKS - 1);
    expect(itemBytes(item)).toBeLessThan(1024);
    const history = await ledger.usageHistory({ userId, weeks: QUOTA_HISTORY_WEEKS });
    expect(history.weeks.map((week) => week.used)).toEqual(
      Array.from({ length: QUOTA_HISTORY_WEEKS }, (_, index) => 15 + index),
    );
  });

  it('refuses a number of weeks outside 1 to 26 before any I/O', async () => {
    const { ledger } = ledgerWithClock(W49);
    const before = store.dynamo.commands.length;
    for (const weeks of [0, 27, 2.5, Number.NaN]) {
      await expect(ledger.usageHistory({ userId: newUser(), weeks })).rejects.toMatchObject({
        name: 'QuotaInputError',
        field: 'weeks',
      });
    }
    expect(store.dynamo.commands.length).toBe(before);
  });
});

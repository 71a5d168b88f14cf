import { readCounters } from './support/counters';
import { chargedIn, readJobRecords } from './support/job-records';
import { ledgerOn, suiteStore } from './support/local-dynamo';

// Correctness tests against a real server, not timed ones: leave room for a busy shared machine.
jest.setTimeout(60_000);

const store = suiteStore('boundary');

/**
 * One `settle` of a job never reserved, by a ledger whose clock stands at `at`, against a
 * weekly limit of 200: the outcome and week it must answer and, when it charged, the slots
 * used in that week afterwards.
 */
interface Charge {
  readonly at: string;
  readonly jobId: string;
  readonly cost: number;
  readonly outcome: 'charged' | 'over_limit';
  readonly week: string;
  readonly used?: number;
}

const charge = (
  at: string,
  jobId: string,
  cost: number,
  outcome: Charge['outcome'],
  week: string,
  used?: number,
): Charge => ({ at, jobId, cost, outcome, week, used });

describe('QuotaLedger.settle at the ISO week boundary (guarantee 7)', () => {
  it.each<[string, readonly Charge[], string, Record<string, number>]>([
    [
      'resets on Monday 00:00:01Z after a full week ending Sunday 23:59:59Z',
      [
        charge('2026-12-06T23:59:59Z', 'job-1', 200, 'charged', '2026-W49', 200),
        charge('2026-12-06T23:59:59Z', 'job-2', 1, 'over_limit', '2026-W49'),
        charge('2026-12-07T00:00:01Z', 'job-2', 1, 'charged', '2026-W50', 1),
      ],
      '2026-W50',
      { '2026-W49': 200, '2026-W50': 1 },
    ],
    [
      'keeps 2026-W53 one week across New Year and resets on Monday 2027-01-04',
      [
        charge('2026-12-28T00:00:00Z', 'mon', 150, 'charged', '2026-W53', 150),
        charge('2027-01-01T00:00:00Z', 'new-year', 50, 'charged', '2026-W53', 200),
        charge('2027-01-03T23:59:59Z', 'sun', 1, 'over_limit', '2026-W53'),
        charge('2027-01-04T00:00:01Z', 'sun', 1, 'charged', '2027-W01', 1),
      ],
      '2027-W01',
      { '2026-W53': 200, '2027-W01': 1 },
    ],
    [
      'resets on 2029-12-31, a Monday that already belongs to 2030-W01',
      [
        charge('2029-12-30T23:59:59Z', 'a', 200, 'charged', '2029-W52', 200),
        charge('2029-12-31T00:00:01Z', 'b', 7, 'charged', '2030-W01', 7),
      ],
      '2030-W01',
      { '2029-W52': 200, '2030-W01': 7 },
    ],
    [
      'rolls from 2032-W53 to 2033-W01 and never back when a late clock still says 2032',
      [
        charge('2032-12-31T12:00:00Z', 'a', 5, 'charged', '2032-W53', 5),
        charge('2033-01-03T00:00:01Z', 'b', 5, 'charged', '2033-W01', 5),
        charge('2033-01-02T23:59:59Z', 'c', 5, 'charged', '2033-W01', 10),
      ],
      '2033-W01',
      { '2032-W53': 5, '2033-W01': 10 },
    ],
  ])('%s', async (_label, charges, storedWeek, chargedPerWeek) => {
    const userId = store.newUser();
    for (const { at, jobId, cost, outcome, week, used } of charges) {
      const ledger = ledgerOn(store.dynamo, at);
      expect(await ledger.settle({ userId, jobId, cost, weeklyLimit: 200 })).toMatchObject({
        outcome,
        week,
      });
      if (used !== undefined) {
        expect(await readCounters(store.dynamo, userId)).toMatchObject({ week, used });
      }
    }
    expect((await readCounters(store.dynamo, userId)).week).toBe(storedWeek);
    const records = await readJobRecords(store.dynamo, userId);
    for (const [week, charged] of Object.entries(chargedPerWeek)) {
      expect(chargedIn(records, week)).toBe(charged);
    }
  });
});

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { QuotaStateError } from '../src/errors';
import { QuotaLedger } from '../src/ledger';
import { quotaHistoryAttribute } from '../src/users-table';
import { expectCountersToMatchRecords, readCounters } from './support/counters';
import {
  fakeClock,
  ledgerOn,
  meterCapacity,
  putItem,
  readItem,
  suiteStore,
} from './support/local-dynamo';
import {
  LAST_WEEK,
  MID_WEEK,
  THIS_WEEK,
  UNCAPPED,
  postItem,
  putPostItem,
} from './support/post-items';

// Correctness tests against a real server, not timed ones: leave room for a busy shared machine.
jest.setTimeout(120_000);

const store = suiteStore('post');
const newUser = store.newUser;
const ledger = (): QuotaLedger => ledgerOn(store.dynamo, MID_WEEK, { maxAttempts: 40 });

/** The names of the commands `work` sent. */
async function commandsOf(work: () => Promise<unknown>): Promise<string[]> {
  const before = store.dynamo.commands.length;
  await work();
  return store.dynamo.commands.slice(before);
}

describe("QuotaLedger reading an item of the post's design (quotaWeek and quotaCount alone)", () => {
  it.each([
    ['this week', THIS_WEEK, { used: 150, remaining: 50 }, { [LAST_WEEK]: 0, [THIS_WEEK]: 150 }],
    ['last week', LAST_WEEK, { used: 0, remaining: 200 }, { [LAST_WEEK]: 150, [THIS_WEEK]: 0 }],
  ])(
    'reads a count of 150 from %s as used = quotaCount in usage and history, one read each and no write',
    async (_label, week, usage, history) => {
      const userId = newUser();
      const item = await putPostItem(store.dynamo, userId, week, 150);
      const ledgerNow = ledger();
      const commands = await commandsOf(async () => {
        expect(await ledgerNow.usage({ userId, weeklyLimit: 200 })).toMatchObject({
          week: THIS_WEEK,
          ...usage,
          reserved: 0,
          granted: 0,
          inFlight: 0,
        });
        const { weeks } = await ledgerNow.usageHistory({ userId, weeks: 2 });
        expect(Object.fromEntries(weeks.map((kept) => [kept.week, kept.used]))).toEqual(history);
      });
      expect(commands).toEqual(['GetItemCommand', 'GetItemCommand']);
      expect(await readItem(store.dynamo, userId)).toEqual(item);
    },
  );

  it('answers 150 used and 50 remaining on the free plan for a count of 150 this week, refuses a reservation of 60 writing nothing, and holds one of 50', async () => {
    const userId = newUser();
    const item = await putPostItem(store.dynamo, userId, THIS_WEEK, 150);
    expect(await ledger().usage({ userId })).toMatchObject({
      limit: 200,
      used: 150,
      reserved: 0,
      remaining: 50,
    });
    expect(await ledger().admit({ userId, jobId: 'sixty', cost: 60 })).toMatchObject({
      plan: 'free',
      hold: { outcome: 'over_limit', usage: { used: 150, remaining: 50 } },
    });
    expect(await readItem(store.dynamo, userId)).toEqual(item);
    expect(await ledger().admit({ userId, jobId: 'fifty', cost: 50 })).toMatchObject({
      hold: { outcome: 'reserved', week: THIS_WEEK, held: 50 },
    });
    expect(await readCounters(store.dynamo, userId)).toEqual({
      week: THIS_WEEK,
      used: 150,
      reserved: 50,
      granted: 0,
      committed: 200,
      inFlight: 1,
    });
    expect(await ledger().usage({ userId })).toMatchObject({
      used: 150,
      reserved: 50,
      remaining: 0,
    });
  });

  it("settles and releases holds taken on the post's item: its count stays, each charge adds to it", async () => {
    const userId = newUser();
    await putPostItem(store.dynamo, userId, THIS_WEEK, 150);
    const request = { userId, weeklyLimit: 200, ...UNCAPPED };
    await ledger().reserve({ ...request, jobId: 'kept', cost: 4 });
    await ledger().reserve({ ...request, jobId: 'failed', cost: 6 });
    expect(
      await ledger().settle({ userId, jobId: 'kept', cost: 3, quotedCost: 4, weeklyLimit: 200 }),
    ).toMatchObject({ outcome: 'charged', week: THIS_WEEK, charged: 3 });
    expect(await ledger().release({ userId, jobId: 'failed', heldCost: 6 })).toEqual({
      outcome: 'released',
      freed: 6,
    });
    expect(await expectCountersToMatchRecords(store.dynamo, userId, THIS_WEEK, 150)).toEqual({
      week: THIS_WEEK,
      used: 153,
      reserved: 0,
      granted: 0,
      committed: 153,
      inFlight: 0,
    });
    expect(await ledger().usage({ userId, weeklyLimit: 200 })).toMatchObject({ remaining: 47 });
  });
});

describe("QuotaLedger upgrading an item of the post's design on its first write", () => {
  type FirstWrite = (ledger: QuotaLedger, userId: string, n: number) => Promise<unknown>;
  it.each<[string, FirstWrite, Record<string, number>]>([
    [
      'reserve',
      (on, userId, n) =>
        on.reserve({ userId, jobId: `j${n}`, cost: 4, weeklyLimit: 200, ...UNCAPPED }),
      { used: 190, reserved: 8, granted: 0, committed: 198 },
    ],
    [
      'settle of a job never reserved',
      (on, userId, n) => on.settle({ userId, jobId: `j${n}`, cost: 4, weeklyLimit: 200 }),
      { used: 198, reserved: 0, granted: 0, committed: 198 },
    ],
    [
      'grant',
      (on, userId, n) => on.grant({ userId, operationId: `g${n}`, slots: 4, weeklyLimit: 200 }),
      { used: 190, reserved: 0, granted: 8, committed: 182 },
    ],
  ])(
    'upgrades a count of 190 this week with one conditional write when the first write is a %s, and none after',
    async (_label, write, counters) => {
      const userId = newUser();
      await putPostItem(store.dynamo, userId, THIS_WEEK, 190);
      const first = await commandsOf(() => write(ledger(), userId, 1));
      const second = await commandsOf(() => write(ledger(), userId, 2));
      expect(first.filter((name) => name === 'UpdateItemCommand')).toHaveLength(1);
      expect(second).not.toContain('UpdateItemCommand');
      expect(second.filter((name) => name === 'TransactWriteItemsCommand')).toHaveLength(1);
      expect(await readCounters(store.dynamo, userId)).toMatchObject({
        week: THIS_WEEK,
        ...counters,
      });
    },
  );

  it("costs one write unit more, once: the first reservation on this week's item is billed 1 + 4 WCU, the next one 4", async () => {
    const userId = newUser();
    await putPostItem(store.dynamo, userId, THIS_WEEK, 150);
    const client = store.dynamo.newClient();
    const meter = meterCapacity(client);
    const metered = new QuotaLedger({
      client,
      tableName: store.dynamo.tableName,
      now: fakeClock(MID_WEEK).now,
    });
    const reserve = (jobId: string) => () =>
      metered.reserve({ userId, jobId, cost: 1, weeklyLimit: 200, ...UNCAPPED });
    expect(await meter.measure(reserve('first'))).toMatchObject({
      write: 5,
      read: 1,
      requests: 3,
      cancelled: 0,
    });
    expect(await meter.measure(reserve('second'))).toMatchObject({
      write: 4,
      read: 1,
      requests: 2,
      cancelled: 0,
    });
  });

  it("starts this week from last week's item in the one transaction, keeping last week's count as its history", async () => {
    const userId = newUser();
    await putPostItem(store.dynamo, userId, LAST_WEEK, 150);
    const commands = await commandsOf(() =>
      ledger().reserve({ userId, jobId: 'monday', cost: 1, weeklyLimit: 200, ...UNCAPPED }),
    );
    expect(commands).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);
    expect((await readItem(store.dynamo, userId))?.[quotaHistoryAttribute(LAST_WEEK)]).toEqual({
      N: '150',
    });
    expect(await readCounters(store.dynamo, userId)).toMatchObject({
      week: THIS_WEEK,
      used: 0,
      reserved: 1,
      committed: 1,
    });
  });
});

describe("QuotaLedger refusing items that are more than the post's and less than its own", () => {
  it.each<[string, Record<string, AttributeValue>]>([
    ['quotaReserved', { quotaReserved: { N: '0' } }],
    ['quotaGranted', { quotaGranted: { N: '5' } }],
    ['quotaInFlight', { quotaInFlight: { N: '1' } }],
    ['a rate window', { quotaRateWindow: { N: '29410000' }, quotaRateCount: { N: '1' } }],
    ['a kept week', { [quotaHistoryAttribute('2026-W47')]: { N: '3' } }],
    ["the job-set design's charged jobs", { quotaChargedJobs: { SS: ['job-1', 'job-2'] } }],
    ['a quotaCommitted that is not quotaCount', { quotaCommitted: { N: '149' } }],
  ])(
    'throws QuotaStateError for a week and a count with %s, in usage and reserve, and writes nothing',
    async (_label, extra) => {
      const userId = newUser();
      const item = postItem(userId, THIS_WEEK, 150, extra);
      await putItem(store.dynamo, item);
      await expect(ledger().usage({ userId, weeklyLimit: 200 })).rejects.toThrow(QuotaStateError);
      await expect(
        ledger().reserve({ userId, jobId: 'j', cost: 1, weeklyLimit: 200, ...UNCAPPED }),
      ).rejects.toThrow(QuotaStateError);
      expect(await readItem(store.dynamo, userId)).toEqual(item);
    },
  );

  it('throws QuotaStateError for a week without a count, and names what is missing', async () => {
    const userId = newUser();
    await putItem(store.dynamo, { userId: { S: userId }, quotaWeek: { S: THIS_WEEK } });
    await expect(ledger().usage({ userId, weeklyLimit: 200 })).rejects.toThrow(
      /quotaCommitted is missing, and so is quotaCount/,
    );
  });
});

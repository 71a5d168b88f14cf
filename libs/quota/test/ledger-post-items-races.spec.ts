import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { QuotaLedger } from '../src/ledger';
import { quotaHistoryAttribute } from '../src/users-table';
import { expectCountersToMatchRecords, readCounters } from './support/counters';
import { ledgerOn, readItem, suiteStore } from './support/local-dynamo';
import { LAST_WEEK, MID_WEEK, THIS_WEEK, UNCAPPED, putPostItem } from './support/post-items';

// The Monday that starts 2026-W50, for a rival whose clock is a week ahead.
const NEXT_MONDAY = '2026-12-07T00:05:00Z';

// Correctness tests against a real server, not timed ones: leave room for a busy shared machine.
jest.setTimeout(180_000);

const store = suiteStore('post-race');
const newUser = store.newUser;
const ledgerAt = (iso: string): QuotaLedger => ledgerOn(store.dynamo, iso, { maxAttempts: 40 });

/** `count` calls of `call` at once, with their index. */
function atOnce<T>(count: number, call: (n: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, n) => call(n)));
}

describe("Concurrent first writes on an item of the post's design", () => {
  it.each([
    ['last week with a count of 150', LAST_WEEK, 150, 10, { used: 0, reserved: 10, committed: 10 }],
    ['this week with a count of 4', THIS_WEEK, 4, 6, { used: 4, reserved: 6, committed: 10 }],
  ])(
    'holds exactly what a limit of 10 leaves among 50 concurrent reservations of 1 on an item of %s',
    async (_label, week, count, held, counters) => {
      const userId = newUser();
      await putPostItem(store.dynamo, userId, week, count);
      const ledger = ledgerAt(MID_WEEK);
      const results = await atOnce(50, (n) =>
        ledger.reserve({ userId, jobId: `job-${n}`, cost: 1, weeklyLimit: 10, ...UNCAPPED }),
      );
      expect(results.filter((result) => result.outcome === 'reserved')).toHaveLength(held);
      expect(results.filter((result) => result.outcome === 'over_limit')).toHaveLength(50 - held);
      expect(
        await expectCountersToMatchRecords(store.dynamo, userId, THIS_WEEK, counters.used),
      ).toMatchObject({ week: THIS_WEEK, ...counters, inFlight: held });
      const kept = (await readItem(store.dynamo, userId))?.[quotaHistoryAttribute(LAST_WEEK)];
      expect(kept).toEqual(week === LAST_WEEK ? { N: String(count) } : undefined);
    },
  );

  it("loses no count among 20 concurrent first reservations on this week's item of 150, and settles and releases them consistently after", async () => {
    const userId = newUser();
    await putPostItem(store.dynamo, userId, THIS_WEEK, 150);
    const ledger = ledgerAt(MID_WEEK);
    const held = await atOnce(20, (n) =>
      ledger.reserve({ userId, jobId: `job-${n}`, cost: 1, weeklyLimit: 200, ...UNCAPPED }),
    );
    expect(held.every((result) => result.outcome === 'reserved')).toBe(true);
    expect(await readCounters(store.dynamo, userId)).toEqual({
      week: THIS_WEEK,
      used: 150,
      reserved: 20,
      granted: 0,
      committed: 170,
      inFlight: 20,
    });
    await atOnce<unknown>(20, (n) =>
      n % 2 === 0
        ? ledger.settle({ userId, jobId: `job-${n}`, cost: 1, quotedCost: 1, weeklyLimit: 200 })
        : ledger.release({ userId, jobId: `job-${n}`, heldCost: 1 }),
    );
    expect(await expectCountersToMatchRecords(store.dynamo, userId, THIS_WEEK, 150)).toEqual({
      week: THIS_WEEK,
      used: 160,
      reserved: 0,
      granted: 0,
      committed: 160,
      inFlight: 0,
    });
  });

  it.each<[string, (ledger: QuotaLedger, userId: string, n: number) => Promise<unknown>, object]>([
    [
      'settles of jobs never reserved',
      (ledger, userId, n) =>
        ledger.settle({ userId, jobId: `job-${n}`, cost: 1, weeklyLimit: 200 }),
      { used: 170, granted: 0, committed: 170 },
    ],
    [
      'grants',
      (ledger, userId, n) =>
        ledger.grant({ userId, operationId: `op-${n}`, slots: 1, weeklyLimit: 200 }),
      { used: 150, granted: 20, committed: 130 },
    ],
  ])(
    "loses no count among 20 concurrent first %s on this week's item of 150",
    async (_label, write, counters) => {
      const userId = newUser();
      await putPostItem(store.dynamo, userId, THIS_WEEK, 150);
      const ledger = ledgerAt(MID_WEEK);
      await atOnce(20, (n) => write(ledger, userId, n));
      expect(await readCounters(store.dynamo, userId)).toMatchObject({
        week: THIS_WEEK,
        reserved: 0,
        inFlight: 0,
        ...counters,
      });
    },
  );
});

describe("A lost race to upgrade an item of the post's design is retried, aimed at what the rival left", () => {
  const rivalReserve = (iso: string) => (userId: string) =>
    ledgerAt(iso).reserve({ userId, jobId: 'rival', cost: 1, weeklyLimit: 200, ...UNCAPPED });
  const postWriterAddsOne = (userId: string) =>
    store.dynamo.client.send(
      new UpdateItemCommand({
        TableName: store.dynamo.tableName,
        Key: { userId: { S: userId } },
        UpdateExpression: 'ADD quotaCount :cost',
        ConditionExpression: 'quotaWeek = :week AND quotaCount <= :room',
        ExpressionAttributeValues: {
          ':cost': { N: '1' },
          ':week': { S: THIS_WEEK },
          ':room': { N: '199' },
        },
      }),
    );

  it.each<[string, (userId: string) => Promise<unknown>, string, object]>([
    [
      'a rival ledger upgrades the item and reserves',
      rivalReserve(MID_WEEK),
      THIS_WEEK,
      { used: 150, reserved: 2, committed: 152, inFlight: 2 },
    ],
    [
      "a writer of the post's design adds 1 to quotaCount",
      postWriterAddsOne,
      THIS_WEEK,
      { used: 151, reserved: 1, committed: 152, inFlight: 1 },
    ],
    [
      'a rival ledger whose clock is in next week starts that week',
      rivalReserve(NEXT_MONDAY),
      '2026-W50',
      { used: 0, reserved: 2, committed: 2, inFlight: 2 },
    ],
  ])(
    'reserves without losing a count when %s just before its upgrade',
    async (_label, rival, week, counters) => {
      const userId = newUser();
      await putPostItem(store.dynamo, userId, THIS_WEEK, 150);
      store.dynamo.beforeNext(
        (name, input) => name === 'UpdateItemCommand' && JSON.stringify(input).includes(userId),
        () => rival(userId),
      );
      expect(
        await ledgerAt(MID_WEEK).reserve({
          userId,
          jobId: 'ours',
          cost: 1,
          weeklyLimit: 200,
          ...UNCAPPED,
        }),
      ).toMatchObject({ outcome: 'reserved', week, held: 1 });
      expect(await readCounters(store.dynamo, userId)).toMatchObject({ week, ...counters });
    },
  );
});

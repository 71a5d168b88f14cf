import { QuotaLedger, QUOTA_ATTRIBUTES, type DeductResult } from '../src/index';
import { putItem, readItem, seededRandom, suiteStore, ledgerOn } from './support/local-dynamo';
import { chargedIn, readJobRecords } from './support/job-records';

// Wednesday of 2026-W49, and the instants around the Monday that starts 2026-W50.
const MID_WEEK = '2026-12-02T12:00:00Z';
const SUNDAY_LAST_SECOND = '2026-12-06T23:59:59Z';
const MONDAY_FIRST_SECOND = '2026-12-07T00:00:01Z';

// Correctness tests against a real server, not timed ones: leave room for a busy shared machine.
jest.setTimeout(60_000);

const store = suiteStore('user');
const newUser = store.newUser;

const ledgerAt = (iso: string, options?: Parameters<typeof ledgerOn>[2]): QuotaLedger =>
  ledgerOn(store.dynamo, iso, options);

/** The user's counters as stored, and the ids of the jobs settled in the stored week. */
async function storedQuota(userId: string) {
  const item = await readItem(store.dynamo, userId);
  const records = await readJobRecords(store.dynamo, userId);
  const week = item?.[QUOTA_ATTRIBUTES.week]?.S;
  return {
    week,
    count: Number(item?.[QUOTA_ATTRIBUTES.used]?.N ?? 0),
    reserved: Number(item?.[QUOTA_ATTRIBUTES.reserved]?.N ?? 0),
    committed: Number(item?.[QUOTA_ATTRIBUTES.committed]?.N ?? 0),
    jobs: records
      .filter((record) => record.state === 'settled' && record.chargedWeek === week)
      .map((record) => record.jobId),
    records,
  };
}

function sumCharged(
  results: readonly DeductResult[],
  costs: readonly number[],
  week?: string,
): number {
  return results.reduce(
    (sum, result, index) =>
      result.outcome === 'charged' && (week === undefined || result.week === week)
        ? sum + (costs[index] ?? 0)
        : sum,
    0,
  );
}

function outcomes(results: readonly DeductResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { outcome } of results) counts[outcome] = (counts[outcome] ?? 0) + 1;
  return counts;
}

describe('QuotaLedger.deduct: charging', () => {
  it('charges a first job, creating the week, and reports the slots used', async () => {
    const userId = newUser();
    const result = await ledgerAt(MID_WEEK).deduct({
      userId,
      jobId: 'job-1',
      cost: 30,
      weeklyLimit: 200,
    });
    expect(result).toEqual({ outcome: 'charged', week: '2026-W49', used: 30, limit: 200 });
    expect(await storedQuota(userId)).toMatchObject({
      week: '2026-W49',
      count: 30,
      jobs: ['job-1'],
    });
  });

  it('adds later jobs of the same week to the count', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'job-1', cost: 30, weeklyLimit: 200 });
    const result = await ledger.deduct({ userId, jobId: 'job-2', cost: 60, weeklyLimit: 200 });
    expect(result).toEqual({ outcome: 'charged', week: '2026-W49', used: 90, limit: 200 });
  });

  it('charges a job that exactly fills the week and refuses the next one', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'job-1', cost: 150, weeklyLimit: 200 });
    expect(
      await ledger.deduct({ userId, jobId: 'job-2', cost: 50, weeklyLimit: 200 }),
    ).toMatchObject({
      outcome: 'charged',
      used: 200,
    });
    expect(await ledger.deduct({ userId, jobId: 'job-3', cost: 1, weeklyLimit: 200 })).toEqual({
      outcome: 'over_limit',
      week: '2026-W49',
      used: 200,
      limit: 200,
    });
    expect(await storedQuota(userId)).toMatchObject({ count: 200, jobs: ['job-1', 'job-2'] });
  });

  it('records a zero-cost job without changing the count, and reports its repeat as already charged', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'paid', cost: 3, weeklyLimit: 200 });
    expect(await ledger.deduct({ userId, jobId: 'free', cost: 0, weeklyLimit: 200 })).toEqual({
      outcome: 'charged',
      week: '2026-W49',
      used: 3,
      limit: 200,
    });
    expect(await ledger.deduct({ userId, jobId: 'free', cost: 0, weeklyLimit: 200 })).toMatchObject(
      {
        outcome: 'already_charged',
      },
    );
  });

  it('leaves the other attributes of the user item untouched', async () => {
    const userId = newUser();
    await putItem(store.dynamo, {
      userId: { S: userId },
      plan: { S: 'creator' },
      email: { S: 'a@example.com' },
    });
    await ledgerAt(MID_WEEK).deduct({ userId, jobId: 'job-1', cost: 4, weeklyLimit: 600 });
    const item = await readItem(store.dynamo, userId);
    expect(item?.['plan']).toEqual({ S: 'creator' });
    expect(item?.['email']).toEqual({ S: 'a@example.com' });
  });

  it('keeps committed equal to used + reserved - granted after every charge', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'job-1', cost: 10, weeklyLimit: 200 });
    await ledger.deduct({ userId, jobId: 'job-2', cost: 5, weeklyLimit: 200 });
    expect(await storedQuota(userId)).toMatchObject({ count: 15, reserved: 0, committed: 15 });
  });
});

describe('QuotaLedger.deduct: usage never exceeds the limit (guarantee 1)', () => {
  const random = seededRandom(49);
  // 60 mixed requests against 200 slots: most are refused, each refusal is explained by a read.
  const mixedCosts = Array.from(
    { length: 60 },
    () => [1, 2, 4, 8, 30, 60][Math.floor(random() * 6)] ?? 1,
  );

  async function burst(
    userId: string,
    ledgers: readonly QuotaLedger[],
    costs: readonly number[],
    limit: number,
  ) {
    return Promise.all(
      costs.map((cost, index) =>
        (ledgers[index % ledgers.length] as QuotaLedger).deduct({
          userId,
          jobId: `job-${index}`,
          cost,
          weeklyLimit: limit,
        }),
      ),
    );
  }

  /** Counts only grow within a week, so every refusal must still be justified by the final count. */
  function expectEveryRefusalJustified(
    results: readonly DeductResult[],
    costs: readonly number[],
    finalUsed: number,
  ) {
    results.forEach((result, index) => {
      if (result.outcome === 'over_limit')
        expect(finalUsed + (costs[index] ?? 0)).toBeGreaterThan(result.limit);
    });
  }

  it('holds for a concurrent burst of mixed costs within a week', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'opening', cost: 10, weeklyLimit: 200 });
    const results = await burst(userId, [ledger], mixedCosts, 200);
    const stored = await storedQuota(userId);
    expect(stored.count).toBeLessThanOrEqual(200);
    expect(stored.count).toBe(10 + sumCharged(results, mixedCosts));
    expect(stored.jobs).toHaveLength(1 + (outcomes(results)['charged'] ?? 0));
    expectEveryRefusalJustified(results, mixedCosts, stored.count);
  });

  it('holds for a concurrent burst of mixed costs that is the first of the week', async () => {
    const userId = newUser();
    const results = await burst(userId, [ledgerAt(MID_WEEK)], mixedCosts, 200);
    const stored = await storedQuota(userId);
    expect(stored.week).toBe('2026-W49');
    expect(stored.count).toBeLessThanOrEqual(200);
    expect(stored.count).toBe(sumCharged(results, mixedCosts));
    expectEveryRefusalJustified(results, mixedCosts, stored.count);
  });

  it('holds for a concurrent burst at rollover, after a full previous week', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LAST_SECOND).deduct({
      userId,
      jobId: 'old',
      cost: 200,
      weeklyLimit: 200,
    });
    const results = await burst(userId, [ledgerAt(MONDAY_FIRST_SECOND)], mixedCosts, 200);
    const stored = await storedQuota(userId);
    expect(stored.week).toBe('2026-W50');
    expect(chargedIn(stored.records, '2026-W49')).toBe(200);
    expect(stored.count).toBeLessThanOrEqual(200);
    expect(stored.count).toBe(sumCharged(results, mixedCosts));
    expectEveryRefusalJustified(results, mixedCosts, stored.count);
  });

  it('holds in each week when callers on both sides of Monday 00:00Z charge concurrently', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LAST_SECOND).deduct({
      userId,
      jobId: 'old',
      cost: 150,
      weeklyLimit: 200,
    });
    const clocks = [ledgerAt('2026-12-06T23:59:59.600Z'), ledgerAt('2026-12-07T00:00:00.400Z')];
    const results = await burst(userId, clocks, mixedCosts, 200);
    const stored = await storedQuota(userId);
    const previousCount = chargedIn(stored.records, '2026-W49');
    expect(stored.week).toBe('2026-W50');
    expect(previousCount).toBeLessThanOrEqual(200);
    expect(stored.count).toBeLessThanOrEqual(200);
    expect(previousCount).toBe(150 + sumCharged(results, mixedCosts, '2026-W49'));
    expect(stored.count).toBe(sumCharged(results, mixedCosts, '2026-W50'));
  });
});

describe('QuotaLedger.deduct: no under-admission (guarantee 2)', () => {
  async function costOneBurst(userId: string, ledger: QuotaLedger, n: number, limit: number) {
    return Promise.all(
      Array.from({ length: n }, (_, index) =>
        ledger.deduct({ userId, jobId: `job-${index}`, cost: 1, weeklyLimit: limit }),
      ),
    );
  }

  it('charges exactly 50 of 100 concurrent first-of-the-week requests against a limit of 50', async () => {
    const userId = newUser();
    const results = await costOneBurst(userId, ledgerAt(MID_WEEK, { maxAttempts: 30 }), 100, 50);
    expect(outcomes(results)).toEqual({ charged: 50, over_limit: 50 });
    expect((await storedQuota(userId)).count).toBe(50);
  });

  it('charges all 30 of 30 concurrent first-of-the-week requests when 50 fit', async () => {
    const userId = newUser();
    const results = await costOneBurst(userId, ledgerAt(MID_WEEK), 30, 50);
    expect(outcomes(results)).toEqual({ charged: 30 });
  });

  it('charges exactly the 50 that fit when 100 arrive with 150 of 200 slots used', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'opening', cost: 150, weeklyLimit: 200 });
    const results = await costOneBurst(userId, ledger, 100, 200);
    expect(outcomes(results)).toEqual({ charged: 50, over_limit: 50 });
    expect((await storedQuota(userId)).count).toBe(200);
  });

  it('charges exactly min(N, L) at rollover from a full old week', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LAST_SECOND).deduct({ userId, jobId: 'old', cost: 50, weeklyLimit: 50 });
    const results = await costOneBurst(userId, ledgerAt(MONDAY_FIRST_SECOND), 60, 30);
    expect(outcomes(results)).toEqual({ charged: 30, over_limit: 30 });
    const stored = await storedQuota(userId);
    expect(stored).toMatchObject({ week: '2026-W50', count: 30 });
    expect(chargedIn(stored.records, '2026-W49')).toBe(50);
  });

  it('charges a request whose rollover write lost the race instead of calling it over the limit', async () => {
    const userId = newUser();
    const rival = ledgerAt(MID_WEEK);
    // Just before our rollover write, a rival starts the week first.
    store.dynamo.beforeNext(
      (name, input) =>
        name === 'TransactWriteItemsCommand' &&
        JSON.stringify(input).includes('#mine"') &&
        JSON.stringify(input).includes('"UpdateExpression":"SET '),
      () => rival.deduct({ userId, jobId: 'rival', cost: 5, weeklyLimit: 50 }),
    );
    const result = await ledgerAt(MID_WEEK).deduct({
      userId,
      jobId: 'mine',
      cost: 5,
      weeklyLimit: 50,
    });
    expect(result).toEqual({ outcome: 'charged', week: '2026-W49', used: 10, limit: 50 });
    expect(await storedQuota(userId)).toMatchObject({ count: 10, jobs: ['mine', 'rival'] });
  });
});

describe('QuotaLedger.deduct: a week never moves backwards (guarantee 3)', () => {
  it('charges a caller whose clock is still in last week into the newer stored week', async () => {
    const userId = newUser();
    await ledgerAt(MONDAY_FIRST_SECOND).deduct({
      userId,
      jobId: 'ahead',
      cost: 10,
      weeklyLimit: 200,
    });
    const result = await ledgerAt(SUNDAY_LAST_SECOND).deduct({
      userId,
      jobId: 'behind',
      cost: 5,
      weeklyLimit: 200,
    });
    expect(result).toEqual({ outcome: 'charged', week: '2026-W50', used: 15, limit: 200 });
    expect(await storedQuota(userId)).toMatchObject({ week: '2026-W50', count: 15 });
  });

  it('does not let a late clock reset a full week that already rolled', async () => {
    const userId = newUser();
    await ledgerAt(MONDAY_FIRST_SECOND).deduct({
      userId,
      jobId: 'ahead',
      cost: 200,
      weeklyLimit: 200,
    });
    const result = await ledgerAt(SUNDAY_LAST_SECOND).deduct({
      userId,
      jobId: 'behind',
      cost: 5,
      weeklyLimit: 200,
    });
    expect(result).toEqual({ outcome: 'over_limit', week: '2026-W50', used: 200, limit: 200 });
    expect(await storedQuota(userId)).toMatchObject({ week: '2026-W50', count: 200 });
  });

  it('only ever moves the stored week forward while clocks a second apart charge concurrently', async () => {
    const userId = newUser();
    await ledgerAt('2026-12-06T12:00:00Z').deduct({
      userId,
      jobId: 'opening',
      cost: 1,
      weeklyLimit: 500,
    });
    const ledgers = [
      ledgerAt('2026-12-06T23:59:59.500Z'),
      ledgerAt('2026-12-07T00:00:00.500Z'),
      ledgerAt('2026-12-06T23:59:58.900Z'),
      ledgerAt('2026-12-07T00:00:01.200Z'),
    ];
    const observed: string[] = [];
    let done = false;
    const watcher = (async () => {
      while (!done) {
        const week = (await storedQuota(userId)).week;
        if (week !== undefined) observed.push(week);
      }
    })();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        (ledgers[index % ledgers.length] as QuotaLedger).deduct({
          userId,
          jobId: `job-${index}`,
          cost: 1,
          weeklyLimit: 500,
        }),
      ),
    );
    done = true;
    await watcher;
    observed.push((await storedQuota(userId)).week ?? '');
    expect(outcomes(results)).toEqual({ charged: 100 });
    expect(observed.length).toBeGreaterThan(1);
    expect(observed).toEqual([...observed].sort());
    expect(observed.at(-1)).toBe('2026-W50');
    // Once W50 was stored, nothing more was charged to W49.
    const stored = await storedQuota(userId);
    const previousCount = chargedIn(stored.records, '2026-W49');
    expect(previousCount + stored.count).toBe(101);
    expect(results.filter((r) => r.week === '2026-W49').length + 1).toBe(previousCount);
  });
});

describe('QuotaLedger.deduct: a job costing more than the limit (guarantee 4)', () => {
  it('is refused for a user who was never charged, and writes nothing', async () => {
    const userId = newUser();
    const result = await ledgerAt(MID_WEEK).deduct({
      userId,
      jobId: 'huge',
      cost: 201,
      weeklyLimit: 200,
    });
    expect(result).toEqual({ outcome: 'over_limit', week: '2026-W49', used: 0, limit: 200 });
    expect(await readItem(store.dynamo, userId)).toBeUndefined();
  });

  it('is refused at rollover, leaving the old week in place', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LAST_SECOND).deduct({ userId, jobId: 'old', cost: 10, weeklyLimit: 200 });
    const result = await ledgerAt(MONDAY_FIRST_SECOND).deduct({
      userId,
      jobId: 'huge',
      cost: 240,
      weeklyLimit: 200,
    });
    expect(result).toEqual({ outcome: 'over_limit', week: '2026-W50', used: 0, limit: 200 });
    expect(await storedQuota(userId)).toMatchObject({ week: '2026-W49', count: 10, jobs: ['old'] });
    expect((await storedQuota(userId)).records.map((record) => record.jobId)).toEqual(['old']);
  });

  it('is refused within an empty-enough week', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'small', cost: 1, weeklyLimit: 200 });
    expect(
      await ledger.deduct({ userId, jobId: 'huge', cost: 1000, weeklyLimit: 200 }),
    ).toMatchObject({
      outcome: 'over_limit',
      used: 1,
    });
  });

  it('charges a job costing exactly the limit at rollover', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LAST_SECOND).deduct({ userId, jobId: 'old', cost: 10, weeklyLimit: 200 });
    expect(
      await ledgerAt(MONDAY_FIRST_SECOND).deduct({
        userId,
        jobId: 'exact',
        cost: 200,
        weeklyLimit: 200,
      }),
    ).toEqual({ outcome: 'charged', week: '2026-W50', used: 200, limit: 200 });
  });

  it('is refused with a limit of zero', async () => {
    const userId = newUser();
    expect(
      await ledgerAt(MID_WEEK).deduct({ userId, jobId: 'any', cost: 1, weeklyLimit: 0 }),
    ).toMatchObject({
      outcome: 'over_limit',
    });
  });
});

describe('QuotaLedger.deduct: each job is charged at most once (guarantee 5)', () => {
  it('reports a repeated call as already charged and leaves the count alone', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'job-1', cost: 30, weeklyLimit: 200 });
    await ledger.deduct({ userId, jobId: 'job-2', cost: 4, weeklyLimit: 200 });
    const repeat = await ledger.deduct({ userId, jobId: 'job-1', cost: 30, weeklyLimit: 200 });
    expect(repeat).toEqual({ outcome: 'already_charged', week: '2026-W49', used: 34, limit: 200 });
    expect((await storedQuota(userId)).count).toBe(34);
  });

  it('charges once among 50 concurrent calls for the same job on the first request of the week', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ledger.deduct({ userId, jobId: 'job-1', cost: 8, weeklyLimit: 200 }),
      ),
    );
    expect(outcomes(results)).toEqual({ charged: 1, already_charged: 49 });
    expect(await storedQuota(userId)).toMatchObject({ count: 8, jobs: ['job-1'] });
  });

  it('charges each of 15 jobs once when every one is delivered 4 times concurrently within a week', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'opening', cost: 1, weeklyLimit: 1000 });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        ledger.deduct({ userId, jobId: `job-${index % 15}`, cost: 3, weeklyLimit: 1000 }),
      ),
    );
    expect(outcomes(results)).toEqual({ charged: 15, already_charged: 45 });
    expect((await storedQuota(userId)).count).toBe(1 + 15 * 3);
  });

  it('reports already charged rather than over the limit when a charged job is retried in a full week', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'job-1', cost: 100, weeklyLimit: 200 });
    await ledger.deduct({ userId, jobId: 'job-2', cost: 100, weeklyLimit: 200 });
    expect(
      await ledger.deduct({ userId, jobId: 'job-1', cost: 100, weeklyLimit: 200 }),
    ).toMatchObject({
      outcome: 'already_charged',
    });
  });

  it('does not charge again a job retried just after Monday 00:00Z, before or after the rollover', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LAST_SECOND).deduct({
      userId,
      jobId: 'late-sunday',
      cost: 30,
      weeklyLimit: 200,
    });
    const monday = ledgerAt(MONDAY_FIRST_SECOND);
    expect(
      await monday.deduct({ userId, jobId: 'late-sunday', cost: 30, weeklyLimit: 200 }),
    ).toEqual({
      outcome: 'already_charged',
      week: '2026-W49',
      used: 30,
      limit: 200,
    });
    await monday.deduct({ userId, jobId: 'monday', cost: 2, weeklyLimit: 200 });
    // After the rollover W49's counters are gone, so its usage reads as 0; the job's record remains.
    expect(
      await monday.deduct({ userId, jobId: 'late-sunday', cost: 30, weeklyLimit: 200 }),
    ).toEqual({
      outcome: 'already_charged',
      week: '2026-W49',
      used: 0,
      limit: 200,
    });
    expect(await storedQuota(userId)).toMatchObject({
      week: '2026-W50',
      count: 2,
      jobs: ['monday'],
    });
  });

  it('charges a job that was refused for lack of room once the next week gives room', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LAST_SECOND).deduct({
      userId,
      jobId: 'filler',
      cost: 200,
      weeklyLimit: 200,
    });
    expect(
      await ledgerAt(SUNDAY_LAST_SECOND).deduct({
        userId,
        jobId: 'waiting',
        cost: 10,
        weeklyLimit: 200,
      }),
    ).toMatchObject({ outcome: 'over_limit' });
    expect(
      await ledgerAt(MONDAY_FIRST_SECOND).deduct({
        userId,
        jobId: 'waiting',
        cost: 10,
        weeklyLimit: 200,
      }),
    ).toEqual({ outcome: 'charged', week: '2026-W50', used: 10, limit: 200 });
  });

  it('keeps one record per charged job, expiring a week after its week ends, and resets the counters at rollover', async () => {
    const userId = newUser();
    await ledgerAt(SUNDAY_LAST_SECOND).deduct({ userId, jobId: 'a', cost: 1, weeklyLimit: 200 });
    await ledgerAt(SUNDAY_LAST_SECOND).deduct({ userId, jobId: 'b', cost: 1, weeklyLimit: 200 });
    await ledgerAt(MONDAY_FIRST_SECOND).deduct({ userId, jobId: 'c', cost: 1, weeklyLimit: 200 });
    const stored = await storedQuota(userId);
    expect(stored).toMatchObject({ week: '2026-W50', count: 1, jobs: ['c'] });
    const endOfW49 = Date.parse('2026-12-07T00:00:00Z') / 1000;
    expect(
      stored.records.map(({ jobId, state, chargedWeek, expiresAt }) => ({
        jobId,
        state,
        chargedWeek,
        expiresAt,
      })),
    ).toEqual([
      { jobId: 'a', state: 'settled', chargedWeek: '2026-W49', expiresAt: endOfW49 + 7 * 86_400 },
      { jobId: 'b', state: 'settled', chargedWeek: '2026-W49', expiresAt: endOfW49 + 7 * 86_400 },
      { jobId: 'c', state: 'settled', chargedWeek: '2026-W50', expiresAt: endOfW49 + 14 * 86_400 },
    ]);
  });
});

describe('QuotaLedger.deduct: DynamoDB calls (guarantee 6)', () => {
  async function commandsFor(
    action: () => Promise<unknown>,
  ): Promise<{ commands: string[]; requests: number }> {
    const before = store.dynamo.commands.length;
    const requestsBefore = store.dynamo.requestsReceived();
    await action();
    return {
      commands: store.dynamo.commands.slice(before),
      requests: store.dynamo.requestsReceived() - requestsBefore,
    };
  }

  it('makes one transaction per charge into the current week, then reads the usage it reports', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.deduct({ userId, jobId: 'opening', cost: 1, weeklyLimit: 200 });
    const { commands, requests } = await commandsFor(async () => {
      for (let index = 0; index < 20; index += 1) {
        await ledger.deduct({ userId, jobId: `job-${index}`, cost: 2, weeklyLimit: 200 });
      }
    });
    expect(commands).toEqual(
      Array.from({ length: 20 }, () => ['TransactWriteItemsCommand', 'GetItemCommand']).flat(),
    );
    expect(requests).toBe(40);
  });

  it('settles a reserved job with exactly one transaction and no read', async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'job-1', cost: 4, weeklyLimit: 200 });
    const { commands } = await commandsFor(() =>
      ledger.settle({ userId, jobId: 'job-1', cost: 4, quotedCost: 4, weeklyLimit: 200 }),
    );
    expect(commands).toEqual(['TransactWriteItemsCommand']);
  });

  it('starts a week with two transactions, the in-week guess refused with the item as it was and the start, and no read before', async () => {
    const userId = newUser();
    const { commands } = await commandsFor(() =>
      ledgerAt(MID_WEEK).deduct({ userId, jobId: 'first', cost: 1, weeklyLimit: 200 }),
    );
    expect(commands).toEqual([
      'TransactWriteItemsCommand',
      'TransactWriteItemsCommand',
      'GetItemCommand',
    ]);
  });

  it("reserves with one consistent read and one transaction, the week's first included", async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    const first = await commandsFor(() =>
      ledger.reserve({ userId, jobId: 'job-1', cost: 4, weeklyLimit: 200 }),
    );
    const second = await commandsFor(() =>
      ledger.reserve({ userId, jobId: 'job-2', cost: 4, weeklyLimit: 200 }),
    );
    expect(first.commands).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);
    expect(second.commands).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);
  });

  it("refuses a reservation the item already refuses with reads only, and answers a repeat from the job's record", async () => {
    const userId = newUser();
    const ledger = ledgerAt(MID_WEEK);
    await ledger.reserve({ userId, jobId: 'job-1', cost: 200, weeklyLimit: 200 });
    const overLimit = await commandsFor(() =>
      ledger.reserve({ userId, jobId: 'job-2', cost: 1, weeklyLimit: 200 }),
    );
    const repeat = await commandsFor(() =>
      ledger.reserve({ userId, jobId: 'job-1', cost: 200, weeklyLimit: 200 }),
    );
    expect(overLimit.commands).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(repeat.commands).toEqual(['GetItemCommand', 'GetItemCommand']);
    expect(
      await ledger.reserve({ userId, jobId: 'job-1', cost: 200, weeklyLimit: 200 }),
    ).toMatchObject({ outcome: 'already_reserved' });
  });
});

describe('QuotaLedger.deduct: the week boundary (guarantee 7)', () => {
  it('resets on Monday 00:00:01Z after a full week ending Sunday 23:59:59Z', async () => {
    const userId = newUser();
    const sunday = ledgerAt(SUNDAY_LAST_SECOND);
    await sunday.deduct({ userId, jobId: 'job-1', cost: 200, weeklyLimit: 200 });
    expect(
      await sunday.deduct({ userId, jobId: 'job-2', cost: 1, weeklyLimit: 200 }),
    ).toMatchObject({
      outcome: 'over_limit',
      week: '2026-W49',
    });
    expect(
      await ledgerAt(MONDAY_FIRST_SECOND).deduct({
        userId,
        jobId: 'job-2',
        cost: 1,
        weeklyLimit: 200,
      }),
    ).toEqual({ outcome: 'charged', week: '2026-W50', used: 1, limit: 200 });
  });

  it('keeps 2026-W53 one week across New Year and resets on Monday 2027-01-04', async () => {
    const userId = newUser();
    await ledgerAt('2026-12-28T00:00:00Z').deduct({
      userId,
      jobId: 'mon',
      cost: 150,
      weeklyLimit: 200,
    });
    expect(
      await ledgerAt('2027-01-01T00:00:00Z').deduct({
        userId,
        jobId: 'new-year',
        cost: 50,
        weeklyLimit: 200,
      }),
    ).toEqual({ outcome: 'charged', week: '2026-W53', used: 200, limit: 200 });
    expect(
      await ledgerAt('2027-01-03T23:59:59Z').deduct({
        userId,
        jobId: 'sun',
        cost: 1,
        weeklyLimit: 200,
      }),
    ).toMatchObject({ outcome: 'over_limit', week: '2026-W53' });
    expect(
      await ledgerAt('2027-01-04T00:00:01Z').deduct({
        userId,
        jobId: 'sun',
        cost: 1,
        weeklyLimit: 200,
      }),
    ).toEqual({ outcome: 'charged', week: '2027-W01', used: 1, limit: 200 });
  });

  it('resets on 2029-12-31, a Monday that already belongs to 2030-W01', async () => {
    const userId = newUser();
    await ledgerAt('2029-12-30T23:59:59Z').deduct({
      userId,
      jobId: 'a',
      cost: 200,
      weeklyLimit: 200,
    });
    expect(
      await ledgerAt('2029-12-31T00:00:01Z').deduct({
        userId,
        jobId: 'b',
        cost: 7,
        weeklyLimit: 200,
      }),
    ).toEqual({ outcome: 'charged', week: '2030-W01', used: 7, limit: 200 });
  });

  it('rolls from 2032-W53 to 2033-W01 and never back when a late clock still says 2032', async () => {
    const userId = newUser();
    await ledgerAt('2032-12-31T12:00:00Z').deduct({
      userId,
      jobId: 'a',
      cost: 5,
      weeklyLimit: 200,
    });
    await ledgerAt('2033-01-03T00:00:01Z').deduct({
      userId,
      jobId: 'b',
      cost: 5,
      weeklyLimit: 200,
    });
    expect(
      await ledgerAt('2033-01-02T23:59:59Z').deduct({
        userId,
        jobId: 'c',
        cost: 5,
        weeklyLimit: 200,
      }),
    ).toMatchObject({ outcome: 'charged', week: '2033-W01', used: 10 });
    const stored = await storedQuota(userId);
    expect(stored.week).toBe('2033-W01');
    expect(chargedIn(stored.records, '2032-W53')).toBe(5);
  });
});

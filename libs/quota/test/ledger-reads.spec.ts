import { QuotaLedger } from '../src/ledger';
import { readItem, startLocalDynamo, type LocalDynamo, ledgerOn } from './support/local-dynamo';

// Correctness tests against a real server, not timed ones: leave room for a busy shared machine.
jest.setTimeout(60_000);

let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startLocalDynamo();
});

afterAll(async () => {
  await dynamo.close();
});

const ledgerAt = (iso: string, options?: Parameters<typeof ledgerOn>[2]): QuotaLedger =>
  ledgerOn(dynamo, iso, options);

const NEXT_MONDAY = new Date('2026-12-07T00:00:00Z');

describe('QuotaLedger.usage', () => {
  it('reports an untouched week for a user who was never charged', async () => {
    expect(
      await ledgerAt('2026-12-02T12:00:00Z').usage({ userId: 'never', weeklyLimit: 200 }),
    ).toEqual({
      week: '2026-W49',
      used: 0,
      reserved: 0,
      granted: 0,
      inFlight: 0,
      remaining: 200,
      limit: 200,
      resetsAt: NEXT_MONDAY,
    });
  });

  it('reports the slots charged this week', async () => {
    const ledger = ledgerAt('2026-12-02T12:00:00Z');
    await ledger.settle({ userId: 'u-used', jobId: 'j1', cost: 30, weeklyLimit: 200 });
    await ledger.settle({ userId: 'u-used', jobId: 'j2', cost: 8, weeklyLimit: 200 });
    expect(await ledger.usage({ userId: 'u-used', weeklyLimit: 200 })).toEqual({
      week: '2026-W49',
      used: 38,
      reserved: 0,
      granted: 0,
      inFlight: 0,
      remaining: 162,
      limit: 200,
      resetsAt: NEXT_MONDAY,
    });
  });

  it('reports a fresh week once the stored week is over, without writing', async () => {
    await ledgerAt('2026-12-02T12:00:00Z').settle({
      userId: 'u-old',
      jobId: 'j1',
      cost: 200,
      weeklyLimit: 200,
    });
    const usage = await ledgerAt('2026-12-09T12:00:00Z').usage({
      userId: 'u-old',
      weeklyLimit: 200,
    });
    expect(usage).toEqual({
      week: '2026-W50',
      used: 0,
      reserved: 0,
      granted: 0,
      inFlight: 0,
      remaining: 200,
      limit: 200,
      resetsAt: new Date('2026-12-14T00:00:00Z'),
    });
    expect((await readItem(dynamo, 'u-old'))?.['quotaWeek']).toEqual({ S: '2026-W49' });
  });

  it('reports the newer stored week when this clock is a few seconds behind', async () => {
    await ledgerAt('2026-12-07T00:00:01Z').settle({
      userId: 'u-ahead',
      jobId: 'j1',
      cost: 10,
      weeklyLimit: 200,
    });
    expect(
      await ledgerAt('2026-12-06T23:59:59Z').usage({ userId: 'u-ahead', weeklyLimit: 200 }),
    ).toMatchObject({
      week: '2026-W50',
      used: 10,
      reserved: 0,
      granted: 0,
      inFlight: 0,
    });
  });

  it('reports no remaining slots, not a negative number, after the limit was lowered', async () => {
    await ledgerAt('2026-12-02T12:00:00Z').settle({
      userId: 'u-down',
      jobId: 'j1',
      cost: 500,
      weeklyLimit: 600,
    });
    expect(
      await ledgerAt('2026-12-02T13:00:00Z').usage({ userId: 'u-down', weeklyLimit: 200 }),
    ).toMatchObject({
      used: 500,
      reserved: 0,
      granted: 0,
      inFlight: 0,
      remaining: 0,
      limit: 200,
    });
  });

  it("answers the user's plan from its one read, and the plan's limit when no limit is given", async () => {
    const ledger = ledgerAt('2026-12-02T12:00:00Z');
    await ledger.setPlan({ userId: 'u-creator', plan: 'creator' });
    await ledger.settle({ userId: 'u-creator', jobId: 'j1', cost: 100, weeklyLimit: 600 });
    const before = dynamo.commands.length;
    expect(await ledger.usage({ userId: 'u-creator' })).toMatchObject({
      plan: 'creator',
      used: 100,
      limit: 600,
      remaining: 500,
    });
    expect(await ledger.usage({ userId: 'u-creator', weeklyLimit: 200 })).toMatchObject({
      plan: 'creator',
      limit: 200,
      remaining: 100,
    });
    expect(dynamo.commands.slice(before)).toEqual(['GetItemCommand', 'GetItemCommand']);
  });

  it("answers no plan and the default plan's limit for a user without one", async () => {
    expect(await ledgerAt('2026-12-02T12:00:00Z').usage({ userId: 'never' })).toMatchObject({
      plan: undefined,
      limit: 200,
      remaining: 200,
    });
  });

  it('resets in a week 53 at the Monday after New Year', async () => {
    expect(
      await ledgerAt('2027-01-01T10:00:00Z').usage({ userId: 'never', weeklyLimit: 200 }),
    ).toMatchObject({
      week: '2026-W53',
      resetsAt: new Date('2027-01-04T00:00:00Z'),
    });
  });
});

describe('QuotaLedger.wasCharged', () => {
  it('is false for a job never charged and true once it is, with one read', async () => {
    const ledger = ledgerAt('2026-12-02T12:00:00Z');
    expect(await ledger.wasCharged({ userId: 'asked', jobId: 'job-1' })).toBe(false);
    await ledger.settle({ userId: 'asked', jobId: 'job-1', cost: 3, weeklyLimit: 200 });
    const before = dynamo.commands.length;
    expect(await ledger.wasCharged({ userId: 'asked', jobId: 'job-1' })).toBe(true);
    expect(dynamo.commands.slice(before)).toEqual(['GetItemCommand']);
    expect(await ledger.wasCharged({ userId: 'asked', jobId: 'job-2' })).toBe(false);
  });

  it('still knows a job charged last week after the week rolled over, and the week after that (its record outlives both)', async () => {
    await ledgerAt('2026-12-06T23:59:00Z').settle({
      userId: 'rolled',
      jobId: 'sunday-job',
      cost: 1,
      weeklyLimit: 200,
    });
    await ledgerAt('2026-12-07T00:01:00Z').settle({
      userId: 'rolled',
      jobId: 'monday-job',
      cost: 1,
      weeklyLimit: 200,
    });
    expect(
      await ledgerAt('2026-12-07T00:02:00Z').wasCharged({ userId: 'rolled', jobId: 'sunday-job' }),
    ).toBe(true);
    await ledgerAt('2026-12-14T00:01:00Z').settle({
      userId: 'rolled',
      jobId: 'next-monday-job',
      cost: 1,
      weeklyLimit: 200,
    });
    expect(
      await ledgerAt('2026-12-14T00:02:00Z').wasCharged({ userId: 'rolled', jobId: 'sunday-job' }),
    ).toBe(true);
  });

  it('refuses an empty job id before any I/O', async () => {
    const before = dynamo.commands.length;
    await expect(
      ledgerAt('2026-12-02T12:00:00Z').wasCharged({ userId: 'asked', jobId: '' }),
    ).rejects.toMatchObject({ name: 'QuotaInputError', field: 'jobId' });
    expect(dynamo.commands.length).toBe(before);
  });
});

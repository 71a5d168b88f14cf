import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  QuotaContentionError,
  QuotaError,
  QuotaInputError,
  QuotaStateError,
  QuotaTableNotFoundError,
} from '../src/errors';
import { QuotaLedger } from '../src/ledger';
import type { ReserveRequest } from '../src/operations/reserve-types';
import type { SettleRequest } from '../src/operations/settle-types';
import {
  fakeClock,
  putItem,
  readItem,
  startLocalDynamo,
  type LocalDynamo,
  ledgerOn,
} from './support/local-dynamo';

// Correctness tests against a real server, not timed ones: leave room for a busy shared machine.
jest.setTimeout(60_000);

let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startLocalDynamo();
});

afterAll(async () => {
  await dynamo.close();
});

const MID_WEEK = '2026-12-02T12:00:00Z';

const ledgerAt = (iso: string, options?: Parameters<typeof ledgerOn>[2]): QuotaLedger =>
  ledgerOn(dynamo, iso, options);

const valid: SettleRequest = { userId: 'u-1', jobId: 'job-1', cost: 4, weeklyLimit: 200 };

describe('QuotaLedger input checks', () => {
  it.each<[string, Partial<Record<keyof SettleRequest, unknown>>, string]>([
    ['an empty user id', { userId: '' }, 'userId'],
    ['a blank user id', { userId: '   ' }, 'userId'],
    ['a numeric user id', { userId: 42 }, 'userId'],
    ['an over-long user id', { userId: 'u'.repeat(257) }, 'userId'],
    ['an empty job id', { jobId: '' }, 'jobId'],
    ['a missing job id', { jobId: undefined }, 'jobId'],
    ['a job id over 80 bytes', { jobId: 'é'.repeat(41) }, 'jobId'],
    ['a negative cost', { cost: -1 }, 'cost'],
    ['a fractional cost', { cost: 1.5 }, 'cost'],
    ['a NaN cost', { cost: Number.NaN }, 'cost'],
    ['an infinite cost', { cost: Number.POSITIVE_INFINITY }, 'cost'],
    ['a string cost', { cost: '4' }, 'cost'],
    ['a negative limit', { weeklyLimit: -200 }, 'weeklyLimit'],
    ['a fractional limit', { weeklyLimit: 199.5 }, 'weeklyLimit'],
    ['a NaN limit', { weeklyLimit: Number.NaN }, 'weeklyLimit'],
  ])('rejects %s in settle before any DynamoDB call', async (_label, change, field) => {
    const before = dynamo.commands.length;
    const request = { ...valid, ...change } as SettleRequest;
    const error = await ledgerAt(MID_WEEK)
      .settle(request)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QuotaInputError);
    expect(error).toMatchObject({ name: 'QuotaInputError', field });
    expect(dynamo.commands.length).toBe(before);
  });

  it('rejects a missing request object in every method', async () => {
    const ledger = ledgerAt(MID_WEEK);
    await expect(ledger.settle(undefined as unknown as SettleRequest)).rejects.toThrow(
      QuotaInputError,
    );
    await expect(ledger.reserve(null as unknown as ReserveRequest)).rejects.toThrow(
      QuotaInputError,
    );
    await expect(ledger.usage('u-1' as unknown as SettleRequest)).rejects.toThrow(QuotaInputError);
  });

  it('rejects bad input to usage before any DynamoDB call', async () => {
    const before = dynamo.commands.length;
    const ledger = ledgerAt(MID_WEEK);
    await expect(ledger.usage({ userId: 'u-1', weeklyLimit: 0.5 })).rejects.toThrow(
      QuotaInputError,
    );
    expect(dynamo.commands.length).toBe(before);
  });

  it('rejects a clock that returns an invalid date before any DynamoDB call', async () => {
    const before = dynamo.commands.length;
    const ledger = new QuotaLedger({
      client: dynamo.client,
      tableName: dynamo.tableName,
      now: () => new Date(NaN),
    });
    await expect(ledger.settle(valid)).rejects.toThrow(QuotaInputError);
    expect(dynamo.commands.length).toBe(before);
  });

  it('rejects bad constructor options', () => {
    const client = dynamo.client;
    expect(() => new QuotaLedger({ client, tableName: '' })).toThrow(QuotaInputError);
    expect(
      () => new QuotaLedger({ client: undefined as unknown as DynamoDBClient, tableName: 't' }),
    ).toThrow(QuotaInputError);
    expect(() => new QuotaLedger({ client, tableName: 't', maxAttempts: 0 })).toThrow(
      QuotaInputError,
    );
  });
});

describe('QuotaLedger DynamoDB errors', () => {
  it('maps a missing table to QuotaTableNotFoundError and keeps the SDK error as the cause', async () => {
    const error = await ledgerAt(MID_WEEK, { tableName: 'no-such-table' })
      .settle(valid)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QuotaTableNotFoundError);
    expect(error).toBeInstanceOf(QuotaError);
    expect((error as Error).cause).toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('rethrows other DynamoDB errors unchanged', async () => {
    const error = await ledgerAt(MID_WEEK, { tableName: 'bad name!' })
      .usage({ userId: 'u-1', weeklyLimit: 200 })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'ValidationException' });
    expect(error).not.toBeInstanceOf(QuotaError);
  });

  it('rethrows a network failure unchanged', async () => {
    const unreachable = new DynamoDBClient({
      endpoint: 'http://127.0.0.1:1',
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    const ledger = new QuotaLedger({
      client: unreachable,
      tableName: 'users',
      now: fakeClock(MID_WEEK).now,
    });
    const error = await ledger.settle(valid).catch((caught: unknown) => caught);
    unreachable.destroy();
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(QuotaError);
    expect(String((error as Error).message) + String((error as { code?: string }).code)).toMatch(
      /ECONNREFUSED/,
    );
  });
});

describe('QuotaLedger refusals it cannot resolve', () => {
  it('throws QuotaContentionError when every allowed round is lost to other writers, having charged nothing', async () => {
    const rival = ledgerAt(MID_WEEK);
    // Just before the loser's week-starting transaction, a rival starts the week first.
    dynamo.beforeNext(
      (name, input) =>
        name === 'TransactWriteItemsCommand' &&
        JSON.stringify(input).includes('#loser"') &&
        JSON.stringify(input).includes('"UpdateExpression":"SET '),
      () => rival.settle({ userId: 'u-race', jobId: 'winner', cost: 1, weeklyLimit: 200 }),
    );
    const error = await ledgerAt(MID_WEEK, { maxAttempts: 2 })
      .settle({ userId: 'u-race', jobId: 'loser', cost: 1, weeklyLimit: 200 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(QuotaContentionError);
    expect(error).toMatchObject({ attempts: 2 });
    expect((await readItem(dynamo, 'u-race'))?.['quotaCount']).toEqual({ N: '1' });
    expect(await readItem(dynamo, 'quota-job#u-race#loser')).toBeUndefined();
  });

  it("throws QuotaStateError for the post's week and count with one of the ledger's counters but no committed, and writes nothing", async () => {
    // The post's item alone is read (ledger-post-items.spec.ts); one ledger counter more is not.
    const legacy = {
      userId: { S: 'u-legacy' },
      quotaWeek: { S: '2026-W49' },
      quotaCount: { N: '190' },
      quotaReserved: { N: '4' },
    };
    await putItem(dynamo, legacy);
    await expect(ledgerAt(MID_WEEK).settle({ ...valid, userId: 'u-legacy' })).rejects.toThrow(
      QuotaStateError,
    );
    expect(await readItem(dynamo, 'u-legacy')).toEqual(legacy);
    expect(await readItem(dynamo, 'quota-job#u-legacy#job-1')).toBeUndefined();
  });

  it('throws QuotaStateError when committed is not used + reserved - granted', async () => {
    await putItem(dynamo, {
      userId: { S: 'u-inconsistent' },
      quotaWeek: { S: '2026-W49' },
      quotaCount: { N: '10' },
      quotaCommitted: { N: '3' },
    });
    await expect(
      ledgerAt(MID_WEEK).usage({ userId: 'u-inconsistent', weeklyLimit: 200 }),
    ).rejects.toThrow(QuotaStateError);
  });

  it('throws QuotaStateError for a stored week the ISO calendar does not have', async () => {
    await putItem(dynamo, {
      userId: { S: 'u-no-such-week' },
      quotaWeek: { S: '2025-W53' },
      quotaCount: { N: '3' },
    });
    await expect(
      ledgerAt(MID_WEEK).usage({ userId: 'u-no-such-week', weeklyLimit: 200 }),
    ).rejects.toThrow(QuotaStateError);
  });

  it('throws QuotaStateError for a stored week it did not write, and writes nothing', async () => {
    await putItem(dynamo, {
      userId: { S: 'u-corrupt' },
      quotaWeek: { S: 'last week' },
      quotaCount: { N: '3' },
    });
    await expect(ledgerAt(MID_WEEK).settle({ ...valid, userId: 'u-corrupt' })).rejects.toThrow(
      QuotaStateError,
    );
    await expect(
      ledgerAt(MID_WEEK).usage({ userId: 'u-corrupt', weeklyLimit: 200 }),
    ).rejects.toThrow(QuotaStateError);
    expect(await readItem(dynamo, 'u-corrupt')).toEqual({
      userId: { S: 'u-corrupt' },
      quotaWeek: { S: 'last week' },
      quotaCount: { N: '3' },
    });
  });
});

import { QuotaLedger } from '@lumcast/quota';
import { createApiHandler } from '../src/api/api-handler';
import { JobsTable } from '../src/jobs/jobs-table';
import { createLogger } from '../src/logging/logger';
import { apiEvent } from './api-events';
import { contractBody } from './contract-bodies';
import {
  countCommands,
  startTestDynamo,
  TABLES,
  type TestDynamo,
  feedSources,
  NO_UPLOADS,
  MemoryObjectStore,
} from './support';

let dynamo: TestDynamo;
/** Names of the commands the real SDK client sent, counted by a middleware on it. */
let commands: string[] = [];
let clock = new Date('2026-11-18T12:00:00Z');

beforeAll(async () => {
  dynamo = await startTestDynamo();
  commands = countCommands(dynamo, 'countCommandsForHistory');
});
afterAll(() => dynamo.close());

function ledger(): QuotaLedger {
  return new QuotaLedger({ client: dynamo.client, tableName: TABLES.users, now: () => clock });
}

/** Calls `GET /api/usage/history` through the whole API handler, as `userId`. */
async function history(userId: string | undefined, query?: Record<string, string>) {
  const api = createApiHandler({
    jobs: new JobsTable({ client: dynamo.client, tableName: TABLES.jobs }),
    ...feedSources(dynamo),
    ledger: ledger(),
    queue: { send: async () => undefined },
    uploads: NO_UPLOADS,
    links: { forJob: async () => ({}) },
    store: new MemoryObjectStore(),
    speechEngine: 'espeak-ng',
    identity: (event) => event.headers['x-user'],
    logger: createLogger('history-route-test'),
    now: () => clock,
  });
  const before = commands.length;
  const event = apiEvent('GET', '/api/usage/history', userId, query ? { query } : {});
  const response = await api(event);
  return {
    status: response.statusCode,
    body: contractBody(event, response),
    sent: commands.slice(before),
  };
}

describe('GET /api/usage/history (getUsageHistoryRoute)', () => {
  it('answers the caller’s slots per week, oldest first, with one GetItem however many jobs there were', async () => {
    const quota = ledger();
    clock = new Date('2026-11-18T12:00:00Z'); // 2026-W47
    for (let index = 0; index < 12; index += 1) {
      await quota.settle({ userId: 'hana', jobId: `w47-${index}`, cost: 2, weeklyLimit: 200 });
    }
    clock = new Date('2026-12-02T12:00:00Z'); // 2026-W49
    await quota.settle({ userId: 'hana', jobId: 'w49', cost: 6, weeklyLimit: 200 });
    await quota.settle({ userId: 'someone-else', jobId: 'x', cost: 9, weeklyLimit: 200 });
    const answer = await history('hana', { weeks: '4' });
    expect(answer).toEqual({
      status: 200,
      body: {
        weeks: [
          { week: '2026-W46', startsAt: '2026-11-09T00:00:00.000Z', used: 0 },
          { week: '2026-W47', startsAt: '2026-11-16T00:00:00.000Z', used: 24 },
          { week: '2026-W48', startsAt: '2026-11-23T00:00:00.000Z', used: 0 },
          { week: '2026-W49', startsAt: '2026-11-30T00:00:00.000Z', used: 6 },
        ],
      },
      sent: ['GetItemCommand'],
    });
  });

  it('answers 8 weeks when weeks is not given, and 26 at most', async () => {
    expect((await history('new-user')).body.weeks).toHaveLength(8);
    expect((await history('new-user', { weeks: '26' })).body.weeks).toHaveLength(26);
  });

  it('refuses a weeks that is not a whole number from 1 to 26, or an unknown parameter, with 400 naming it', async () => {
    for (const weeks of ['0', '27', 'abc', '2.5', '-3']) {
      const answer = await history('hana', { weeks });
      expect(answer).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_field', field: 'weeks' } },
        sent: [],
      });
      expect(answer.body.error.message).toBe('weeks must be a whole number from 1 to 26.');
    }
    expect(await history('hana', { week: '4' })).toMatchObject({
      status: 400,
      body: { error: { field: 'week', message: 'Unknown query parameter "week".' } },
    });
  });

  it('answers 401 without an identity, reading nothing', async () => {
    expect(await history(undefined)).toMatchObject({
      status: 401,
      body: { error: { code: 'unauthenticated' } },
      sent: [],
    });
  });
});

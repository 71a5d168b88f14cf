import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import {
  QuotaLedger,
  SLOTS_PER_MINUTE,
  USER_PLAN_ATTRIBUTE,
  USERS_TABLE_KEY,
} from '@lumcast/quota';
import { getQuotaRoute } from '../src/api/routes/get-quota';
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
let ledger: QuotaLedger;
/** Names of the commands the real SDK client sent, counted by a middleware on it. */
let commands: string[] = [];

const MID_WEEK = new Date('2026-12-02T12:00:00Z');

beforeAll(async () => {
  dynamo = await startTestDynamo();
  commands = countCommands(dynamo, 'countCommandsForGetQuota');
  ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users, now: () => MID_WEEK });
});
afterAll(() => dynamo.close());

/** Calls the route as the caller, answering the body and the commands it sent. */
async function getQuota(userId: string) {
  const route = getQuotaRoute({
    jobs: new JobsTable({ client: dynamo.client, tableName: TABLES.jobs }),
    ...feedSources(dynamo),
    ledger,
    queue: { send: async () => undefined },
    uploads: NO_UPLOADS,
    links: { forJob: async () => ({}) },
    store: new MemoryObjectStore(),
    speechEngine: 'espeak-ng',
    logger: createLogger('get-quota-test'),
    now: () => MID_WEEK,
  });
  const before = commands.length;
  const event = apiEvent('GET', '/api/quota', userId);
  const response = await route(userId, event, [] as never);
  return {
    status: response.statusCode,
    body: contractBody(event, response),
    sent: commands.slice(before),
  };
}

describe('GET /api/quota (getQuotaRoute)', () => {
  it('answers a creator’s week under the creator limits with one GetItem of the users item', async () => {
    await ledger.setPlan({ userId: 'cora', plan: 'creator' });
    await ledger.settle({ userId: 'cora', jobId: 'j-1', cost: 40, weeklyLimit: 600 });
    await ledger.reserve({ userId: 'cora', jobId: 'j-2', cost: 6, weeklyLimit: 600 });
    const answer = await getQuota('cora');
    expect(answer).toEqual({
      status: 200,
      body: {
        week: '2026-W49',
        used: 40,
        reserved: 6,
        granted: 0,
        limit: 600,
        remaining: 554,
        inFlight: 1,
        maxInFlight: 5,
        resetsAt: '2026-12-07T00:00:00.000Z',
        plan: 'creator',
        slotsPerMinute: SLOTS_PER_MINUTE,
      },
      sent: ['GetItemCommand'],
    });
  });

  it('answers a user with no item on the free plan, still with one GetItem', async () => {
    expect(await getQuota('newcomer')).toMatchObject({
      status: 200,
      body: { plan: 'free', limit: 200, remaining: 200, maxInFlight: 3, used: 0 },
      sent: ['GetItemCommand'],
    });
  });

  it('shows a stored plan it does not know under the free plan’s limits, as before', async () => {
    await dynamo.client.send(
      new UpdateItemCommand({
        TableName: TABLES.users,
        Key: { [USERS_TABLE_KEY.partitionKey]: { S: 'gus' } },
        UpdateExpression: 'SET #plan = :plan',
        ExpressionAttributeNames: { '#plan': USER_PLAN_ATTRIBUTE },
        ExpressionAttributeValues: { ':plan': { S: 'gold' } },
      }),
    );
    expect(await getQuota('gus')).toMatchObject({
      body: { plan: 'gold', limit: 200, maxInFlight: 3 },
      sent: ['GetItemCommand'],
    });
  });
});

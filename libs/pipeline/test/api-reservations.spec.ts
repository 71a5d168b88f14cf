import { QuotaLedger, weeklyLimitFor } from '@lumcast/quota';
import { createApiHandler } from '../src/api/api-handler';
import type { JobMessage } from '../src/ports/job-queue';
import { JobsTable } from '../src/jobs/jobs-table';
import { createLogger } from '../src/logging/logger';
import { apiEvent } from './api-events';
import { contractBody } from './contract-bodies';
import {
  startTestDynamo,
  TABLES,
  type TestDynamo,
  feedSources,
  NO_UPLOADS,
  MemoryObjectStore,
} from './support';

let dynamo: TestDynamo;
let jobs: JobsTable;
let ledger: QuotaLedger;
const sent: JobMessage[] = [];
let queueFails = false;

function api() {
  return createApiHandler({
    jobs,
    ...feedSources(dynamo),
    ledger,
    queue: {
      send: async (message) => {
        if (queueFails) throw new Error('SQS is down');
        sent.push(message);
      },
    },
    uploads: NO_UPLOADS,
    links: { forJob: async () => ({}) },
    store: new MemoryObjectStore(),
    speechEngine: 'espeak-ng',
    identity: (event) => event.headers['x-user'],
    logger: createLogger('api-test'),
  });
}

const oneMinuteNeural = { topic: 'Tides and the moon', minutes: 1, quality: 'neural' };

async function post(user: string, body: unknown = oneMinuteNeural) {
  const event = apiEvent('POST', '/api/podcasts', user, { body });
  const response = await api()(event);
  return { status: response.statusCode, body: contractBody(event, response) };
}

async function quota(user: string) {
  const event = apiEvent('GET', '/api/quota', user);
  return contractBody(event, await api()(event));
}

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs });
  ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users });
});
afterAll(() => dynamo.close());

describe('POST /api/podcasts reserves the quote before anything is queued', () => {
  it('holds the estimate, shows it as reserved in GET /api/quota, and queues the job', async () => {
    const created = await post('ana');
    expect(created).toMatchObject({ status: 202, body: { status: 'queued', estimatedCost: 2 } });
    expect(sent.at(-1)).toEqual({ userId: 'ana', jobId: created.body.jobId });
    expect(await quota('ana')).toMatchObject({
      used: 0,
      reserved: 2,
      granted: 0,
      remaining: weeklyLimitFor(undefined) - 2,
      inFlight: 1,
      maxInFlight: 3,
    });
  });

  it('answers a fourth job while three are in progress with 429 too_many_in_flight, queueing nothing', async () => {
    for (let index = 0; index < 3; index += 1) expect((await post('ben')).status).toBe(202);
    const queued = sent.length;
    const refused = await post('ben');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'too_many_in_flight',
      inFlight: 3,
      maxInFlight: 3,
    });
    expect(refused.body.error.message).toContain('Nothing was charged');
    expect(sent.length).toBe(queued);
  });

  it('answers a job that does not fit what remains with 429 quota_exhausted, the remaining slots and the reset', async () => {
    const limit = weeklyLimitFor(undefined);
    await ledger.settle({ userId: 'cy', jobId: 'j-earlier', cost: limit - 1, weeklyLimit: limit });
    const refused = await post('cy');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'quota_exhausted',
      estimatedCost: 2,
      remaining: 1,
    });
    expect(refused.body.error.resetsAt).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    expect((await jobs.listPageForUser('cy', { limit: 10 })).jobs).toEqual([]);
  });

  it('releases the hold of a job it could not queue, and marks the job failed', async () => {
    queueFails = true;
    try {
      const failed = await post('dee');
      expect(failed.status).toBe(503);
    } finally {
      queueFails = false;
    }
    expect(await quota('dee')).toMatchObject({ reserved: 0, inFlight: 0, used: 0 });
    const [job] = (await jobs.listPageForUser('dee', { limit: 10 })).jobs;
    expect(job?.status).toBe('failed');
  });

  it('admits at most three jobs of a burst of 30 concurrent POSTs by one user', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => post('eve')));
    expect(results.filter((result) => result.status === 202)).toHaveLength(3);
    for (const result of results.filter((r) => r.status !== 202)) {
      expect(result.status).toBe(429);
      expect(['too_many_in_flight', 'quota_busy', 'rate_limited']).toContain(
        result.body.error.code,
      );
    }
    expect(await quota('eve')).toMatchObject({ reserved: 6, inFlight: 3 });
  });
});

import { QuotaLedger } from '@lumcast/quota';
import { JobsTable } from '../src/jobs/jobs-table';
import { createLogger } from '../src/logging/logger';
import { objectKeys } from '../src/ports/object-store';
import type { JobMessage } from '../src/ports/job-queue';
import { apiEvent } from './api-events';
import { contractBody } from './contract-bodies';
import {
  MemoryObjectStore,
  TABLES,
  testApi,
  queuedJob,
  spokenWords as words,
  startTestDynamo,
  TIMED_SCRIPT as SCRIPT,
  type TestDynamo,
} from './support';

let dynamo: TestDynamo;
let jobs: JobsTable;
let ledger: QuotaLedger;
const store = new MemoryObjectStore();
const sent: JobMessage[] = [];

function api() {
  return testApi(dynamo, {
    jobs,
    ledger,
    store,
    queue: { send: async (message) => void sent.push(message) },
    logger: createLogger('api-drafts-test'),
  });
}

async function call(...args: Parameters<typeof apiEvent>) {
  const event = apiEvent(...args);
  const response = await api()(event);
  return { status: response.statusCode, body: contractBody(event, response) };
}

const oneMinuteNeural = { topic: 'Tides and the moon', minutes: 1, quality: 'neural' };

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs });
  ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users });
});
afterAll(() => dynamo.close());

describe('POST /api/podcasts with "review": true', () => {
  it('queues a review job counted as a draft, holding no slots', async () => {
    const created = await call('POST', '/api/podcasts', 'rita', {
      body: { ...oneMinuteNeural, review: true },
    });
    expect(created).toMatchObject({ status: 202, body: { status: 'queued', estimatedCost: 2 } });
    const { jobId } = created.body;
    expect(sent.at(-1)).toEqual({ userId: 'rita', jobId });
    expect(await jobs.get('rita', jobId)).toMatchObject({ status: 'queued', review: true });
    expect(await ledger.usage({ userId: 'rita' })).toMatchObject({ reserved: 0, inFlight: 0 });
    expect(await ledger.lookupJob({ userId: 'rita', jobId })).toBeUndefined();
    expect(await ledger.countDraft({ userId: 'rita', jobId })).toMatchObject({
      outcome: 'already_counted',
    });
  });

  it("answers a draft over the week's drafts with 429 draft_limit and the next week as retryAt, creating nothing", async () => {
    for (let index = 0; index < 20; index += 1) {
      await ledger.countDraft({ userId: 'dora', jobId: `earlier-${index}` });
    }
    const queued = sent.length;
    const refused = await call('POST', '/api/podcasts', 'dora', {
      body: { ...oneMinuteNeural, review: true },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'draft_limit', drafts: 20, limit: 20 });
    const retryAt = new Date(refused.body.error.retryAt);
    expect(retryAt.getUTCDay()).toBe(1);
    expect(retryAt.getTime()).toBeGreaterThan(Date.now());
    expect(retryAt.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);
    expect(refused.body.error.message).toContain('Nothing was charged');
    expect(sent.length).toBe(queued);
    expect(await jobs.listForUser('dora')).toEqual([]);
  });

  it.each([
    ['false', false],
    ['absent', undefined],
  ])(
    'holds the quote as always when review is %s, with no review mark on the job',
    async (_, review) => {
      const userId = `plain-${String(review)}`;
      const created = await call('POST', '/api/podcasts', userId, {
        body: { ...oneMinuteNeural, ...(review === undefined ? {} : { review }) },
      });
      expect(created.status).toBe(202);
      const job = await jobs.get(userId, created.body.jobId);
      expect(job?.review).toBeUndefined();
      expect(await ledger.usage({ userId })).toMatchObject({ reserved: 2, inFlight: 1 });
    },
  );

  it('refuses a review that is not a boolean, naming the field', async () => {
    expect(
      await call('POST', '/api/podcasts', 'rita', { body: { ...oneMinuteNeural, review: 'yes' } }),
    ).toMatchObject({ status: 400, body: { error: { code: 'invalid_field', field: 'review' } } });
  });
});

describe('GET /api/podcasts/{jobId}/script', () => {
  async function storedJob(status: 'script_ready' | 'ready' | 'writing_script', userId = 'sara') {
    const job = queuedJob({ userId, status, review: true, quality: 'neural' });
    await jobs.create(job);
    await store.put(
      objectKeys.script(userId, job.jobId),
      JSON.stringify({ script: SCRIPT, plan: [] }),
    );
    return job;
  }

  it.each([['script_ready'], ['ready']] as const)(
    "answers a %s job its script as turns timed at the engine's rate, with the quote for rendering it",
    async (status) => {
      const job = await storedJob(status);
      const answer = await call('GET', `/api/podcasts/${job.jobId}/script`, 'sara');
      expect(answer).toEqual({
        status: 200,
        body: {
          version: 1,
          hosts: [{ name: 'Alex' }, { name: 'Sam' }],
          turns: [
            { id: 't1', speaker: 'Alex', text: words(49), seconds: 15 },
            { id: 't2', speaker: 'Sam', text: words(98), seconds: 30 },
            { id: 't3', speaker: 'Alex', text: words(196), seconds: 60 },
          ],
          chapters: [
            { title: 'The moon', turnIds: ['t1', 't2'] },
            { title: 'The sun', turnIds: ['t3'] },
          ],
          estimatedSeconds: 105,
          // Two started minutes of neural audio at 2 slots each.
          estimatedCost: 4,
        },
      });
      // The same script always has the same turn ids.
      expect(await call('GET', `/api/podcasts/${job.jobId}/script`, 'sara')).toEqual(answer);
    },
  );

  it('answers another user, and a job that does not exist, 404 without saying the job exists', async () => {
    const job = await storedJob('script_ready');
    for (const [user, jobId] of [
      ['mallory', job.jobId],
      ['sara', 'j-test999999-0000000000000000'],
    ] as const) {
      expect(await call('GET', `/api/podcasts/${jobId}/script`, user)).toMatchObject({
        status: 404,
        body: { error: { code: 'not_found' } },
      });
    }
  });

  it('answers a job whose script is not written yet 409 script_not_ready', async () => {
    const job = await storedJob('writing_script');
    expect(await call('GET', `/api/podcasts/${job.jobId}/script`, 'sara')).toMatchObject({
      status: 409,
      body: { error: { code: 'script_not_ready', status: 'writing_script' } },
    });
  });

  it("lists and shows a script_ready job as the contract's schemas describe it", async () => {
    const job = await storedJob('script_ready', 'lena');
    const listed = await call('GET', '/api/podcasts', 'lena');
    expect(listed.body.items).toEqual([
      expect.objectContaining({ jobId: job.jobId, status: 'script_ready' }),
    ]);
    expect(await call('GET', `/api/podcasts/${job.jobId}`, 'lena')).toMatchObject({
      status: 200,
      body: { status: 'script_ready' },
    });
  });
});

import { QuotaLedger, weeklyLimitFor } from '@lumcast/quota';
import type { JobRecord } from '../src/jobs/job';
import { JobsTable } from '../src/jobs/jobs-table';
import { createLogger } from '../src/logging/logger';
import type { JobMessage } from '../src/ports/job-queue';
import { objectKeys } from '../src/ports/object-store';
import { readRenderArtifact, renderLedgerId } from '../src/renders/render-artifact';
import { planRender } from '../src/renders/render-plan';
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
let queueFails = false;

function api() {
  return testApi(dynamo, {
    jobs,
    ledger,
    store,
    queue: {
      send: async (message) => {
        if (queueFails) throw new Error('queue down');
        sent.push(message);
      },
    },
    logger: createLogger('api-renders-test'),
  });
}

async function call(...args: Parameters<typeof apiEvent>) {
  const event = apiEvent(...args);
  const response = await api()(event);
  return { status: response.statusCode, body: contractBody(event, response) };
}

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs });
  ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users });
});
afterAll(() => dynamo.close());

/** A job of `userId` with TIMED_SCRIPT written: t1 Alex 15 s, t2 Sam 30 s, t3 Alex 60 s. */
async function writtenJob(userId: string, overrides: Partial<JobRecord> = {}) {
  const job = queuedJob({ userId, status: 'script_ready', review: true, ...overrides });
  await jobs.create(job);
  await store.put(
    objectKeys.script(job.userId, job.jobId),
    JSON.stringify({ script: SCRIPT, plan: [] }),
  );
  return job;
}

/** Gives the job the audio of every chunk of TIMED_SCRIPT, as a charged render leaves it. */
async function withAudioOfScript(job: JobRecord) {
  const plan = planRender({ script: SCRIPT }, job, { engine: 'espeak-ng' });
  await jobs.updateWhere(job.userId, job.jobId, {
    UpdateExpression: 'ADD chunkAddresses :addresses',
    ConditionExpression: 'attribute_exists(jobId)',
    ExpressionAttributeValues: { ':addresses': { SS: plan.chunks.map((c) => c.address) } },
  });
}

const t1 = { id: 't1', speaker: 'Alex', text: words(49) };
const t2 = { id: 't2', speaker: 'Sam', text: words(98) };
const t3 = { id: 't3', speaker: 'Alex', text: words(196) };

const render = (job: JobRecord, version: number) =>
  call('POST', `/api/podcasts/${job.jobId}/render`, job.userId, { body: { version } });
const quote = (job: JobRecord, version: number, turns: readonly object[]) =>
  call('POST', `/api/podcasts/${job.jobId}/script/quote`, job.userId, {
    body: { version, turns },
  });
const edit = (job: JobRecord, version: number, turns: object[]) =>
  call('PUT', `/api/podcasts/${job.jobId}/script`, job.userId, { body: { version, turns } });

describe('POST /api/podcasts/{jobId}/render', () => {
  it('holds exactly the quote GET …/script showed, queues the render and lists it as rendering', async () => {
    const job = await writtenJob('ren');
    const shown = await call('GET', `/api/podcasts/${job.jobId}/script`, 'ren');
    const accepted = await render(job, 1);
    // 105 seconds of neural audio: two started minutes, 4 slots.
    expect(accepted).toEqual({
      status: 202,
      body: {
        jobId: job.jobId,
        version: 1,
        status: 'queued',
        estimatedCost: 4,
        chunksToSynthesize: 3,
        chunksReused: 0,
      },
    });
    expect(shown.body.estimatedCost).toBe(4);
    expect(await ledger.usage({ userId: 'ren' })).toMatchObject({ reserved: 4, used: 0 });
    expect(sent).toContainEqual({ userId: 'ren', jobId: job.jobId, render: 1 });
    const artifact = await readRenderArtifact(store, job.jobId, 1);
    expect(artifact).toMatchObject({ number: 1, version: 1, first: true });
    expect(artifact.chunks.every((chunk) => chunk.synthesize)).toBe(true);
    const shownJob = await call('GET', `/api/podcasts/${job.jobId}`, 'ren');
    expect(shownJob.body).toMatchObject({
      status: 'queued',
      scriptVersion: 1,
      renders: [
        { version: 1, charged: 0, chunksSynthesized: 3, chunksReused: 0, status: 'rendering' },
      ],
    });
    expect(await jobs.get('ren', job.jobId)).toMatchObject({
      activeRender: { number: 1, version: 1, quote: 4, ledgerJobId: renderLedgerId(job.jobId, 1) },
    });
    // The user's list shows the same version and renders on the item as the job's own answer.
    const listed = await call('GET', '/api/podcasts', 'ren');
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        jobId: job.jobId,
        scriptVersion: 1,
        renders: shownJob.body.renders,
      }),
    ]);
  });

  it('answers a version that is not the latest 409 stale_version, holding nothing', async () => {
    const job = await writtenJob('stale');
    expect((await edit(job, 1, [t1, t3])).status).toBe(200);
    expect(await render(job, 1)).toMatchObject({
      status: 409,
      body: { error: { code: 'stale_version', latestVersion: 2 } },
    });
    expect(await ledger.usage({ userId: 'stale' })).toMatchObject({ reserved: 0, inFlight: 0 });
  });

  it.each([
    ['a job still writing its script', 'not_renderable', { status: 'writing_script' }],
    ['a failed job', 'not_renderable', { status: 'failed' }],
    ['a ready job that already serves that version', 'already_rendered', { status: 'ready' }],
  ] as const)('answers %s 409 %s', async (_, code, overrides) => {
    const job = await writtenJob('wrong', overrides);
    expect(await render(job, 1)).toMatchObject({ status: 409, body: { error: { code } } });
    expect(await ledger.usage({ userId: 'wrong' })).toMatchObject({ reserved: 0, inFlight: 0 });
  });

  it('answers a second render while one runs 409 render_in_progress, and holds once', async () => {
    const job = await writtenJob('twice');
    const answers = await Promise.all([render(job, 1), render(job, 1)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error.code).toMatch(
      /^render_in_progress|not_renderable$/,
    );
    expect(await render(job, 1)).toMatchObject({
      status: 409,
      body: { error: { code: 'render_in_progress' } },
    });
    expect(await ledger.usage({ userId: 'twice' })).toMatchObject({ reserved: 4, inFlight: 1 });
  });

  it('refuses a render the week no longer covers with the 429 a new episode gets', async () => {
    const limit = weeklyLimitFor(undefined);
    await ledger.settle({
      userId: 'full',
      jobId: 'j-earlier',
      cost: limit - 1,
      weeklyLimit: limit,
    });
    const job = await writtenJob('full');
    const refused = await render(job, 1);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: 'quota_exhausted',
      estimatedCost: 4,
      remaining: 1,
    });
    expect(refused.body.error.retryAt).toEqual(expect.any(String));
    expect(await jobs.get('full', job.jobId)).toMatchObject({ status: 'script_ready' });
    expect((await jobs.get('full', job.jobId))?.activeRender).toBeUndefined();
  });

  it('quotes and holds only the new audio of a ready episode: one edited minute of neural is 2 slots', async () => {
    const job = await writtenJob('again', { status: 'ready' });
    await withAudioOfScript(job);
    const changed = { ...t3, text: words(190) };
    expect(await quote(job, 1, [t1, t2, changed])).toEqual({
      status: 200,
      body: {
        estimatedSeconds: 104,
        newSeconds: 59,
        estimatedCost: 2,
        chunksToSynthesize: 1,
        chunksReused: 2,
      },
    });
    const edited = await edit(job, 1, [t1, t2, changed]);
    expect(edited.body).toMatchObject({ version: 2, estimatedCost: 2 });
    expect(await render(job, 2)).toMatchObject({
      status: 202,
      body: { status: 'ready', estimatedCost: 2, chunksToSynthesize: 1, chunksReused: 2 },
    });
    expect(await ledger.usage({ userId: 'again' })).toMatchObject({ reserved: 2 });
    // A re-render leaves the job ready.
    expect(await jobs.get('again', job.jobId)).toMatchObject({ status: 'ready' });
  });

  it('ends a render it could not queue failed, releases its hold and returns the draft to review', async () => {
    const job = await writtenJob('down');
    queueFails = true;
    try {
      expect(await render(job, 1)).toMatchObject({
        status: 503,
        body: { error: { code: 'queue_unavailable' } },
      });
    } finally {
      queueFails = false;
    }
    expect(await ledger.usage({ userId: 'down' })).toMatchObject({ reserved: 0, inFlight: 0 });
    const after = await call('GET', `/api/podcasts/${job.jobId}`, 'down');
    expect(after.body).toMatchObject({
      status: 'script_ready',
      renders: [{ version: 1, charged: 0, status: 'failed' }],
    });
    // It can be rendered again: the next render has its own ledger id.
    expect(await render(job, 1)).toMatchObject({ status: 202, body: { estimatedCost: 4 } });
  });

  it('answers a body without a whole version 400 invalid_field naming it', async () => {
    const job = await writtenJob('bad');
    const answer = await call('POST', `/api/podcasts/${job.jobId}/render`, 'bad', {
      body: { version: 'one' },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_field', field: 'version' } },
    });
  });
});

describe('POST /api/podcasts/{jobId}/script/quote', () => {
  it('answers the quote PUT would answer, and keeps no version', async () => {
    const job = await writtenJob('quo');
    const turns = [t1, { ...t2, text: 'Tides turn.' }];
    const quoted = await quote(job, 1, turns);
    expect(quoted).toEqual({
      status: 200,
      body: {
        estimatedSeconds: 16,
        newSeconds: 16,
        estimatedCost: 2,
        chunksToSynthesize: 2,
        chunksReused: 0,
      },
    });
    expect((await jobs.get('quo', job.jobId))?.scriptVersion).toBeUndefined();
    const kept = await edit(job, 1, turns);
    expect(kept.body).toMatchObject({
      estimatedSeconds: quoted.body.estimatedSeconds,
      estimatedCost: quoted.body.estimatedCost,
    });
  });

  it.each([
    ['an unknown speaker', [{ ...t1, speaker: 'Zed' }], 400, 'invalid_turn'],
    ['a stale version', null, 409, 'stale_version'],
  ] as const)('refuses %s as PUT does', async (_, turns, status, code) => {
    const job = await writtenJob('quo-bad');
    const answer = turns === null ? await quote(job, 2, [t1]) : await quote(job, 1, turns);
    expect(answer).toMatchObject({ status, body: { error: { code } } });
  });

  it("answers another user's job 404", async () => {
    const job = await writtenJob('owner');
    const answer = await call('POST', `/api/podcasts/${job.jobId}/script/quote`, 'intruder', {
      body: { version: 1, turns: [t1] },
    });
    expect(answer.status).toBe(404);
  });
});

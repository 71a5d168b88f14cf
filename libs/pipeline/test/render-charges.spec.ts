import { QuotaLedger, weeklyLimitFor } from '@lumcast/quota';
import type { ActiveRender, JobRecord } from '../src/jobs/job';
import { JobsTable } from '../src/jobs/jobs-table';
import { objectKeys } from '../src/ports/object-store';
import { renderLedgerId } from '../src/renders/render-artifact';
import { startRender } from '../src/renders/render-updates';
import { SeriesMemory } from '../src/series/series-memory';
import { createCallbackStep } from '../src/steps/callback';
import { FAILURE_MESSAGES } from '../src/steps/failure-message';
import {
  MemoryObjectStore,
  queuedJob,
  startTestDynamo,
  TABLES,
  TIMED_SCRIPT,
  type TestDynamo,
} from './support';

// A render's charge on DynamoDB Local through the real ledger: its hold settles once, whatever
// is delivered twice, never above its quote, and a failed render charges nothing.

let dynamo: TestDynamo;
let jobs: JobsTable;
let ledger: QuotaLedger;
const store = new MemoryObjectStore();
let callback: ReturnType<typeof createCallbackStep>;
let seriesMemory: SeriesMemory;
const limit = weeklyLimitFor(undefined);

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs });
  ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users });
  seriesMemory = new SeriesMemory({ client: dynamo.client, tableName: TABLES.series });
  callback = createCallbackStep({ jobs, ledger, store, seriesMemory });
});
afterAll(() => dynamo.close());

const PREVIOUS = { audioKey: 'episodes/j-old/episode.mp3', captionsKey: 'episodes/j-old/c.vtt' };

/**
 * A job running render 1 of version 1 with `quote` slots held under the render's ledger id, as
 * `POST …/render` leaves it: a draft (`script_ready`) or a ready episode serving older audio.
 */
async function renderingJob(
  userId: string,
  from: ActiveRender['from'],
  quote = 4,
  extra: Partial<JobRecord> = {},
) {
  const job = queuedJob({
    userId,
    status: from,
    review: true,
    ...extra,
    ...(from === 'ready' ? { ...PREVIOUS, cost: 10, durationSeconds: 300, chapters: [] } : {}),
  });
  await jobs.create(job);
  const active: ActiveRender = {
    number: 1,
    version: 1,
    quote,
    ledgerJobId: renderLedgerId(job.jobId, 1),
    from,
  };
  const { hold } = await ledger.admit({ userId, jobId: active.ledgerJobId, cost: quote });
  expect(hold?.outcome).toBe('reserved');
  expect(
    await startRender(
      jobs,
      userId,
      job.jobId,
      active,
      { chunksSynthesized: 2, chunksReused: 1 },
      new Date(),
    ),
  ).toBe(true);
  return { job, active };
}

function audioOf(job: JobRecord, newSeconds: number) {
  return {
    audioKey: objectKeys.renderAudio(job.jobId, 1),
    captionsKey: objectKeys.renderCaptions(job.jobId, 1),
    durationSeconds: 290,
    audioBytes: 1000,
    chapters: [{ title: 'Opening', startSeconds: 0, endSeconds: 290 }],
    newSeconds,
  };
}

const usage = (userId: string) => ledger.usage({ userId, weeklyLimit: limit });

describe('the callback of a render', () => {
  it.each([
    ['the new audio of a re-render', 'ready', 50, 2, 12],
    ['a first render, capped at its quote', 'script_ready', 400, 4, 4],
  ] as const)(
    'charges %s once, however often its success is delivered',
    async (_, from, newSeconds, charged, total) => {
      const userId = `once-${from}`;
      const { job } = await renderingJob(userId, from);
      const success = {
        userId,
        jobId: job.jobId,
        render: 1,
        outcome: 'succeeded' as const,
        audio: audioOf(job, newSeconds),
      };
      expect(await callback(success)).toEqual({ status: 'ready', cost: total });
      await callback(success);
      // A failure reported after it (the execution-status rule) changes nothing.
      await callback({ userId, jobId: job.jobId, render: 1, outcome: 'failed' });
      expect(await usage(userId)).toMatchObject({ used: charged, reserved: 0, inFlight: 0 });
      const after = await jobs.get(userId, job.jobId);
      expect(after).toMatchObject({
        status: 'ready',
        cost: total,
        audioKey: objectKeys.renderAudio(job.jobId, 1),
        renderedVersion: 1,
        renders: [{ version: 1, charged, status: 'rendered' }],
      });
      expect(after?.activeRender).toBeUndefined();
    },
  );

  it('charges nothing for a failed re-render, releases its hold and keeps the previous audio', async () => {
    const { job } = await renderingJob('fails-ready', 'ready');
    const failure = {
      userId: 'fails-ready',
      jobId: job.jobId,
      render: 1,
      outcome: 'failed' as const,
      error: { Error: 'SpeechEngineError' },
    };
    expect(await callback(failure)).toEqual({ status: 'ready', cost: 10 });
    await callback(failure);
    expect(await usage('fails-ready')).toMatchObject({ used: 0, reserved: 0, inFlight: 0 });
    expect(await jobs.get('fails-ready', job.jobId)).toMatchObject({
      status: 'ready',
      cost: 10,
      ...PREVIOUS,
      renders: [{ charged: 0, status: 'failed', error: FAILURE_MESSAGES.speech_failed }],
    });
  });

  it('returns a draft whose first render failed to review, uncharged, and never charges it after', async () => {
    const { job } = await renderingJob('fails-draft', 'script_ready');
    await callback({ userId: 'fails-draft', jobId: job.jobId, render: 1, outcome: 'failed' });
    // A success delivered late finds the render ended: no charge.
    await callback({
      userId: 'fails-draft',
      jobId: job.jobId,
      render: 1,
      outcome: 'succeeded',
      audio: audioOf(job, 60),
    });
    expect(await usage('fails-draft')).toMatchObject({ used: 0, reserved: 0, inFlight: 0 });
    const after = await jobs.get('fails-draft', job.jobId);
    expect(after).toMatchObject({ status: 'script_ready', renders: [{ status: 'failed' }] });
    expect(after?.cost).toBeUndefined();
  });
});

describe('a render in a series', () => {
  it("remembers a series draft's first render in its series, as any episode", async () => {
    const { job } = await renderingJob('series-draft', 'script_ready', 4, { seriesId: 'tides' });
    await store.put(
      objectKeys.script('series-draft', job.jobId),
      JSON.stringify({ script: TIMED_SCRIPT, plan: [] }),
      'application/json',
    );
    await callback({
      userId: 'series-draft',
      jobId: job.jobId,
      render: 1,
      outcome: 'succeeded',
      audio: audioOf(job, 60),
    });
    const recalled = await seriesMemory.recall({ userId: 'series-draft', seriesId: 'tides' });
    expect(JSON.stringify(recalled)).toContain(TIMED_SCRIPT.title);
  });
});

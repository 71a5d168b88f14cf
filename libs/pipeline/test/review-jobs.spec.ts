import { QuotaLedger } from '@lumcast/quota';
import { JobsTable } from '../src/jobs/jobs-table';
import { objectKeys } from '../src/ports/object-store';
import { SeriesMemory } from '../src/series/series-memory';
import { createCallbackStep } from '../src/steps/callback';
import { storeScriptForSynthesis } from '../src/steps/store-script-for-synthesis';
import {
  MemoryObjectStore,
  queuedJob,
  startTestDynamo,
  TABLES,
  TIMED_SCRIPT as SCRIPT,
  type TestDynamo,
} from './support';

let dynamo: TestDynamo;
let jobs: JobsTable;
let ledger: QuotaLedger;
const store = new MemoryObjectStore();

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs });
  ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users });
});
afterAll(() => dynamo.close());

async function writingJob(review: boolean) {
  const job = queuedJob(review ? { review: true } : {});
  await jobs.create(job);
  await jobs.setStatus(job.userId, job.jobId, 'writing_script');
  return job;
}

const deps = () => ({ jobs, store, maxChunkChars: 3000, speechEngine: 'espeak-ng' as const });
const request = { quality: 'neural', language: 'en-US' } as const;

describe('storing a written script', () => {
  it('stops a review job at script_ready with its script stored and no chunks handed on', async () => {
    const job = await writingJob(true);
    const output = await storeScriptForSynthesis(
      deps(),
      { userId: job.userId, jobId: job.jobId, review: true },
      request,
      SCRIPT,
    );
    expect(output).toMatchObject({ review: true, chunks: [] });
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'script_ready' });
    const stored = JSON.parse(
      new TextDecoder().decode(await store.get(objectKeys.script(job.userId, job.jobId))),
    );
    expect(stored.script).toEqual(SCRIPT);
  });

  it('moves every other job to synthesizing with its chunks, as before', async () => {
    const job = await writingJob(false);
    const output = await storeScriptForSynthesis(
      deps(),
      { userId: job.userId, jobId: job.jobId },
      request,
      SCRIPT,
    );
    expect(output.review).toBeUndefined();
    expect(output.chunks.length).toBeGreaterThan(0);
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'synthesizing' });
  });
});

describe('the failure callback of a review job', () => {
  it('ends it failed and writes nothing to the ledger: it holds no slots', async () => {
    const job = await writingJob(true);
    const callback = createCallbackStep({
      jobs,
      ledger,
      store,
      seriesMemory: new SeriesMemory({ client: dynamo.client, tableName: TABLES.series }),
    });
    expect(
      await callback({
        userId: job.userId,
        jobId: job.jobId,
        outcome: 'failed',
        error: { Error: 'ModelUnavailableError', Cause: 'no model' },
      }),
    ).toEqual({ status: 'failed' });
    expect(await ledger.lookupJob({ userId: job.userId, jobId: job.jobId })).toBeUndefined();
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'failed' });
  });
});

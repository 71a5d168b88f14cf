/**
 * What the steps do when an object they read is missing, with the real S3ObjectStore and
 * S3Client against a local S3 server (s3rver) and the jobs on dynalite: the step fails with
 * ObjectNotFoundError (its `name` is the error type the state machine sees; no Retry names
 * it, so the Catch sends it to ReportFailure), says what is missing, stores nothing further
 * and does not move the job; the failure path then records that sentence on the job.
 */
import { QuotaLedger } from '@lumcast/quota';
import { OfflineScriptWriter } from '@lumcast/script-generation';
import { SeriesMemory } from '../src/series/series-memory';
import { S3ObjectStore } from '../src/adapters/s3-object-store';
import { buildWriteScriptHandler } from '../src/composition/handler-builders';
import { ObjectNotFoundError } from '../src/errors';
import { JobsTable } from '../src/jobs/jobs-table';
import { objectKeys } from '../src/ports/object-store';
import { createAssembleStep } from '../src/steps/assemble';
import { createCallbackStep } from '../src/steps/callback';
import { FAILURE_MESSAGES } from '../src/steps/failure-message';
import { createFinishScriptStep } from '../src/steps/finish-script';
import { createWriteChapterStep } from '../src/steps/write-chapter';
import { LinkSourceFetcher } from '../src/sources/link-source-fetcher';
import { createWriteOutlineStep } from '../src/steps/write-outline';
import { createWriteScriptStep } from '../src/steps/write-script';
import { startLocalS3, type LocalS3 } from './local-s3';
import { queuedJob, startTestDynamo, TABLES, type TestDynamo } from './support';

let dynamo: TestDynamo;
let s3: LocalS3;
let jobs: JobsTable;
let store: S3ObjectStore;
let seriesMemory: SeriesMemory;
const writer = new OfflineScriptWriter();
const fixedNow = () => new Date(Date.UTC(2026, 11, 3, 9, 0, 0));

beforeAll(async () => {
  [dynamo, s3] = await Promise.all([startTestDynamo(), startLocalS3('audio')]);
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs, now: fixedNow });
  store = new S3ObjectStore({ client: s3.client, bucket: s3.bucket });
  seriesMemory = new SeriesMemory({ client: dynamo.client, tableName: TABLES.series });
});
afterAll(async () => {
  await Promise.all([dynamo.close(), s3.stop()]);
});

const deps = () => ({
  jobs,
  store,
  writer,
  seriesMemory,
  sources: new LinkSourceFetcher(),
  maxChunkChars: 3_000,
  speechEngine: 'espeak-ng' as const,
});

/** A long deterministic source text, so a 30-minute offline episode is written in parts. */
const longSource = Array.from(
  { length: 700 },
  (_, i) =>
    `Harbour ${i % 9} records the tide of year ${1800 + i}, which the pilots of berth ${i % 13} still follow.`,
).join(' ');

async function createdJob(overrides: Parameters<typeof queuedJob>[0] = {}) {
  const job = queuedJob({ minutes: 30, quality: 'neural', sourceText: longSource, ...overrides });
  await jobs.create(job);
  return job;
}

const exists = async (key: string) =>
  store.get(key).then(
    () => true,
    (error: unknown) => {
      if (error instanceof ObjectNotFoundError) return false;
      throw error;
    },
  );

/** The error `promise` rejects with (fails the test if it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('FinishScript with a missing part', () => {
  it('fails by name with ObjectNotFoundError naming the part and its key, stores no script and leaves the job writing_script', async () => {
    const job = await createdJob();
    const ref = { userId: job.userId, jobId: job.jobId };
    const handler = buildWriteScriptHandler(deps());
    const { parts } = (await handler({ ...ref, phase: 'outline' })) as { parts: number[] };
    expect(parts.length).toBeGreaterThan(2);
    const missing = 1;
    for (const part of parts.filter((part) => part !== missing)) {
      await handler({ ...ref, phase: 'chapter', part });
    }

    const error = await rejectionOf(handler({ ...ref, phase: 'finish' }));

    const key = objectKeys.scriptPart(job.userId, job.jobId, missing);
    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect(error.name).toBe('ObjectNotFoundError');
    expect(error).toMatchObject({ key });
    expect(error.message).toBe(
      `part ${missing} of job ${job.jobId} is missing: no object at key ${key}`,
    );
    expect(error.cause).toBeInstanceOf(ObjectNotFoundError);
    expect((error.cause as Error).cause).toMatchObject({ name: 'NoSuchKey' });
    expect(await exists(objectKeys.script(job.userId, job.jobId))).toBe(false);
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'writing_script' });
  });

  it('fails with ObjectNotFoundError naming the outline when the outline is missing', async () => {
    const job = await createdJob();
    await jobs.setStatus(job.userId, job.jobId, 'writing_script');

    const error = await rejectionOf(
      createFinishScriptStep(deps())({ userId: job.userId, jobId: job.jobId }),
    );

    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect(error.message).toContain(`the outline of job ${job.jobId} is missing`);
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({ status: 'writing_script' });
  });

  it('ends the job failed, uncharged, with the generic failure sentence (not the missing key), through the failure path', async () => {
    const job = await createdJob();
    const ref = { userId: job.userId, jobId: job.jobId };
    const { parts } = await createWriteOutlineStep(deps())(ref);
    for (const part of parts.slice(1)) await createWriteChapterStep(deps())({ ...ref, part });
    const error = await rejectionOf(createFinishScriptStep(deps())(ref));

    const ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users });
    const callback = createCallbackStep({
      jobs,
      ledger,
      store,
      seriesMemory,
    });
    // What ReportFailure receives from the Catch: the Lambda error type and its JSON Cause.
    const result = await callback({
      ...ref,
      outcome: 'failed',
      error: {
        Error: error.name,
        Cause: JSON.stringify({ errorType: error.name, errorMessage: error.message }),
      },
    });

    expect(result).toEqual({ status: 'failed' });
    expect(await ledger.wasCharged(ref)).toBe(false);
    expect(await jobs.get(job.userId, job.jobId)).toMatchObject({
      status: 'failed',
      error: FAILURE_MESSAGES.generic,
    });
    expect(error.message).toContain(objectKeys.scriptPart(job.userId, job.jobId, 0));
  });
});

describe('WriteChapter with a missing outline', () => {
  it('fails with ObjectNotFoundError naming the outline and stores no part', async () => {
    const job = await createdJob();
    const error = await rejectionOf(
      createWriteChapterStep(deps())({ userId: job.userId, jobId: job.jobId, part: 0 }),
    );

    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect(error).toMatchObject({ key: objectKeys.scriptOutline(job.userId, job.jobId) });
    expect(error.message).toContain(`the outline of job ${job.jobId} is missing`);
    expect(await exists(objectKeys.scriptPart(job.userId, job.jobId, 0))).toBe(false);
  });
});

describe('Assemble with a missing object', () => {
  it('fails with ObjectNotFoundError naming the script when the script artifact is missing', async () => {
    const job = await createdJob({ minutes: 2 });
    await jobs.setStatus(job.userId, job.jobId, 'synthesizing', { totalChunks: 1 });

    const error = await rejectionOf(
      createAssembleStep({ jobs, store })({
        userId: job.userId,
        jobId: job.jobId,
        synthesized: [{ index: 0, key: objectKeys.chunk(job.userId, job.jobId, 0) }],
      }),
    );

    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect(error.message).toContain(`the script of job ${job.jobId} is missing`);
  });

  it('fails with ObjectNotFoundError naming the chunk when a synthesized chunk is missing, and writes no episode', async () => {
    const job = await createdJob({ minutes: 2 });
    const ref = { userId: job.userId, jobId: job.jobId };
    const { totalChunks } = await createWriteScriptStep(deps())(ref);
    const synthesized = Array.from({ length: totalChunks }, (_, index) => ({
      index,
      key: objectKeys.chunk(job.userId, job.jobId, index),
    }));

    const error = await rejectionOf(createAssembleStep({ jobs, store })({ ...ref, synthesized }));

    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect(error.message).toMatch(new RegExp(`^chunk \\d+ of job ${job.jobId} is missing`));
    expect(await exists(objectKeys.episodeAudio(job.userId, job.jobId))).toBe(false);
  });
});

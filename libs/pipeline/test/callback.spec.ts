import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { QuotaLedger, quotaCost, weeklyLimitFor } from '@lumcast/quota';
import { SeriesMemory } from '@lumcast/script-generation';
import { JobsTable } from '../src/jobs/jobs-table';
import { UserPlans } from '../src/jobs/user-plans';
import { objectKeys } from '../src/ports/object-store';
import { createCallbackStep } from '../src/steps/callback';
import { JobStateError } from '../src/steps/step-errors';
import type { AssembledEpisode } from '../src/steps/step-inputs';
import { MemoryObjectStore, queuedJob, startTestDynamo, TABLES, type TestDynamo } from './support';

let dynamo: TestDynamo;
let jobs: JobsTable;
let ledger: QuotaLedger;
let store: MemoryObjectStore;
let callback: ReturnType<typeof createCallbackStep>;
const limit = weeklyLimitFor(undefined);

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs });
  ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users });
  store = new MemoryObjectStore();
  callback = createCallbackStep({
    jobs,
    ledger,
    plans: new UserPlans({ client: dynamo.client, tableName: TABLES.users }),
    store,
    seriesMemory: new SeriesMemory({ client: dynamo.client, tableName: TABLES.series }),
  });
});
afterAll(() => dynamo.close());

/** A job at the assembling stage with its episode files in the store. */
async function assembledJob(userId: string, durationSeconds = 125) {
  const job = queuedJob({ userId, quality: 'neural' });
  await jobs.create(job);
  await jobs.setStatus(userId, job.jobId, 'assembling', { totalChunks: 2 });
  const audio: AssembledEpisode = {
    audioKey: objectKeys.episodeAudio(userId, job.jobId),
    captionsKey: objectKeys.episodeCaptions(userId, job.jobId),
    durationSeconds,
    chapters: [{ title: 'Opening', startSeconds: 0, endSeconds: durationSeconds }],
  };
  await store.put(audio.audioKey, new Uint8Array([0xff, 0xfb, 0x90, 0x00]), 'audio/mpeg');
  await store.put(audio.captionsKey, 'WEBVTT\n', 'text/vtt');
  return { job, audio };
}

const usedBy = async (userId: string) => (await ledger.usage({ userId, weeklyLimit: limit })).used;

describe('createCallbackStep on success', () => {
  it('charges the cost of the measured duration and marks the job ready with its episode fields', async () => {
    const { job, audio } = await assembledJob('alice', 125);
    const expected = quotaCost('neural', 125);
    expect(expected).toBe(6);
    expect(
      await callback({ userId: 'alice', jobId: job.jobId, outcome: 'succeeded', audio }),
    ).toEqual({
      status: 'ready',
      cost: expected,
    });
    expect(await usedBy('alice')).toBe(expected);
    expect(await jobs.get('alice', job.jobId)).toMatchObject({
      status: 'ready',
      cost: expected,
      durationSeconds: 125,
      audioKey: audio.audioKey,
      captionsKey: audio.captionsKey,
      chapters: audio.chapters,
    });
    expect(store.objects.has(audio.audioKey)).toBe(true);
  });

  it('charges a retried success once, whether the retry comes after it or alongside it', async () => {
    const { job, audio } = await assembledJob('bob', 61);
    const input = { userId: 'bob', jobId: job.jobId, outcome: 'succeeded' as const, audio };
    await Promise.all([callback(input), callback(input)]);
    await callback(input);
    expect(await usedBy('bob')).toBe(quotaCost('neural', 61));
    expect((await jobs.get('bob', job.jobId))?.status).toBe('ready');
  });

  it('does not charge again when a first attempt charged but died before marking the job', async () => {
    const { job, audio } = await assembledJob('carol', 30);
    const cost = quotaCost('neural', 30);
    await ledger.deduct({ userId: 'carol', jobId: job.jobId, cost, weeklyLimit: limit });
    const result = await callback({
      userId: 'carol',
      jobId: job.jobId,
      outcome: 'succeeded',
      audio,
    });
    expect(result).toEqual({ status: 'ready', cost });
    expect(await usedBy('carol')).toBe(cost);
  });

  it('on over_limit deletes the audio and captions, marks quota_exceeded with a message, and charges nothing', async () => {
    await ledger.deduct({ userId: 'dan', jobId: 'j-other', cost: limit - 2, weeklyLimit: limit });
    const { job, audio } = await assembledJob('dan', 125);
    const result = await callback({ userId: 'dan', jobId: job.jobId, outcome: 'succeeded', audio });
    expect(result).toEqual({ status: 'quota_exceeded' });
    expect(store.objects.has(audio.audioKey)).toBe(false);
    expect(store.objects.has(audio.captionsKey)).toBe(false);
    expect(await usedBy('dan')).toBe(limit - 2);
    const stored = await jobs.get('dan', job.jobId);
    expect(stored?.status).toBe('quota_exceeded');
    expect(stored?.cost).toBeUndefined();
    expect(stored?.error).toContain(`would cost 6 slots but only 2 of ${limit} remain`);
  });
});

describe('createCallbackStep with series memory', () => {
  it('remembers a ready episode of a series for the next one', async () => {
    const { job, audio } = await assembledJob('hana', 60);
    await dynamo.client.send(
      new UpdateItemCommand({
        TableName: TABLES.jobs,
        Key: { userId: { S: 'hana' }, jobId: { S: job.jobId } },
        UpdateExpression: 'SET seriesId = :series',
        ExpressionAttributeValues: { ':series': { S: 'Tides' } },
      }),
    );
    const script = {
      title: 'Moon pull',
      summary: 'Why tides happen.',
      keyPoints: ['The Moon pulls the sea.'],
    };
    await store.put(
      objectKeys.script('hana', job.jobId),
      JSON.stringify({ script, plan: [] }),
      'application/json',
    );
    const result = await callback({
      userId: 'hana',
      jobId: job.jobId,
      outcome: 'succeeded',
      audio,
    });
    expect(result.status).toBe('ready');
    const memory = new SeriesMemory({ client: dynamo.client, tableName: TABLES.series });
    const recalled = await memory.recall({ userId: 'hana', seriesId: 'Tides' });
    expect(recalled.previousEpisodes.map((episode) => episode.title)).toEqual(['Moon pull']);
  });

  it('keeps a charged episode ready when series memory fails, and says so in the log', async () => {
    const { job, audio } = await assembledJob('ida', 60);
    await dynamo.client.send(
      new UpdateItemCommand({
        TableName: TABLES.jobs,
        Key: { userId: { S: 'ida' }, jobId: { S: job.jobId } },
        UpdateExpression: 'SET seriesId = :series',
        ExpressionAttributeValues: { ':series': { S: 'Tides' } },
      }),
    );
    // No script object in the store: remembering the episode fails.
    const warnings: unknown[] = [];
    const withLogger = createCallbackStep({
      jobs,
      ledger,
      plans: new UserPlans({ client: dynamo.client, tableName: TABLES.users }),
      store,
      seriesMemory: new SeriesMemory({ client: dynamo.client, tableName: TABLES.series }),
      logger: { warn: (...args: unknown[]) => warnings.push(args) },
    });
    const result = await withLogger({
      userId: 'ida',
      jobId: job.jobId,
      outcome: 'succeeded',
      audio,
    });
    expect(result.status).toBe('ready');
    expect((await jobs.get('ida', job.jobId))?.status).toBe('ready');
    expect(await usedBy('ida')).toBe(quotaCost('neural', 60));
    expect(warnings).toHaveLength(1);
  });
});

describe('createCallbackStep on failure', () => {
  it('marks the job failed with the caught error’s message and charges nothing', async () => {
    const { job } = await assembledJob('erin');
    const result = await callback({
      userId: 'erin',
      jobId: job.jobId,
      outcome: 'failed',
      error: {
        Error: 'SpeechThrottledError',
        Cause: JSON.stringify({ errorType: 'SpeechThrottledError', errorMessage: 'Polly said no' }),
      },
    });
    expect(result).toEqual({ status: 'failed' });
    expect(await usedBy('erin')).toBe(0);
    const stored = await jobs.get('erin', job.jobId);
    expect(stored?.status).toBe('failed');
    expect(stored?.error).toBe('SpeechThrottledError: Polly said no');
  });

  it('finishes a job as ready, not failed, when a success callback had already charged it', async () => {
    const { job, audio } = await assembledJob('jon', 90);
    const cost = quotaCost('neural', 90);
    await ledger.deduct({ userId: 'jon', jobId: job.jobId, cost, weeklyLimit: limit });
    const result = await callback({
      userId: 'jon',
      jobId: job.jobId,
      outcome: 'failed',
      error: { Error: 'States.TaskFailed', Cause: 'the ready status could not be written' },
      state: { userId: 'jon', jobId: job.jobId, audio },
    });
    expect(result).toEqual({ status: 'ready', cost });
    expect(await usedBy('jon')).toBe(cost);
    expect(await jobs.get('jon', job.jobId)).toMatchObject({
      status: 'ready',
      cost,
      audioKey: audio.audioKey,
    });
  });

  it('marks a job failed when assembly had succeeded but nothing was charged', async () => {
    const { job, audio } = await assembledJob('kim', 90);
    const result = await callback({
      userId: 'kim',
      jobId: job.jobId,
      outcome: 'failed',
      error: { Error: 'States.Timeout' },
      state: { audio },
    });
    expect(result.status).toBe('failed');
    expect(await usedBy('kim')).toBe(0);
  });

  it('gives a generic message when the state machine passed no error', async () => {
    const { job } = await assembledJob('erin');
    await callback({ userId: 'erin', jobId: job.jobId, outcome: 'failed' });
    expect((await jobs.get('erin', job.jobId))?.error).toBe('The episode could not be produced.');
  });
});

describe('createCallbackStep on a final job', () => {
  it('leaves a ready job ready when a late failure arrives, and charges nothing more', async () => {
    const { job, audio } = await assembledJob('fay', 60);
    await callback({ userId: 'fay', jobId: job.jobId, outcome: 'succeeded', audio });
    const result = await callback({ userId: 'fay', jobId: job.jobId, outcome: 'failed' });
    expect(result).toEqual({ status: 'ready', cost: quotaCost('neural', 60) });
    expect((await jobs.get('fay', job.jobId))?.status).toBe('ready');
    expect(await usedBy('fay')).toBe(quotaCost('neural', 60));
  });

  it('leaves a failed job failed when a late success arrives, and charges nothing', async () => {
    const { job, audio } = await assembledJob('gus', 60);
    await jobs.setStatus('gus', job.jobId, 'failed', { error: 'stopped' });
    const result = await callback({ userId: 'gus', jobId: job.jobId, outcome: 'succeeded', audio });
    expect(result).toEqual({ status: 'failed', cost: undefined });
    expect(await usedBy('gus')).toBe(0);
    expect(store.objects.has(audio.audioKey)).toBe(true);
  });

  it('throws JobStateError for a job that does not exist, charging nothing', async () => {
    await expect(
      callback({ userId: 'hal', jobId: 'j-missing', outcome: 'failed' }),
    ).rejects.toBeInstanceOf(JobStateError);
    expect(await usedBy('hal')).toBe(0);
  });
});

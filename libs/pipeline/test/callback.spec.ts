import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { QuotaLedger, quotaCost, weeklyLimitFor } from '@lumcast/quota';
import { SeriesMemory } from '../src/series/series-memory';
import { JobsTable } from '../src/jobs/jobs-table';
import { objectKeys } from '../src/ports/object-store';
import { buildCallbackHandler } from '../src/composition/handler-builders';
import { createCallbackStep } from '../src/steps/callback';
import { FAILURE_MESSAGES } from '../src/steps/failure-message';
import { JobStateError, StepInputError } from '../src/errors';
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
    store,
    seriesMemory: new SeriesMemory({ client: dynamo.client, tableName: TABLES.series }),
  });
});
afterAll(() => dynamo.close());

/**
 * A job at the assembling stage with its episode files in the store, reserved as the API
 * reserves it: its quote (by default the cost of the measured duration) held in the ledger.
 */
async function assembledJob(
  userId: string,
  durationSeconds = 125,
  estimatedCost = quotaCost('neural', durationSeconds),
) {
  const job = queuedJob({ userId, quality: 'neural', estimatedCost });
  await ledger.reserve({
    userId,
    jobId: job.jobId,
    cost: estimatedCost,
    weeklyLimit: limit,
    maxInFlight: 100,
    reservationsPerMinute: 100,
  });
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
const heldFor = async (userId: string) => {
  const { reserved, inFlight } = await ledger.usage({ userId, weeklyLimit: limit });
  return { reserved, inFlight };
};

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
    expect(await heldFor('alice')).toEqual({ reserved: 0, inFlight: 0 });
    expect(await jobs.get('alice', job.jobId)).toMatchObject({
      status: 'ready',
      cost: expected,
      measuredCost: expected,
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
    await ledger.settle({ userId: 'carol', jobId: job.jobId, cost, weeklyLimit: limit });
    const result = await callback({
      userId: 'carol',
      jobId: job.jobId,
      outcome: 'succeeded',
      audio,
    });
    expect(result).toEqual({ status: 'ready', cost });
    expect(await usedBy('carol')).toBe(cost);
  });

  it('charges the quote, not more, for an episode that came out longer than quoted, and records both', async () => {
    // A 2-minute neural episode quoted 4 slots that came out at 2:01 (3 started minutes: 6 slots).
    const { job, audio } = await assembledJob('quin', 121, 4);
    const result = await callback({
      userId: 'quin',
      jobId: job.jobId,
      outcome: 'succeeded',
      audio,
    });
    expect(result).toEqual({ status: 'ready', cost: 4 });
    expect(await usedBy('quin')).toBe(4);
    expect(await jobs.get('quin', job.jobId)).toMatchObject({
      status: 'ready',
      estimatedCost: 4,
      measuredCost: 6,
      cost: 4,
    });
  });

  it('charges the measured cost for an episode that came out shorter than quoted, and frees the rest', async () => {
    const { job, audio } = await assembledJob('rob', 58, 4);
    expect(
      await callback({ userId: 'rob', jobId: job.jobId, outcome: 'succeeded', audio }),
    ).toEqual({ status: 'ready', cost: 2 });
    expect(await usedBy('rob')).toBe(2);
    expect(await heldFor('rob')).toEqual({ reserved: 0, inFlight: 0 });
  });

  it('on over_limit (the hold’s week ended and the new week is full) deletes the audio and captions, marks quota_exceeded and charges nothing', async () => {
    const lastWeek = new QuotaLedger({
      client: dynamo.client,
      tableName: TABLES.users,
      now: () => new Date(Date.now() - 7 * 24 * 3600 * 1000),
    });
    const job = queuedJob({ userId: 'dan', quality: 'neural', estimatedCost: 6 });
    await lastWeek.reserve({ userId: 'dan', jobId: job.jobId, cost: 6, weeklyLimit: limit });
    await jobs.create(job);
    const audio: AssembledEpisode = {
      audioKey: objectKeys.episodeAudio('dan', job.jobId),
      captionsKey: objectKeys.episodeCaptions('dan', job.jobId),
      durationSeconds: 125,
      chapters: [{ title: 'Opening', startSeconds: 0, endSeconds: 125 }],
    };
    await store.put(audio.audioKey, new Uint8Array([0xff, 0xfb, 0x90, 0x00]), 'audio/mpeg');
    await store.put(audio.captionsKey, 'WEBVTT\n', 'text/vtt');
    await ledger.settle({ userId: 'dan', jobId: 'j-other', cost: limit - 2, weeklyLimit: limit });
    const result = await callback({ userId: 'dan', jobId: job.jobId, outcome: 'succeeded', audio });
    expect(result).toEqual({ status: 'quota_exceeded' });
    expect(store.objects.has(audio.audioKey)).toBe(false);
    expect(store.objects.has(audio.captionsKey)).toBe(false);
    expect(await usedBy('dan')).toBe(limit - 2);
    expect(await heldFor('dan')).toEqual({ reserved: 0, inFlight: 0 });
    const stored = await jobs.get('dan', job.jobId);
    expect(stored?.status).toBe('quota_exceeded');
    expect(stored?.cost).toBeUndefined();
    expect(stored?.error).toContain(`has only 2 of ${limit} slots left`);
  });

  it('marks a job failed, not ready, when a failure report released it before its success arrived', async () => {
    const { job, audio } = await assembledJob('sid', 60);
    await ledger.release({ userId: 'sid', jobId: job.jobId });
    const result = await callback({ userId: 'sid', jobId: job.jobId, outcome: 'succeeded', audio });
    expect(result).toEqual({ status: 'failed' });
    expect(await usedBy('sid')).toBe(0);
    expect((await jobs.get('sid', job.jobId))?.status).toBe('failed');
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
  it('marks the job failed with the stable sentence of its failure kind, not the error’s own text, and charges nothing', async () => {
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
    expect(await heldFor('erin')).toEqual({ reserved: 0, inFlight: 0 });
    const stored = await jobs.get('erin', job.jobId);
    expect(stored?.status).toBe('failed');
    expect(stored?.error).toBe(FAILURE_MESSAGES.speech_throttled);
    expect(stored?.error).not.toContain('Polly said no');
  });

  it('finishes a job as ready, not failed, when a success callback had already charged it', async () => {
    const { job, audio } = await assembledJob('jon', 90);
    const cost = quotaCost('neural', 90);
    await ledger.settle({ userId: 'jon', jobId: job.jobId, cost, weeklyLimit: limit });
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

  it('gives the generic sentence when the state machine passed no error', async () => {
    const { job } = await assembledJob('erin');
    await callback({ userId: 'erin', jobId: job.jobId, outcome: 'failed' });
    expect((await jobs.get('erin', job.jobId))?.error).toBe(FAILURE_MESSAGES.generic);
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

describe('the callback handler on an execution-status event', () => {
  const handler = () =>
    buildCallbackHandler({
      jobs,
      ledger,
      store,
      seriesMemory: new SeriesMemory({ client: dynamo.client, tableName: TABLES.series }),
    });

  function statusEvent(
    status: string,
    input: unknown,
    extra: Record<string, unknown> = {},
  ): Record<string, unknown> {
    return {
      version: '0',
      id: 'e-1',
      source: 'aws.states',
      'detail-type': 'Step Functions Execution Status Change',
      account: '123456789012',
      region: 'eu-west-1',
      time: '2026-12-03T08:00:00Z',
      resources: ['arn:aws:states:eu-west-1:123456789012:execution:Podcast:x'],
      detail: {
        executionArn: 'arn:aws:states:eu-west-1:123456789012:execution:Podcast:x',
        stateMachineArn: 'arn:aws:states:eu-west-1:123456789012:stateMachine:Podcast',
        status,
        input: typeof input === 'string' ? input : JSON.stringify(input),
        output: null,
        error: null,
        cause: null,
        ...extra,
      },
    };
  }

  it('marks the job of an aborted execution failed and charges nothing', async () => {
    const job = queuedJob({ userId: 'abe', quality: 'neural' });
    await jobs.create(job);
    await jobs.setStatus('abe', job.jobId, 'synthesizing', { totalChunks: 3 });
    const result = await handler()(statusEvent('ABORTED', { userId: 'abe', jobId: job.jobId }));
    expect(result).toEqual({ status: 'failed' });
    const stored = await jobs.get('abe', job.jobId);
    expect(stored?.status).toBe('failed');
    expect(stored?.error).toBe(FAILURE_MESSAGES.aborted);
    expect(stored?.error).not.toContain('arn:aws');
    expect(await ledger.wasCharged({ userId: 'abe', jobId: job.jobId })).toBe(false);
    expect(await usedBy('abe')).toBe(0);
  });

  it('marks the job of a timed-out execution failed with the timeout sentence, not the event’s own cause', async () => {
    const job = queuedJob({ userId: 'tim' });
    await jobs.create(job);
    const event = statusEvent(
      'TIMED_OUT',
      { userId: 'tim', jobId: job.jobId },
      { error: 'States.Timeout', cause: 'The execution timed out' },
    );
    expect(await handler()(event)).toEqual({ status: 'failed' });
    expect((await jobs.get('tim', job.jobId))?.error).toBe(FAILURE_MESSAGES.timed_out);
  });

  it('finishes a charged job that never became ready as ready, from the episode Assemble recorded', async () => {
    const { job, audio } = await assembledJob('ria', 125);
    expect(await jobs.recordAssembled('ria', job.jobId, audio)).toBe(true);
    const cost = quotaCost('neural', 125);
    await ledger.settle({ userId: 'ria', jobId: job.jobId, cost, weeklyLimit: limit });
    const result = await handler()(statusEvent('FAILED', { userId: 'ria', jobId: job.jobId }));
    expect(result).toEqual({ status: 'ready', cost });
    expect(await jobs.get('ria', job.jobId)).toEqual(
      expect.objectContaining({
        status: 'ready',
        cost,
        durationSeconds: 125,
        audioKey: audio.audioKey,
        captionsKey: audio.captionsKey,
        chapters: audio.chapters,
      }),
    );
    expect(await usedBy('ria')).toBe(cost);
  });

  it('marks an assembled but uncharged job failed, and charges nothing', async () => {
    const { job, audio } = await assembledJob('una', 60);
    await jobs.recordAssembled('una', job.jobId, audio);
    expect(await handler()(statusEvent('FAILED', { userId: 'una', jobId: job.jobId }))).toEqual({
      status: 'failed',
    });
    expect(await usedBy('una')).toBe(0);
  });

  it('changes nothing when the same event is delivered again, or after ReportFailure finished the job', async () => {
    const { job, audio } = await assembledJob('red', 125);
    await jobs.recordAssembled('red', job.jobId, audio);
    const cost = quotaCost('neural', 125);
    await ledger.settle({ userId: 'red', jobId: job.jobId, cost, weeklyLimit: limit });
    const event = statusEvent('FAILED', { userId: 'red', jobId: job.jobId });
    await callback({ userId: 'red', jobId: job.jobId, outcome: 'failed' });
    const first = await jobs.get('red', job.jobId);
    expect(first?.status).toBe('ready');
    expect(await handler()(event)).toEqual({ status: 'ready', cost });
    expect(await handler()(event)).toEqual({ status: 'ready', cost });
    expect(await jobs.get('red', job.jobId)).toEqual(first);
    expect(await usedBy('red')).toBe(cost);
  });

  it('handles two deliveries of one event at once as one', async () => {
    const job = queuedJob({ userId: 'two' });
    await jobs.create(job);
    const event = statusEvent('ABORTED', { userId: 'two', jobId: job.jobId });
    const results = await Promise.all([handler()(event), handler()(event)]);
    expect(results.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect((await jobs.get('two', job.jobId))?.status).toBe('failed');
    expect(await usedBy('two')).toBe(0);
  });

  it.each([
    ['a status the rule does not forward', statusEvent('SUCCEEDED', { userId: 'u', jobId: 'j' })],
    ['an input that is not JSON', statusEvent('FAILED', '{not json')],
    ['an input without a job', statusEvent('FAILED', { userId: 'u' })],
    [
      'an event of another source',
      { ...statusEvent('FAILED', { userId: 'u', jobId: 'j' }), source: 'aws.s3' },
    ],
    ['no event at all', null],
  ])('rejects %s with a StepInputError', async (_, event) => {
    await expect(handler()(event)).rejects.toThrow(StepInputError);
  });
});

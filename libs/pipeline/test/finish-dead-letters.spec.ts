import { QuotaLedger, weeklyLimitFor } from '@lumcast/quota';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import type { JobStatus } from '../src/jobs/job';
import { JobsTable } from '../src/jobs/jobs-table';
import { createLogger } from '../src/logging/logger';
import { FAILURE_MESSAGES } from '../src/steps/failure-message';
import { createDeadLetterConsumer } from '../src/steps/finish-dead-letters';
import { queuedJob, sqsRecord, startTestDynamo, TABLES, type TestDynamo } from './support';

const limit = weeklyLimitFor(undefined);
const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const message = (userId: string, jobId: string) => JSON.stringify({ userId, jobId });
const failedIds = (result: { batchItemFailures: { itemIdentifier: string }[] }) =>
  result.batchItemFailures.map((failure) => failure.itemIdentifier).sort();

let dynamo: TestDynamo;
let jobs: JobsTable;
let ledger: QuotaLedger;
let finishDeadLetters: ReturnType<typeof createDeadLetterConsumer>;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs });
  ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users });
  finishDeadLetters = createDeadLetterConsumer({
    jobs,
    ledger,
    logger: createLogger('dead-letters-test'),
  });
});
afterAll(() => dynamo.close());

/** A job as the API leaves it: its quote held in the ledger, then recorded `queued` (optionally moved on). */
async function heldJob(userId: string, status: JobStatus = 'queued') {
  const job = queuedJob({ userId, estimatedCost: 4 });
  await ledger.reserve({
    userId,
    jobId: job.jobId,
    cost: job.estimatedCost,
    weeklyLimit: limit,
    maxInFlight: 3,
    reservationsPerMinute: 100,
  });
  await jobs.create(job);
  if (status !== 'queued') await jobs.setStatus(userId, job.jobId, status);
  return job;
}

async function quotaOf(userId: string) {
  const { used, reserved, inFlight } = await ledger.usage({ userId, weeklyLimit: limit });
  return { used, reserved, inFlight };
}

describe('createDeadLetterConsumer', () => {
  it('ends a queued job failed with the not-started sentence, releases its hold and charges nothing', async () => {
    const job = await heldJob('dl-alice');
    expect(await quotaOf('dl-alice')).toEqual({ used: 0, reserved: 4, inFlight: 1 });

    const result = await finishDeadLetters(batch(sqsRecord('m-1', message('dl-alice', job.jobId))));

    expect(result.batchItemFailures).toEqual([]);
    const after = await jobs.get('dl-alice', job.jobId);
    expect(after?.status).toBe('failed');
    expect(after?.error).toBe(FAILURE_MESSAGES.not_started);
    expect(after?.cost).toBeUndefined();
    expect(await quotaOf('dl-alice')).toEqual({ used: 0, reserved: 0, inFlight: 0 });
    expect(await ledger.wasCharged({ userId: 'dl-alice', jobId: job.jobId })).toBe(false);
  });

  it('changes nothing when the same message is delivered again', async () => {
    const job = await heldJob('dl-bob');
    const event = batch(sqsRecord('m-1', message('dl-bob', job.jobId)));
    await finishDeadLetters(event);
    const first = await jobs.get('dl-bob', job.jobId);

    const again = await finishDeadLetters(event);

    expect(again.batchItemFailures).toEqual([]);
    expect(await jobs.get('dl-bob', job.jobId)).toEqual(first);
    expect(await quotaOf('dl-bob')).toEqual({ used: 0, reserved: 0, inFlight: 0 });
  });

  it('releases a job once when two copies of its message are handled at the same time', async () => {
    const job = await heldJob('dl-carol');
    const other = await heldJob('dl-carol');
    const event = batch(sqsRecord('m-1', message('dl-carol', job.jobId)));

    const results = await Promise.all([finishDeadLetters(event), finishDeadLetters(event)]);

    expect(results.map((result) => result.batchItemFailures)).toEqual([[], []]);
    expect((await jobs.get('dl-carol', job.jobId))?.status).toBe('failed');
    // The other job's hold is untouched: one release, not two.
    expect(await quotaOf('dl-carol')).toEqual({ used: 0, reserved: 4, inFlight: 1 });
    expect((await jobs.get('dl-carol', other.jobId))?.status).toBe('queued');
  });

  it('finishes a job whose hold was released but whose status was never written (a crash between the two)', async () => {
    const job = await heldJob('dl-dave');
    await ledger.release({ userId: 'dl-dave', jobId: job.jobId, heldCost: job.estimatedCost });

    const result = await finishDeadLetters(batch(sqsRecord('m-1', message('dl-dave', job.jobId))));

    expect(result.batchItemFailures).toEqual([]);
    expect((await jobs.get('dl-dave', job.jobId))?.status).toBe('failed');
    expect(await quotaOf('dl-dave')).toEqual({ used: 0, reserved: 0, inFlight: 0 });
  });

  it.each([['writing_script'], ['synthesizing'], ['ready'], ['failed']] as const)(
    'leaves a job that is already %s alone: the message is done, the job and its hold unchanged',
    async (status) => {
      const user = `dl-${status}`;
      const job = await heldJob(user, status);
      const before = await jobs.get(user, job.jobId);
      const quota = await quotaOf(user);

      const result = await finishDeadLetters(batch(sqsRecord('m-1', message(user, job.jobId))));

      expect(result.batchItemFailures).toEqual([]);
      expect(await jobs.get(user, job.jobId)).toEqual(before);
      expect(await quotaOf(user)).toEqual(quota);
    },
  );

  it('never ends a charged job failed, even one still recorded queued', async () => {
    const job = await heldJob('dl-erin');
    await ledger.settle({ userId: 'dl-erin', jobId: job.jobId, cost: 2, quotedCost: 4 });

    const result = await finishDeadLetters(batch(sqsRecord('m-1', message('dl-erin', job.jobId))));

    expect(result.batchItemFailures).toEqual([]);
    expect((await jobs.get('dl-erin', job.jobId))?.status).toBe('queued');
    expect(await quotaOf('dl-erin')).toEqual({ used: 2, reserved: 0, inFlight: 0 });
  });

  it('keeps in the queue exactly the messages that name no readable job, and finishes the rest of the batch', async () => {
    const job = await heldJob('dl-frank');

    const result = await finishDeadLetters(
      batch(
        sqsRecord('m-not-json', '{"userId": "dl-frank", '),
        sqsRecord('m-wrong-shape', JSON.stringify({ userId: 'dl-frank' })),
        sqsRecord('m-missing-job', message('dl-frank', 'j-does-not-exist')),
        sqsRecord('m-good', message('dl-frank', job.jobId)),
      ),
    );

    expect(failedIds(result)).toEqual(['m-missing-job', 'm-not-json', 'm-wrong-shape']);
    expect((await jobs.get('dl-frank', job.jobId))?.status).toBe('failed');
    expect(await quotaOf('dl-frank')).toEqual({ used: 0, reserved: 0, inFlight: 0 });
  });

  it('keeps a message whose job cannot be read at all, so it is tried again later', async () => {
    const job = await heldJob('dl-gina');
    const unreachable = createDeadLetterConsumer({
      jobs: new JobsTable({ client: dynamo.client, tableName: 'no-such-table' }),
      ledger,
      logger: createLogger('dead-letters-test'),
    });

    const result = await unreachable(batch(sqsRecord('m-1', message('dl-gina', job.jobId))));

    expect(failedIds(result)).toEqual(['m-1']);
    expect((await jobs.get('dl-gina', job.jobId))?.status).toBe('queued');
    expect(await quotaOf('dl-gina')).toEqual({ used: 0, reserved: 4, inFlight: 1 });
  });
});

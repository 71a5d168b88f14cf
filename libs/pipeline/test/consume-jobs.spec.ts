import { QuotaLedger, weeklyLimitFor } from '@lumcast/quota';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { JobsTable } from '../src/jobs/jobs-table';
import { createLogger } from '../src/logging/logger';
import type { EpisodeExecutionInput, ExecutionStarter } from '../src/ports/execution-starter';
import { createJobConsumer } from '../src/steps/consume-jobs';
import { queuedJob, sqsRecord, startTestDynamo, TABLES, type TestDynamo } from './support';

/** Records every start; answers with `answer(input)` (default: started). */
class RecordingStarter implements ExecutionStarter {
  readonly started: EpisodeExecutionInput[] = [];

  constructor(
    private readonly answer: (input: EpisodeExecutionInput) => 'started' | 'already_started' = () =>
      'started',
  ) {}

  async start(input: EpisodeExecutionInput): Promise<'started' | 'already_started'> {
    const outcome = this.answer(input);
    this.started.push(input);
    return outcome;
  }
}

const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const message = (userId: string, jobId: string) => JSON.stringify({ userId, jobId });

let dynamo: TestDynamo;
let jobs: JobsTable;
let ledger: QuotaLedger;

function consumerWith(starter: ExecutionStarter) {
  return createJobConsumer({
    jobs,
    starter,
    logger: createLogger('sqs-consumer-test'),
  });
}

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs });
  ledger = new QuotaLedger({ client: dynamo.client, tableName: TABLES.users });
});
afterAll(() => dynamo.close());

describe('createJobConsumer', () => {
  it('starts the good message and reports exactly the non-JSON, wrong-shape and missing-job messages', async () => {
    const good = queuedJob();
    await jobs.create(good);
    const starter = new RecordingStarter();
    const result = await consumerWith(starter)(
      batch(
        sqsRecord('m-good', message(good.userId, good.jobId)),
        sqsRecord('m-not-json', '{"userId": "alice", '),
        sqsRecord(
          'm-wrong-shape',
          JSON.stringify({ userId: 'alice', jobId: good.jobId, extra: 1 }),
        ),
        sqsRecord('m-missing-job', message('alice', 'j-does-not-exist')),
      ),
    );
    expect(result.batchItemFailures.map((failure) => failure.itemIdentifier).sort()).toEqual(
      ['m-missing-job', 'm-not-json', 'm-wrong-shape'].sort(),
    );
    expect(starter.started).toEqual([{ userId: good.userId, jobId: good.jobId }]);
  });

  it('reports a body that is JSON but not an object, such as a bare string', async () => {
    const starter = new RecordingStarter();
    const result = await consumerWith(starter)(batch(sqsRecord('m-string', '"alice"')));
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm-string' }]);
    expect(starter.started).toEqual([]);
  });

  it.each([['writing_script'], ['synthesizing'], ['ready'], ['failed']] as const)(
    'skips a job already %s without starting it and without failing the message',
    async (status) => {
      const job = queuedJob();
      await jobs.create(job);
      await jobs.setStatus(job.userId, job.jobId, status);
      const starter = new RecordingStarter();
      const result = await consumerWith(starter)(
        batch(sqsRecord('m-1', message(job.userId, job.jobId))),
      );
      expect(result.batchItemFailures).toEqual([]);
      expect(starter.started).toEqual([]);
      expect((await jobs.get(job.userId, job.jobId))?.status).toBe(status);
    },
  );

  it('starts a queued job without a quota check, since the API reserved its cost before queueing it', async () => {
    const limit = weeklyLimitFor(undefined);
    // The week is full of charges, and this job's own hold is part of them.
    await ledger.settle({ userId: 'erin', jobId: 'j-earlier', cost: limit, weeklyLimit: limit });
    const job = queuedJob({ userId: 'erin', estimatedCost: 60 });
    await jobs.create(job);
    const starter = new RecordingStarter();
    const result = await consumerWith(starter)(batch(sqsRecord('m-1', message('erin', job.jobId))));
    expect(result.batchItemFailures).toEqual([]);
    expect(starter.started).toEqual([{ userId: 'erin', jobId: job.jobId }]);
    expect((await jobs.get('erin', job.jobId))?.status).toBe('queued');
  });

  it('treats a starter that answers already_started as handled', async () => {
    const job = queuedJob();
    await jobs.create(job);
    const starter = new RecordingStarter(() => 'already_started');
    const result = await consumerWith(starter)(
      batch(sqsRecord('m-again', message(job.userId, job.jobId))),
    );
    expect(result.batchItemFailures).toEqual([]);
    expect(starter.started).toHaveLength(1);
  });

  it('fails only the message whose start throws; the rest of the batch still starts', async () => {
    const first = queuedJob();
    const broken = queuedJob();
    const last = queuedJob();
    for (const job of [first, broken, last]) await jobs.create(job);
    const starter = new RecordingStarter((input) => {
      if (input.jobId === broken.jobId) throw new Error('Step Functions is unavailable');
      return 'started';
    });
    const result = await consumerWith(starter)(
      batch(
        sqsRecord('m-first', message(first.userId, first.jobId)),
        sqsRecord('m-broken', message(broken.userId, broken.jobId)),
        sqsRecord('m-last', message(last.userId, last.jobId)),
      ),
    );
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm-broken' }]);
    expect(starter.started.map((input) => input.jobId)).toEqual([first.jobId, last.jobId]);
    expect((await jobs.get(broken.userId, broken.jobId))?.status).toBe('queued');
  });
});

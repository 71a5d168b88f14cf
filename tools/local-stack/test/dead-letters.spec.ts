/**
 * The dead-letter path on the engine does what the job DLQ's
 * consumer does in AWS: a job whose start kept failing ends `failed`, its hold released and nothing
 * charged; only a message that names no readable job stays in the dead-letter file. Starts are
 * refused in front of the state machine (`beforeStepFunctions`, as the deployed-app run's
 * `StartFaults`), with an error the SDK does not retry; the template's job queue redrives after its
 * `maxReceiveCount` (5), its 180 s visibility timeout shortened (`visibilityTimeoutSeconds`) so
 * that takes seconds.
 */
import { AwsServiceError } from '@lumcast/aws-emulator';
import type { LocalStack } from './engine-test-stack';
import {
  deadLettersIn,
  executionsOf,
  jobQueueOf,
  SPEC_VISIBILITY_TIMEOUT_SECONDS,
} from './engine-job-queue';
import { callApi, makeEpisode, SHORT_SOURCE, startTestStack, temporaryDataDir } from './support';

jest.setTimeout(180_000);

const episode = { topic: 'Tides', sourceText: SHORT_SOURCE, minutes: 1, quality: 'neural' };

/** The user a `StartExecution` request's execution input names. */
function userOf(input: unknown): unknown {
  const executionInput = (input as { input?: unknown } | undefined)?.input;
  return typeof executionInput === 'string'
    ? (JSON.parse(executionInput) as { userId?: unknown }).userId
    : undefined;
}

describe('the local stack’s dead-letter path', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;
  /** Users whose StartExecution is refused, as Step Functions refuses it at its limit. */
  const refused = new Set<unknown>();
  let refusals = 0;

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      speech: 'polly',
      engine: {
        visibilityTimeoutSeconds: SPEC_VISIBILITY_TIMEOUT_SECONDS,
        beforeStepFunctions: (operation, input) => {
          if (operation !== 'StartExecution' || !refused.has(userOf(input))) return;
          refusals += 1;
          throw new AwsServiceError('ExecutionLimitExceeded', 'Execution Limit Exceeded');
        },
      },
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  const quotaOf = async (user: string) => {
    const { used, reserved, inFlight } = (await callApi(stack, 'GET', '/api/quota', { user }))
      .body as { used: number; reserved: number; inFlight: number };
    return { used, reserved, inFlight };
  };
  const deadLetterBodies = () => deadLettersIn(data.dir).map((letter) => letter.body);

  it('ends a job whose start keeps failing failed after its last delivery, its hold released and nothing charged', async () => {
    refused.add('dora');
    const before = await quotaOf('dora');
    const created = await callApi(stack, 'POST', '/api/podcasts', { user: 'dora', body: episode });
    expect(created.status).toBe(202);
    expect(await quotaOf('dora')).toEqual({
      ...before,
      reserved: before.reserved + created.body.estimatedCost,
      inFlight: before.inFlight + 1,
    });

    await stack.idle();

    const job = (
      await callApi(stack, 'GET', `/api/podcasts/${created.body.jobId}`, { user: 'dora' })
    ).body;
    // Every receive the template allows (5) tried the start; no execution ever existed.
    expect(refusals).toBe(jobQueueOf(stack).maxReceiveCount);
    expect(refusals).toBe(5);
    expect(executionsOf(stack, created.body.jobId)).toBe(0);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/could not be started.*nothing was charged/);
    expect(job.cost).toBeUndefined();
    expect(await quotaOf('dora')).toEqual(before);
    expect(deadLetterBodies()).not.toContain(
      JSON.stringify({ userId: 'dora', jobId: created.body.jobId }),
    );
  });

  it('leaves other users’ jobs in the same run unaffected', async () => {
    const job = await makeEpisode(stack, 'ed', episode);
    expect(job.status).toBe('ready');
    expect((await quotaOf('ed')).used).toBe(job.cost);
  });

  it('gives its place back: the same user makes episodes again once starts work', async () => {
    refused.delete('dora');
    const job = await makeEpisode(stack, 'dora', episode);
    expect(job.status).toBe('ready');
    expect(await quotaOf('dora')).toEqual({ used: job.cost, reserved: 0, inFlight: 0 });
  });

  it('keeps only a message naming no job in the dead-letter file; a late copy of a finished job’s message changes nothing', async () => {
    refused.add('fay');
    const created = await callApi(stack, 'POST', '/api/podcasts', { user: 'fay', body: episode });
    await stack.idle();
    const failed = await callApi(stack, 'GET', `/api/podcasts/${created.body.jobId}`, {
      user: 'fay',
    });
    const quota = await quotaOf('fay');

    const queue = jobQueueOf(stack);
    await queue.sendRaw(JSON.stringify({ userId: 'fay', jobId: created.body.jobId }));
    await queue.sendRaw(JSON.stringify({ userId: 'fay', jobId: 'j-does-not-exist' }));
    await stack.idle();

    expect(deadLetterBodies()).toEqual([
      JSON.stringify({ userId: 'fay', jobId: 'j-does-not-exist' }),
    ]);
    expect(
      (await callApi(stack, 'GET', `/api/podcasts/${created.body.jobId}`, { user: 'fay' })).body,
    ).toEqual(failed.body);
    expect(quota).toEqual({ used: 0, reserved: 0, inFlight: 0 });
    expect(await quotaOf('fay')).toEqual(quota);
  });
});

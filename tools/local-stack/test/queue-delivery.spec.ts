/**
 * The job queue's delivery on the engine: the template's queues,
 * redriving after the template's `maxReceiveCount` (5), with the visibility timeout shortened from
 * its 180 s (`visibilityTimeoutSeconds`) so redrives come in seconds. A message delivered again
 * starts no second execution and charges once; messages no consumer can take end in the dead-letter
 * file after the redrive limit, and the run goes on.
 */
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

async function usedSlots(stack: LocalStack, user: string): Promise<number> {
  return (await callApi(stack, 'GET', '/api/quota', { user })).body.used as number;
}

describe('queue delivery', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      speech: 'polly',
      engine: { visibilityTimeoutSeconds: SPEC_VISIBILITY_TIMEOUT_SECONDS },
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('starts one execution for a job whose message is delivered three times, and charges it once', async () => {
    const created = await callApi(stack, 'POST', '/api/podcasts', { user: 'carol', body: episode });
    const message = JSON.stringify({ userId: 'carol', jobId: created.body.jobId });
    const queue = jobQueueOf(stack);
    await queue.sendRaw(message);
    await queue.sendRaw(message);
    await stack.idle();
    const job = (
      await callApi(stack, 'GET', `/api/podcasts/${created.body.jobId}`, { user: 'carol' })
    ).body;
    expect(executionsOf(stack, created.body.jobId)).toBe(1);
    expect(job.status).toBe('ready');
    expect(await usedSlots(stack, 'carol')).toBe(job.cost);
  });

  it('moves a malformed message to the dead-letter file after the redrive limit, without a crash', async () => {
    const queue = jobQueueOf(stack);
    await queue.sendRaw('{not json');
    await queue.sendRaw(JSON.stringify({ userId: 'carol' }));
    await queue.sendRaw(JSON.stringify({ userId: 'carol', jobId: 'j-does-not-exist' }));
    await stack.idle();
    const letters = deadLettersIn(data.dir);
    expect(letters.map((letter) => letter.body).sort()).toEqual(
      [
        '{not json',
        JSON.stringify({ userId: 'carol' }),
        JSON.stringify({ userId: 'carol', jobId: 'j-does-not-exist' }),
      ].sort(),
    );
    // Received the template's 5 times on the job queue, then once by the dead-letter queue's
    // consumer, which left it there (it names no job): the count goes on across the move.
    expect(letters.map((letter) => letter.receiveCount)).toEqual(
      letters.map(() => queue.maxReceiveCount + 1),
    );
    expect(queue.maxReceiveCount).toBe(5);
    const after = await makeEpisode(stack, 'carol', episode);
    expect(after.status).toBe('ready');
  });
});

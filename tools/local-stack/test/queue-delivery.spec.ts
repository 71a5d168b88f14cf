/**
 * The job queue's delivery on the local stack: a message delivered again starts no second
 * execution and charges once; messages no consumer can take end in the dead-letter file after the
 * redrive limit, and the run goes on.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { LocalStack } from '../local-stack';
import {
  callApi,
  makeEpisode,
  SHORT_SOURCE,
  startTestStack,
  temporaryDataDir,
  ToneSynthesizer,
} from './support';

jest.setTimeout(180_000);

const episode = { topic: 'Tides', sourceText: SHORT_SOURCE, minutes: 1, quality: 'neural' };

async function usedSlots(stack: LocalStack, user: string): Promise<number> {
  return (await callApi(stack, 'GET', '/api/quota', { user })).body.used as number;
}

describe('queue delivery', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;
  const executions: string[] = [];

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      services: { synthesizer: () => new ToneSynthesizer() },
      onExecutionEnd: (jobId) => executions.push(jobId),
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('starts one execution for a job whose message is delivered three times, and charges it once', async () => {
    const created = await callApi(stack, 'POST', '/api/podcasts', { user: 'carol', body: episode });
    const message = JSON.stringify({ userId: 'carol', jobId: created.body.jobId });
    stack.queue.sendRaw(message);
    stack.queue.sendRaw(message);
    await stack.idle();
    const job = (
      await callApi(stack, 'GET', `/api/podcasts/${created.body.jobId}`, { user: 'carol' })
    ).body;
    expect(executions.filter((id) => id === created.body.jobId)).toHaveLength(1);
    expect(job.status).toBe('ready');
    expect(await usedSlots(stack, 'carol')).toBe(job.cost);
  });

  it('moves a malformed message to the dead-letter file after the redrive limit, without a crash', async () => {
    stack.queue.sendRaw('{not json');
    stack.queue.sendRaw(JSON.stringify({ userId: 'carol' }));
    stack.queue.sendRaw(JSON.stringify({ userId: 'carol', jobId: 'j-does-not-exist' }));
    await stack.idle();
    const letters = readFileSync(path.join(data.dir, 'dead-letters.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(letters.map((letter) => letter.body)).toEqual([
      '{not json',
      JSON.stringify({ userId: 'carol' }),
      JSON.stringify({ userId: 'carol', jobId: 'j-does-not-exist' }),
    ]);
    expect(letters.every((letter) => letter.receiveCount === 3)).toBe(true);
    const after = await makeEpisode(stack, 'carol', episode);
    expect(after.status).toBe('ready');
  });
});

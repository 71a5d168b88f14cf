import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, describeDenials, untilFinal, type PublicJobView } from './episodes';

let deployed: DeployedApp;

beforeAll(async () => {
  deployed = await startDeployedApp({ timeScale: 0.05 });
}, 180_000);
afterAll(() => deployed?.stop());

/** A final job is either ready and charged its cost, or failed and charged nothing. */
async function expectFinishedHonestly(
  user: string,
  job: PublicJobView,
  usedBefore: number,
): Promise<void> {
  const token = await deployed.token(user);
  const used = (await api(deployed, token, 'GET', '/api/quota')).body.used as number;
  expect(['ready', 'failed']).toContain(job.status);
  if (job.status === 'ready') expect(used - usedBefore).toBe(job.cost);
  else expect(used - usedBefore).toBe(0);
}

async function episodeUnder(
  user: string,
  quality: string,
  fault: () => void,
): Promise<PublicJobView> {
  const token = await deployed.token(user);
  const before = (await api(deployed, token, 'GET', '/api/quota')).body.used as number;
  fault();
  const jobId = await createEpisode(deployed, token, {
    topic: `Faults for ${user}`,
    minutes: 1,
    quality,
  });
  const job = await untilFinal(deployed, token, jobId, 300_000);
  await expectFinishedHonestly(user, job, before);
  return job;
}

describe('fault injection through the deployed app', () => {
  it('ends an episode whose Polly call fails once with a 5xx ready (the failure is retried), never stuck', async () => {
    const job = await episodeUnder('fault-polly', 'neural', () =>
      deployed.polly.inject({ kind: 'server-error', count: 1 }),
    );
    expect(deployed.polly.counters.serverErrors).toBeGreaterThanOrEqual(1);
    expect(job.status).toBe('ready');
  });

  it('ends an episode whose Bedrock call times out once ready (the timeout is retried), never stuck', async () => {
    const job = await episodeUnder('fault-bedrock', 'standard', () =>
      deployed.bedrock.inject({ kind: 'timeout', count: 1 }),
    );
    expect(deployed.bedrock.requests.some((request) => request.answer === 'timeout')).toBe(true);
    expect(job.status).toBe('ready');
  });

  it('ends an episode caught in a minute-long Polly throttle storm ready: it waits rather than fails', async () => {
    const throttledBefore = deployed.polly.counters.throttled;
    const job = await episodeUnder('fault-storm', 'neural', () =>
      deployed.polly.throttleStorm(60_000 * deployed.timeScale),
    );
    expect(deployed.polly.counters.throttled).toBeGreaterThan(throttledBefore);
    expect(job.status).toBe('ready');
  });

  it('finishes an aborted execution failed and uncharged through the EventBridge rule', async () => {
    const token = await deployed.token('abort-user');
    const jobId = await createEpisode(deployed, token, {
      topic: 'Aborted',
      minutes: 1,
      quality: 'neural',
    });
    const end = Date.now() + 60_000;
    let execution = deployed.stateMachine.list().find((e) => e.name === jobId);
    while (!execution && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      execution = deployed.stateMachine.list().find((e) => e.name === jobId);
    }
    expect(execution?.status).toBe('RUNNING');
    await deployed.stateMachine.handle('StopExecution', { executionArn: execution!.executionArn });
    const job = await untilFinal(deployed, token, jobId, 120_000);
    expect(execution!.status).toBe('ABORTED');
    expect(job.status).toBe('failed');
    expect((await api(deployed, token, 'GET', '/api/quota')).body.used).toBe(0);
    expect(deployed.eventRules.deliveries.some((d) => d.outcome === 'delivered')).toBe(true);
  });

  it('moves a poison job message to the dead-letter queue after maxReceiveCount receives, where it stays', async () => {
    const jobsQueue = deployed.app.queues.find(
      (q) =>
        q.redrive !== undefined &&
        deployed.app.eventSourceMappings.some((m) => m.queueLogicalId === q.logicalId),
    );
    expect(jobsQueue).toBeDefined();
    const dlq = jobsQueue!.redrive!.deadLetterQueueLogicalId;
    const maxReceiveCount = jobsQueue!.redrive!.maxReceiveCount;
    await deployed.queues.handle('SendMessage', {
      QueueUrl: jobsQueue!.queueUrl,
      MessageBody: '{"not":"a job"}',
    });
    // The dead-letters function receives it from the DLQ too: it names no job, so that function
    // reports it failed and it stays (each of its receives counts).
    const end = Date.now() + 240_000;
    const dead = () => deployed.queues.contents(dlq).find((m) => m.body === '{"not":"a job"}');
    while ((dead()?.receiveCount ?? 0) <= maxReceiveCount && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(dead()?.receiveCount).toBeGreaterThan(maxReceiveCount);
    expect(
      deployed.queues.contents(jobsQueue!.logicalId).some((m) => m.body === '{"not":"a job"}'),
    ).toBe(false);
  });

  it('made no call outside the template grants through every fault', () => {
    expect(describeDenials(deployed)).toEqual([]);
  });
});

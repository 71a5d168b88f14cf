import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, describeDenials, undeclaredCalls, untilFinal } from './episodes';

let deployed: DeployedApp;

beforeAll(async () => {
  deployed = await startDeployedApp({ timeScale: 0.05 });
}, 180_000);
afterAll(() => deployed?.stop());

async function quotaOf(token: string) {
  const { used, reserved, inFlight } = (await api(deployed, token, 'GET', '/api/quota')).body as {
    used: number;
    reserved: number;
    inFlight: number;
  };
  return { used, reserved, inFlight };
}

/** The job queue (the one with a redrive policy that a function consumes) and its DLQ. */
function jobQueues() {
  const jobs = deployed.app.queues.find(
    (queue) =>
      queue.redrive !== undefined &&
      deployed.app.eventSourceMappings.some((m) => m.queueLogicalId === queue.logicalId),
  );
  if (!jobs?.redrive) throw new Error('the template has no job queue with a redrive policy');
  return { jobs, deadLetterQueueId: jobs.redrive.deadLetterQueueLogicalId };
}

describe('a job whose StartExecution keeps failing, in the deployed app', () => {
  it('dead-letters, then ends failed with its hold released and nothing charged, while another user’s episode becomes ready', async () => {
    const { jobs, deadLetterQueueId } = jobQueues();
    const refusedToken = await deployed.token('dead-letter-user');
    const otherToken = await deployed.token('dead-letter-neighbour');
    const before = await quotaOf(refusedToken);
    const lift = deployed.startFaults.refuse({
      userId: 'dead-letter-user',
      code: 'ExecutionLimitExceeded',
      message: 'Execution Limit Exceeded: the maximum number of running executions was reached',
    });
    try {
      const refusedJob = await createEpisode(deployed, refusedToken, {
        topic: 'Never started',
        minutes: 1,
        quality: 'neural',
      });
      const otherJob = await createEpisode(deployed, otherToken, {
        topic: 'Started as usual',
        minutes: 1,
        quality: 'neural',
      });
      const { estimatedCost } = (
        await api(deployed, refusedToken, 'GET', `/api/podcasts/${refusedJob}`)
      ).body as { estimatedCost: number };
      expect(await quotaOf(refusedToken)).toEqual({
        used: before.used,
        reserved: before.reserved + estimatedCost,
        inFlight: before.inFlight + 1,
      });

      const failed = await untilFinal(deployed, refusedToken, refusedJob, 240_000);
      const ready = await untilFinal(deployed, otherToken, otherJob, 300_000);

      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/could not be started.*nothing was charged/);
      expect(failed.cost).toBeUndefined();
      expect(await quotaOf(refusedToken)).toEqual(before);
      // Every receive of the job queue tried the start; no execution ever existed for the job.
      const refusals = deployed.startFaults.refused.filter((start) => start.name === refusedJob);
      expect(refusals).toHaveLength(jobs.redrive!.maxReceiveCount);
      expect(deployed.stateMachine.list().some((e) => e.name === refusedJob)).toBe(false);
      // The dead-letters function ended it and deleted its message from the DLQ.
      const body = JSON.stringify({ userId: 'dead-letter-user', jobId: refusedJob });
      expect(deployed.queues.contents(deadLetterQueueId).some((m) => m.body === body)).toBe(false);
      expect(deployed.queues.contents(jobs.logicalId).some((m) => m.body === body)).toBe(false);

      expect(ready.status).toBe('ready');
      expect((await quotaOf(otherToken)).used).toBe(ready.cost);
    } finally {
      lift();
    }
  });

  it('made every call of the dead-letters function within its declared grants, and none outside the template’s', () => {
    const deadLetterCalls = deployed.endpoints.calls.filter(
      (call) => deployed.runtime.functionFor(call.functionLogicalId).handlerName === 'dead-letters',
    );
    expect(deadLetterCalls.length).toBeGreaterThan(0);
    expect(undeclaredCalls(deployed)).toEqual([]);
    expect(describeDenials(deployed)).toEqual([]);
  });
});

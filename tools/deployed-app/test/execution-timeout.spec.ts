import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, describeDenials, untilFinal } from './episodes';

let deployed: DeployedApp;

beforeAll(async () => {
  // An execution limit of 100 s (5 s here at 1/20 time) against a model writing 20 tokens/s:
  // the first script call outlasts the execution, which Step Functions ends TIMED_OUT.
  deployed = await startDeployedApp({
    timeScale: 0.05,
    executionTimeoutSeconds: 100,
    bedrock: { outputTokensPerSecond: 20 },
  });
}, 180_000);
afterAll(() => deployed?.stop());

describe('an execution that times out in the deployed app', () => {
  it('ends TIMED_OUT, and the EventBridge rule finishes its job failed and uncharged', async () => {
    const token = await deployed.token('timeout-user');
    const jobId = await createEpisode(deployed, token, {
      topic: 'Slow tides',
      minutes: 1,
      quality: 'neural',
    });
    const job = await untilFinal(deployed, token, jobId, 120_000);
    const execution = deployed.stateMachine.list().find((e) => e.name === jobId);
    expect(execution?.status).toBe('TIMED_OUT');
    expect(job.status).toBe('failed');
    expect((await api(deployed, token, 'GET', '/api/quota')).body.used).toBe(0);
    // This run has no other execution: the one delivery is this job's.
    expect(deployed.eventRules.deliveries.map((delivery) => delivery.outcome)).toEqual([
      'delivered',
    ]);
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('keeps the job failed when the script call it outlived finishes afterwards', async () => {
    const token = await deployed.token('timeout-user');
    const [job] = (await api(deployed, token, 'GET', '/api/podcasts')).body.items as {
      jobId: string;
      status: string;
    }[];
    // Past the write-script Lambda's own timeout (280 s × 0.05 = 14 s) nothing is left running.
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    const again = await api(deployed, token, 'GET', `/api/podcasts/${job!.jobId}`);
    expect(again.body.status).toBe('failed');
    expect(deployed.polly.requests).toEqual([]);
  });
});

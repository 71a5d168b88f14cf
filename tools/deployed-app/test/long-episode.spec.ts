import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, decodedMp3Seconds, describeDenials, untilFinal } from './episodes';

let deployed: DeployedApp;

beforeAll(async () => {
  // The fake Bedrock writes at the realistic 60 tokens/s, scaled with every Lambda timeout.
  deployed = await startDeployedApp({ timeScale: 0.05 });
}, 180_000);
afterAll(() => deployed?.stop());

describe('a long episode through the deployed app', () => {
  it('brings a 60-minute episode at the realistic token rate to ready within Lambda limits', async () => {
    const token = await deployed.token('long-user');
    const jobId = await createEpisode(deployed, token, {
      topic: 'The history of tides',
      minutes: 60,
      quality: 'standard',
    });
    const job = await untilFinal(deployed, token, jobId, 900_000);
    expect(job.status).toBe('ready');
    expect(deployed.runtime.invocations.filter((i) => i.errorType === 'Sandbox.Timedout')).toEqual(
      [],
    );
    const seconds = await decodedMp3Seconds(job.audioUrl!);
    expect(Math.abs(seconds - (job.durationSeconds ?? 0))).toBeLessThan(1);
    expect(seconds).toBeGreaterThan(30 * 60);
    expect((await api(deployed, token, 'GET', '/api/quota')).body.used).toBe(job.cost);
    expect(describeDenials(deployed)).toEqual([]);
  });
});

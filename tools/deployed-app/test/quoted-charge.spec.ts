import { quotaCost } from '@lumcast/quota';
import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, describeDenials, untilFinal } from './episodes';

let deployed: DeployedApp;

beforeAll(async () => {
  // Polly speaks slower than the script writer planned, so episodes run past their minutes.
  deployed = await startDeployedApp({ timeScale: 0.05, polly: { charactersPerSecond: 11 } });
}, 180_000);
afterAll(() => deployed?.stop());

describe('the quote through the deployed app', () => {
  it('charges a 2-minute neural episode that came out long its quoted 4 slots, through IAM, holding the quote while it runs', async () => {
    const token = await deployed.token('quoted-1');
    const jobId = await createEpisode(deployed, token, {
      topic: 'Why tides come twice a day',
      minutes: 2,
      quality: 'neural',
    });
    const held = (await api(deployed, token, 'GET', '/api/quota')).body;
    expect(held).toMatchObject({ reserved: 4, inFlight: 1, used: 0 });
    const job = await untilFinal(deployed, token, jobId, 240_000);
    expect(describeDenials(deployed)).toEqual([]);
    expect(job.status).toBe('ready');
    expect(job.durationSeconds).toBeGreaterThan(120);
    expect(job.measuredCost).toBe(quotaCost('neural', job.durationSeconds!));
    expect(job.measuredCost).toBeGreaterThan(4);
    expect(job).toMatchObject({ estimatedCost: 4, cost: 4 });
    expect((await api(deployed, token, 'GET', '/api/quota')).body).toMatchObject({
      used: 4,
      reserved: 0,
      inFlight: 0,
    });
    // The week's history comes from the same users item, through the API's IAM grants.
    const history = await api(deployed, token, 'GET', '/api/usage/history?weeks=2');
    expect(history.status).toBe(200);
    const used: number[] = history.body.weeks.map((week: { used: number }) => week.used);
    // [0, 4], or [4, 0] if a Monday began while the episode ran.
    expect(used.sort()).toEqual([0, 4]);
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('refuses a fourth episode while three are in progress with 429 before any work, through IAM', async () => {
    const token = await deployed.token('quoted-2');
    const request = { topic: 'Spring tides', minutes: 1, quality: 'standard' };
    const answers = [];
    for (let index = 0; index < 4; index += 1) {
      answers.push(await api(deployed, token, 'POST', '/api/podcasts', request));
    }
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 429]);
    expect(answers[3]?.body.error.code).toBe('too_many_in_flight');
    expect(describeDenials(deployed)).toEqual([]);
    for (const answer of answers.slice(0, 3)) {
      await untilFinal(deployed, token, answer.body.jobId as string, 240_000);
    }
    expect((await api(deployed, token, 'GET', '/api/quota')).body).toMatchObject({
      reserved: 0,
      inFlight: 0,
    });
  });
});

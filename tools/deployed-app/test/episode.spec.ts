import { quotaCost } from '@lumcast/quota';
import { startDeployedApp, type DeployedApp } from '../deployed-app';
import {
  api,
  createEpisode,
  decodedMp3Seconds,
  describeDenials,
  undeclaredCalls,
  untilFinal,
} from './episodes';

let deployed: DeployedApp;

beforeAll(async () => {
  deployed = await startDeployedApp({ timeScale: 0.05 });
}, 180_000);
afterAll(() => deployed?.stop());

describe('an episode through the deployed app', () => {
  const jobs = new Map<string, { jobId: string; cost: number }>();

  it.each(['standard', 'neural', 'generative'])(
    'goes from a JWT-authenticated POST to ready at %s quality, its audio a valid MP3 behind a presigned URL, charged min(measured, quoted), with no IAM denial',
    async (quality) => {
      const token = await deployed.token('owner-1');
      const before = (await api(deployed, token, 'GET', '/api/quota')).body.used as number;
      const jobId = await createEpisode(deployed, token, {
        topic: `Tides at ${quality}`,
        minutes: 1,
        quality,
      });
      const job = await untilFinal(deployed, token, jobId, 240_000);
      expect(describeDenials(deployed)).toEqual([]);
      expect(job).toMatchObject({ status: 'ready', quality });
      expect(job.audioUrl).toBeDefined();
      const seconds = await decodedMp3Seconds(job.audioUrl!);
      expect(Math.abs(seconds - (job.durationSeconds ?? 0))).toBeLessThan(1);
      // Charged what the audio measured, never more than the quote the POST answered.
      expect(job.measuredCost).toBe(quotaCost(quality as never, job.durationSeconds!));
      expect(job.cost).toBe(Math.min(job.measuredCost!, job.estimatedCost));
      const after = (await api(deployed, token, 'GET', '/api/quota')).body.used as number;
      expect(after - before).toBe(job.cost);
      jobs.set(quality, { jobId, cost: job.cost! });
    },
  );

  it("shows a second user's token none of the first user's episodes (404, not 403, and an empty list)", async () => {
    expect(jobs.size).toBeGreaterThan(0);
    const stranger = await deployed.token('stranger-2');
    for (const { jobId } of jobs.values()) {
      const answer = await api(deployed, stranger, 'GET', `/api/podcasts/${jobId}`);
      expect(answer.status).toBe(404);
    }
    const list = await api(deployed, stranger, 'GET', '/api/podcasts');
    expect(list).toEqual({ status: 200, body: { items: [] } });
    expect((await api(deployed, stranger, 'GET', '/api/quota')).body.used).toBe(0);
  });

  it('remembers a series episode in the series table and reads it back for the next one, with no IAM denial', async () => {
    const token = await deployed.token('owner-1');
    const series = deployed.app.tables.find((t) =>
      t.keySchema.some((k) => k.AttributeName === 'seriesKey'),
    );
    expect(series).toBeDefined();
    for (const n of [1, 2]) {
      const jobId = await createEpisode(deployed, token, {
        topic: `Tides, part ${n}`,
        minutes: 1,
        quality: 'standard',
        seriesId: 'tides',
      });
      expect((await untilFinal(deployed, token, jobId, 240_000)).status).toBe('ready');
    }
    const onSeries = deployed.endpoints.calls.filter((call) =>
      call.resource.startsWith(series!.tableArn),
    );
    expect(onSeries.map((call) => call.action)).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']),
    );
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('saw every function send only actions its declaration in libs/pipeline names', () => {
    expect(jobs.size).toBeGreaterThan(0);
    expect(undeclaredCalls(deployed)).toEqual([]);
    const handlersSeen = new Set(
      deployed.endpoints.calls.map(
        (call) => deployed.runtime.functionFor(call.functionLogicalId).handlerName,
      ),
    );
    expect([...handlersSeen].sort()).toEqual([
      'api',
      'assemble',
      'callback',
      'sqs-consumer',
      'synthesize',
      'write-script',
    ]);
  });

  it('refuses the API without a token, as the JWT authorizer does', async () => {
    const response = await fetch(`${deployed.apiUrl}/api/podcasts`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });
});

/**
 * An episode's format through the deployed app: asked for at the gateway, kept on the job by the
 * api function, and sent to Bedrock (the wire-level fake) in the write-script function's prompt.
 */
import { DEFAULT_POLLY_VOICES } from '@lumcast/audio-assembly';
import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, describeDenials, untilFinal } from './episodes';

let deployed: DeployedApp;

beforeAll(async () => {
  deployed = await startDeployedApp({ timeScale: 0.05 });
}, 180_000);
afterAll(() => deployed?.stop());

describe('a format through the deployed app', () => {
  it('reaches Bedrock: a debate’s Converse request tells the hosts to take opposite sides, and the episode is made, through IAM', async () => {
    const token = await deployed.token('format-debate');
    const jobId = await createEpisode(deployed, token, {
      topic: 'Should cities ban cars?',
      minutes: 1,
      quality: 'standard',
      format: 'debate',
    });
    const job = await untilFinal(deployed, token, jobId, 180_000);
    expect(job.status).toBe('ready');
    const systems = deployed.bedrock.requests.map((request) =>
      JSON.stringify((request.body as { system?: unknown }).system ?? ''),
    );
    expect(systems.some((system) => system.includes('Format: a debate.'))).toBe(true);
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('answers 400 naming format for one that does not exist, through the gateway', async () => {
    const token = await deployed.token('format-unknown');
    const answer = await api(deployed, token, 'POST', '/api/podcasts', {
      topic: 'Tides',
      minutes: 1,
      quality: 'standard',
      format: 'monologue',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('format');
  });

  it('makes a lecture by one named host: Bedrock is told the host, and the captions name only that host', async () => {
    const token = await deployed.token('format-lecture');
    const jobId = await createEpisode(deployed, token, {
      topic: 'How tides work',
      minutes: 1,
      quality: 'neural',
      format: 'lecture',
      hosts: [{ name: 'Noor' }],
    });
    const job = await untilFinal(deployed, token, jobId, 180_000);
    expect(job).toMatchObject({ status: 'ready', format: 'lecture', hosts: ['Noor'] });
    // The system prompt says how many hosts and the format; the name is quoted data in the user turn.
    expect(
      deployed.bedrock.requests.some((request) => {
        const body = request.body as { system?: unknown; messages?: unknown };
        const system = JSON.stringify(body.system ?? '');
        return (
          system.includes('a podcast with one host') &&
          system.includes('Format: a lecture.') &&
          !system.includes('Noor') &&
          JSON.stringify(body.messages ?? '').includes('<host>Noor</host>')
        );
      }),
    ).toBe(true);
    const captions = await (await fetch(job.captionsUrl as string)).text();
    expect(new Set([...captions.matchAll(/<v ([^>]+)>/g)].map((match) => match[1]))).toEqual(
      new Set(['Noor']),
    );
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('gives three hosts three Polly voices of the quality, through IAM', async () => {
    const token = await deployed.token('format-three-hosts');
    const before = deployed.polly.requests.length;
    const jobId = await createEpisode(deployed, token, {
      topic: 'Who owns the street?',
      minutes: 1,
      quality: 'standard',
      format: 'debate',
      hosts: [{ name: 'Noor' }, { name: 'Ivo' }, { name: 'Kai' }],
    });
    const job = await untilFinal(deployed, token, jobId, 180_000);
    expect(job).toMatchObject({ status: 'ready', hosts: ['Noor', 'Ivo', 'Kai'] });
    const voices = new Set(deployed.polly.requests.slice(before).map((request) => request.voiceId));
    expect(voices).toEqual(new Set(DEFAULT_POLLY_VOICES.standard));
    expect(describeDenials(deployed)).toEqual([]);
  });
});

/**
 * An episode's language through the deployed app: GET /api/options through the gateway's
 * authorizer, the language kept on the job by the api function, told to Bedrock (the wire-level
 * fake) by the write-script function, carried by the state machine as CDK substituted it, and
 * spoken by the synthesize function in that language's Polly voices — every call through IAM.
 */
import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, describeDenials, untilFinal } from './episodes';

let deployed: DeployedApp;

beforeAll(async () => {
  deployed = await startDeployedApp({ timeScale: 0.05 });
}, 180_000);
afterAll(() => deployed?.stop());

describe('a language through the deployed app', () => {
  it('answers GET /api/options through the gateway with the languages and their Polly voices', async () => {
    const token = await deployed.token('options-reader');
    const answer = await api(deployed, token, 'GET', '/api/options');
    expect(answer.status).toBe(200);
    expect(answer.body.languages).toContainEqual(
      expect.objectContaining({
        code: 'de-DE',
        qualities: expect.arrayContaining([
          { quality: 'neural', voices: ['Daniel', 'Vicki'], maxHosts: 2 },
        ]),
      }),
    );
  });

  it('refuses GET /api/options without a token at the gateway', async () => {
    const answer = await fetch(`${deployed.apiUrl}/api/options`);
    expect(answer.status).toBe(401);
  });

  it('makes a Mexican Spanish episode: Bedrock is asked for Spanish, and Polly speaks it with Andres and Mia, through IAM', async () => {
    const token = await deployed.token('language-es-mx');
    const pollyBefore = deployed.polly.requests.length;
    const bedrockBefore = deployed.bedrock.requests.length;
    const jobId = await createEpisode(deployed, token, {
      topic: 'Las mareas',
      minutes: 1,
      quality: 'neural',
      language: 'es-MX',
    });
    const job = await untilFinal(deployed, token, jobId, 180_000);
    expect(job).toMatchObject({ status: 'ready', language: 'es-MX' });
    const systems = deployed.bedrock.requests
      .slice(bedrockBefore)
      .map((request) => JSON.stringify((request.body as { system?: unknown }).system ?? ''));
    expect(
      systems.every((system) => system.includes('Write the whole episode in Spanish (es-MX)')),
    ).toBe(true);
    const voices = new Set(
      deployed.polly.requests.slice(pollyBefore).map((request) => request.voiceId),
    );
    expect(voices).toEqual(new Set(['Andres', 'Mia']));
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('answers 400 on language, listing the supported codes, through the gateway', async () => {
    const token = await deployed.token('language-unknown');
    const answer = await api(deployed, token, 'POST', '/api/podcasts', {
      topic: 'Tides',
      minutes: 1,
      quality: 'neural',
      language: 'ja-JP',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.field).toBe('language');
    expect(answer.body.error.message).toContain('es-MX');
  });
});

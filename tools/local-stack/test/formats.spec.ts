/**
 * An episode's format on the local stack: asked for in the API, kept on the job, and given to
 * the script writer (the offline writer says what it can and cannot do for a debate).
 */
import type { LocalStack } from '../local-stack';
import {
  callApi,
  makeEpisode,
  SHORT_SOURCE,
  spokenText,
  startTestStack,
  temporaryDataDir,
  ToneSynthesizer,
} from './support';

jest.setTimeout(180_000);

describe('an episode’s format on the local stack', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      services: { synthesizer: () => new ToneSynthesizer() },
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('reaches the script writer: a debate is made, and the offline hosts say they cannot take sides', async () => {
    const job = await makeEpisode(stack, 'dana', {
      topic: 'Spring tides',
      sourceText: SHORT_SOURCE,
      minutes: 1,
      quality: 'standard',
      format: 'debate',
    });
    expect(job.status).toBe('ready');
    expect(job.format).toBe('debate');
    const listed = (await callApi(stack, 'GET', '/api/podcasts', { user: 'dana' })).body.items;
    expect(listed[0]).toMatchObject({ jobId: job.jobId, format: 'debate' });
    const spoken = spokenText(data.dir, 'dana', job.jobId);
    expect(spoken).toContain('You asked for a debate.');
  });

  it('answers 400 naming the field for an unknown format or a brief over two minutes', async () => {
    const request = { topic: 'Tides', minutes: 1, quality: 'standard' };
    const unknown = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'dana',
      body: { ...request, format: 'lecture' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'invalid_field', field: 'format' });
    const longBrief = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'dana',
      body: { ...request, minutes: 3, format: 'brief' },
    });
    expect(longBrief.status).toBe(400);
    expect(longBrief.body.error).toMatchObject({ code: 'invalid_field', field: 'minutes' });
  });
});

/**
 * An episode's language on the local stack: listed by GET /api/options, asked for in the API,
 * kept on the job, written by the offline writer and spoken by the real local engine (espeak-ng)
 * in that language's voices.
 */
import type { SpeechRequest } from '@lumcast/audio-assembly';
import type { LocalStack } from '../local-stack';
import {
  callApi,
  makeEpisode,
  recordingSpeech,
  spokenText,
  startTestStack,
  temporaryDataDir,
} from './support';

jest.setTimeout(240_000);

const SPANISH_SOURCE =
  'Las mareas son la subida y la bajada del nivel del mar. Las causa la gravedad de la Luna y del Sol. ' +
  'La mayoría de las costas tienen dos mareas altas al día. Las mareas vivas llegan cuando el Sol y la Luna se alinean. ' +
  'Las mareas muertas llegan cuando tiran en ángulo recto.';

describe('an episode’s language on the local stack', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;
  const spoken: SpeechRequest[] = [];

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      services: recordingSpeech(spoken),
    });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('lists the languages, with their qualities and voices, in GET /api/options', async () => {
    const options = await callApi(stack, 'GET', '/api/options', { user: 'lena' });
    expect(options.status).toBe(200);
    const codes = options.body.languages.map((language: { code: string }) => language.code);
    expect(codes).toEqual(expect.arrayContaining(['en-US', 'es-MX', 'de-DE', 'fr-FR']));
    expect(options.body.defaultLanguage).toBe('en-US');
  });

  it('makes a Spanish episode spoken by the local engine in its Spanish voices', async () => {
    const job = await makeEpisode(stack, 'lena', {
      topic: 'Las mareas',
      sourceText: SPANISH_SOURCE,
      minutes: 1,
      quality: 'neural',
      language: 'es-MX',
    });
    expect(job).toMatchObject({ status: 'ready', language: 'es-MX' });
    const listed = (await callApi(stack, 'GET', '/api/podcasts', { user: 'lena' })).body.items;
    expect(listed[0]).toMatchObject({ jobId: job.jobId, language: 'es-MX' });
    expect(spokenText(data.dir, 'lena', job.jobId)).toContain('Las mareas vivas llegan');
    // The offline writer's own lines are Spanish too.
    expect(spokenText(data.dir, 'lena', job.jobId)).toMatch(/^Bienvenidos a Lumcast\. Soy /);
    expect(spokenText(data.dir, 'lena', job.jobId)).not.toContain('Welcome to Lumcast');
    const voices = new Set(spoken.slice(-job.progress.total).map((request) => request.voice));
    expect(voices).toEqual(new Set(['local-host-a@es-MX', 'local-host-b@es-MX']));
    expect(job.durationSeconds).toBeGreaterThan(5);
  });

  it('answers 400 on language, listing the supported codes, for a language it cannot make', async () => {
    const answer = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'lena',
      body: { topic: 'Tides', minutes: 1, quality: 'neural', language: 'ja-JP' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'invalid_field', field: 'language' });
    expect(answer.body.error.message).toContain('es-MX');
  });

  it('answers 400 on quality, listing the qualities the language has, for a quality it lacks', async () => {
    const answer = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'lena',
      body: {
        topic: 'Tides',
        minutes: 1,
        quality: 'standard',
        format: 'lecture',
        language: 'fr-BE',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'invalid_field', field: 'quality' });
    expect(answer.body.error.message).toContain('neural (up to 1 host)');
  });
});

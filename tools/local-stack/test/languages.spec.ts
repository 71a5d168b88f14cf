/**
 * An episode's language on the local stack: listed by GET /api/options, asked for in the API,
 * kept on the job, written by the offline writer and spoken by the real local engine (espeak-ng)
 * in that language's voices (seen in the chunks it stored: `./spoken-voices.ts`).
 */
import { LocalSynthesizer } from '@lumcast/audio-assembly';
import type { LocalStack } from './engine-test-stack';
import { espeakLengths, storedLengths, storedScript, storedVoices } from './spoken-voices';
import { callApi, makeEpisode, spokenText, startTestStack, temporaryDataDir } from './support';

jest.setTimeout(240_000);

const SPANISH_SOURCE =
  'Las mareas son la subida y la bajada del nivel del mar. Las causa la gravedad de la Luna y del Sol. ' +
  'La mayoría de las costas tienen dos mareas altas al día. Las mareas vivas llegan cuando el Sol y la Luna se alinean. ' +
  'Las mareas muertas llegan cuando tiran en ángulo recto.';

describe('an episode’s language on the local stack', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;
  const espeak = new LocalSynthesizer();

  beforeAll(async () => {
    stack = await startTestStack({ dataDir: data.dir });
  });
  afterAll(async () => {
    await espeak.close();
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
    // Each chunk is stored at the address of its host's Spanish voice (and of no other voice),
    // as long as espeak-ng speaks its text in that voice, not in the other host's; both speak.
    const { plan } = storedScript(data.dir, 'lena', job.jobId);
    expect(plan).toHaveLength(job.progress.total);
    const spanish = ['local-host-a@es-MX', 'local-host-b@es-MX'];
    const settings = { engine: 'espeak-ng', quality: 'neural', language: 'es-MX' } as const;
    const others = ['local-host-c@es-MX', 'local-host-a', 'local-host-b', 'local-host-c'];
    const expected = plan.map((chunk) => spanish[chunk.hostIndex] as string);
    const swapped = plan.map((chunk) => spanish[1 - chunk.hostIndex] as string);
    expect(new Set(expected)).toEqual(new Set(spanish));
    expect(storedVoices(data.dir, job.jobId, plan, settings, [...spanish, ...others])).toEqual(
      expected.map((voice) => [voice]),
    );
    const lengths = storedLengths(data.dir, job.jobId, plan, expected, settings);
    expect(lengths).toEqual(await espeakLengths(espeak, plan, expected, 'neural'));
    expect(lengths).not.toEqual(await espeakLengths(espeak, plan, swapped, 'neural'));
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

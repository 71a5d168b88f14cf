/**
 * A series' hosts on the local stack: PUT /api/series/{seriesId}/hosts keeps them, an episode
 * made in the series is written by the offline writer with their names, and the real local
 * engine (espeak-ng) speaks each host's chunks in the voice the host chose (the local engine's
 * voice for the chosen voice's place in GET /api/options; seen in the chunks it stored:
 * `./spoken-voices.ts`).
 */
import { LocalSynthesizer } from '@lumcast/audio-assembly';
import type { LocalStack } from './engine-test-stack';
import { espeakLengths, storedLengths, storedScript, storedVoices } from './spoken-voices';
import { callApi, makeEpisode, SHORT_SOURCE, startTestStack, temporaryDataDir } from './support';

jest.setTimeout(240_000);

/** Ada chose en-US neural's second voice and Ivo its first: the defaults, swapped. */
const HOSTS = [
  { name: 'Ada', persona: 'A retired marine biologist.', voices: { neural: 'Danielle' } },
  { name: 'Ivo', voices: { neural: 'Gregory' } },
];

describe('a series’ hosts on the local stack', () => {
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

  it('keeps the hosts a PUT sets, for GET to answer', async () => {
    const put = await callApi(stack, 'PUT', '/api/series/rivers/hosts', {
      user: 'noor',
      body: { hosts: HOSTS },
    });
    expect(put).toEqual({ status: 200, body: { seriesId: 'rivers', hosts: HOSTS } });
    const got = await callApi(stack, 'GET', '/api/series/rivers/hosts', { user: 'noor' });
    expect(got.body).toEqual({ seriesId: 'rivers', hosts: HOSTS });
    const other = await callApi(stack, 'GET', '/api/series/rivers/hosts', { user: 'omar' });
    expect(other.body.hosts).toEqual([]);
  });

  it('makes an episode of the series with the hosts’ names, each host’s chunks spoken in the voice they chose', async () => {
    const job = await makeEpisode(stack, 'noor', {
      topic: 'Tides',
      sourceText: SHORT_SOURCE,
      minutes: 1,
      quality: 'neural',
      seriesId: 'rivers',
    });
    expect(job).toMatchObject({ status: 'ready', hosts: ['Ada', 'Ivo'], seriesId: 'rivers' });
    const stored = storedScript(data.dir, 'noor', job.jobId);
    expect(stored.script.hosts).toEqual([{ name: 'Ada' }, { name: 'Ivo' }]);
    const speakers = new Set(
      stored.script.chapters.flatMap((chapter) => chapter.segments.map((s) => s.speaker)),
    );
    expect(speakers).toEqual(new Set(['Ada', 'Ivo']));
    // The local engine's voice for Danielle's place (the second) is local-host-b, for Gregory's
    // local-host-a: each chunk is stored at the address of its host's chosen voice (and of no
    // other), as long as espeak-ng speaks its text in that voice, not in the host's default.
    const chosen = ['local-host-b', 'local-host-a'];
    const defaults = ['local-host-a', 'local-host-b'];
    const settings = { engine: 'espeak-ng', quality: 'neural', language: 'en-US' } as const;
    expect(stored.plan).toHaveLength(job.progress.total);
    const expected = stored.plan.map((chunk) => chosen[chunk.hostIndex] as string);
    const unchosen = stored.plan.map((chunk) => defaults[chunk.hostIndex] as string);
    expect(
      storedVoices(data.dir, job.jobId, stored.plan, settings, [...chosen, 'local-host-c']),
    ).toEqual(expected.map((voice) => [voice]));
    const lengths = storedLengths(data.dir, job.jobId, stored.plan, expected, settings);
    expect(lengths).toEqual(await espeakLengths(espeak, stored.plan, expected, 'neural'));
    expect(lengths).not.toEqual(await espeakLengths(espeak, stored.plan, unchosen, 'neural'));
    expect(job.durationSeconds).toBeGreaterThan(5);
  });

  it('answers 400 naming the host and the field for a voice GET /api/options does not offer', async () => {
    const answer = await callApi(stack, 'PUT', '/api/series/rivers/hosts', {
      user: 'noor',
      body: { hosts: [HOSTS[0], { name: 'Ivo', voices: { neural: 'Hal' } }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'invalid_field',
      field: 'hosts.1.voices.neural',
    });
  });
});

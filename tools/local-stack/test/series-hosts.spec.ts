/**
 * A series' hosts on the local stack: PUT /api/series/{seriesId}/hosts keeps them, an episode
 * made in the series is written by the offline writer with their names, and the real local
 * engine (espeak-ng) speaks each host's chunks in the voice the host chose (the local engine's
 * voice for the chosen voice's place in GET /api/options).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SpeechRequest } from '@lumcast/audio-assembly';
import { objectKeys } from '@lumcast/pipeline';
import type { LocalStack } from '../local-stack';
import {
  callApi,
  makeEpisode,
  recordingSpeech,
  SHORT_SOURCE,
  startTestStack,
  temporaryDataDir,
} from './support';

jest.setTimeout(240_000);

/** Ada chose en-US neural's second voice and Ivo its first: the defaults, swapped. */
const HOSTS = [
  { name: 'Ada', persona: 'A retired marine biologist.', voices: { neural: 'Danielle' } },
  { name: 'Ivo', voices: { neural: 'Gregory' } },
];

describe('a series’ hosts on the local stack', () => {
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
    const before = spoken.length;
    const job = await makeEpisode(stack, 'noor', {
      topic: 'Tides',
      sourceText: SHORT_SOURCE,
      minutes: 1,
      quality: 'neural',
      seriesId: 'rivers',
    });
    expect(job).toMatchObject({ status: 'ready', hosts: ['Ada', 'Ivo'], seriesId: 'rivers' });
    const stored = JSON.parse(
      readFileSync(path.join(data.dir, 'objects', objectKeys.script('noor', job.jobId)), 'utf8'),
    ) as {
      script: { hosts: { name: string }[]; chapters: { segments: { speaker: string }[] }[] };
      plan: { text: string; hostIndex: number }[];
    };
    expect(stored.script.hosts).toEqual([{ name: 'Ada' }, { name: 'Ivo' }]);
    const speakers = new Set(
      stored.script.chapters.flatMap((chapter) => chapter.segments.map((s) => s.speaker)),
    );
    expect(speakers).toEqual(new Set(['Ada', 'Ivo']));
    // The local engine's voice for Danielle's place (the second) is local-host-b, for Gregory's local-host-a.
    const chosen = ['local-host-b', 'local-host-a'];
    const voiceOfChunk = new Map(
      spoken.slice(before).map((request) => [request.text, request.voice]),
    );
    expect(voiceOfChunk.size).toBe(stored.plan.length);
    for (const chunk of stored.plan) {
      expect(voiceOfChunk.get(chunk.text)).toBe(chosen[chunk.hostIndex]);
    }
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

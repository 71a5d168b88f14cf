import { parseFeed } from 'podcast-partytime';
import { MAX_FEEDS_PER_USER } from '../src/feeds/feeds-table';
import type { JobRecord } from '../src/jobs/job';
import { JobsTable } from '../src/jobs/jobs-table';
import { apiEvent } from './api-events';
import { contractBody } from './contract-bodies';
import { feedsApi, queuedJob, startTestDynamo, TABLES, type TestDynamo } from './support';

let dynamo: TestDynamo;
let jobs: JobsTable;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs });
});
afterAll(() => dynamo.close());

/** The whole API handler, with episode links that name the job's file the way presigning does. */
function api() {
  return feedsApi(dynamo, {
    forJob: async (job) => ({
      audioUrl: `https://bucket.s3.test/${job.audioKey}?X-Amz-Signature=fresh`,
      captionsUrl: `/local/${job.jobId}/captions?signature=fresh`,
    }),
  });
}

async function call(...args: Parameters<typeof apiEvent>) {
  const event = apiEvent(...args);
  const response = await api()(event);
  const text = String(response.body ?? '');
  const isJson = String(response.headers?.['content-type'] ?? '').startsWith('application/json');
  return {
    status: response.statusCode,
    headers: response.headers ?? {},
    raw: response,
    text,
    body:
      isJson && !response.isBase64Encoded && text !== ''
        ? contractBody(event, response)
        : undefined,
  };
}

/** A ready episode of `userId`, with every field a feed item needs. */
async function readyEpisode(
  userId: string,
  overrides: Partial<JobRecord> = {},
): Promise<JobRecord> {
  const job = queuedJob({ userId, ...overrides });
  const ready: JobRecord = {
    ...job,
    status: 'ready',
    audioKey: `episodes/${userId}/${job.jobId}/episode.mp3`,
    captionsKey: `episodes/${userId}/${job.jobId}/episode.vtt`,
    audioBytes: 123_456,
    durationSeconds: 61.5,
    chapters: [
      { title: 'Where rivers begin', startSeconds: 0, endSeconds: 30 },
      { title: 'Where they end', startSeconds: 30, endSeconds: 61.5 },
    ],
    ...overrides,
  };
  await jobs.create(ready);
  return ready;
}

function pathOf(url: string): string {
  return new URL(url).pathname;
}

describe('POST /api/feeds', () => {
  it('makes a series feed and answers 201 with its id and its secret URL on the API’s host', async () => {
    const answer = await call('POST', '/api/feeds', 'kai', { body: { seriesId: 'rivers' } });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      feedId: expect.stringMatching(/^f-[A-Za-z0-9_-]{22}$/),
      feedUrl: `https://api.lumcast.test/feeds/${answer.body.feedId}`,
      seriesId: 'rivers',
      createdAt: expect.any(String),
    });
  });

  it('makes a feed of all episodes from an empty body', async () => {
    const answer = await call('POST', '/api/feeds', 'kai');
    expect(answer.status).toBe(201);
    expect(answer.body).not.toHaveProperty('seriesId');
  });

  it.each([
    [{ seriesId: '   ' }, 'invalid_field', 'seriesId'],
    [{ seriesId: 'a\u0007b' }, 'invalid_field', 'seriesId'],
    [{ series: 'rivers' }, 'unknown_field', 'series'],
    [['rivers'], 'malformed_json', undefined],
  ])('refuses %j with 400 %s', async (body, code, field) => {
    const answer = await call('POST', '/api/feeds', 'kai', { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(code);
    expect(answer.body.error.field).toBe(field);
  });

  it('answers 401 without an identity', async () => {
    expect((await call('POST', '/api/feeds', undefined, { body: {} })).status).toBe(401);
  });

  it('refuses one feed past the limit with 422 too_many_feeds', async () => {
    for (let index = 0; index < MAX_FEEDS_PER_USER; index += 1) {
      expect((await call('POST', '/api/feeds', 'lea', { body: {} })).status).toBe(201);
    }
    const answer = await call('POST', '/api/feeds', 'lea', { body: {} });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: 'too_many_feeds', limit: MAX_FEEDS_PER_USER });
  });
});

describe('GET /api/feeds', () => {
  it('lists the caller’s feeds with their URLs, and nobody else’s', async () => {
    const made = await call('POST', '/api/feeds', 'max', { body: { seriesId: 'tides' } });
    await call('POST', '/api/feeds', 'not-max', { body: {} });
    const answer = await call('GET', '/api/feeds', 'max');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ feeds: [made.body] });
  });
});

describe('DELETE /api/feeds/{feedId}', () => {
  it('revokes the feed with 204 and no body, after which its URL and its files are 404', async () => {
    const episode = await readyEpisode('nia', { seriesId: 'rivers' });
    const { body: feed } = await call('POST', '/api/feeds', 'nia', {
      body: { seriesId: 'rivers' },
    });
    const feedPath = pathOf(feed.feedUrl);
    expect((await call('GET', feedPath, undefined)).status).toBe(200);

    const revoked = await call('DELETE', `/api/feeds/${feed.feedId}`, 'nia');
    expect(revoked.status).toBe(204);
    expect(revoked.text).toBe('');

    expect((await call('GET', feedPath, undefined)).status).toBe(404);
    expect((await call('GET', `${feedPath}/cover.png`, undefined)).status).toBe(404);
    const audio = await call('GET', `${feedPath}/episodes/${episode.jobId}/audio.mp3`, undefined);
    expect(audio.status).toBe(404);
    expect((await call('GET', '/api/feeds', 'nia')).body).toEqual({ feeds: [] });
  });

  it('answers 404 for someone else’s feed and leaves it working', async () => {
    const { body: feed } = await call('POST', '/api/feeds', 'omar', { body: {} });
    const answer = await call('DELETE', `/api/feeds/${feed.feedId}`, 'mallory');
    expect(answer.status).toBe(404);
    expect((await call('GET', pathOf(feed.feedUrl), undefined)).status).toBe(200);
  });
});

describe('GET /feeds/{feedId}', () => {
  it('answers, with no identity, RSS that Podcast Index’s parser reads: channel, and one item per ready episode of the series', async () => {
    const older = await readyEpisode('pia', {
      seriesId: 'rivers',
      topic: 'Rivers, part one',
      updatedAt: '2026-12-01T10:00:00.000Z',
    });
    const newer = await readyEpisode('pia', {
      seriesId: 'rivers',
      topic: 'Rivers, part two',
      updatedAt: '2026-12-02T10:00:00.000Z',
    });
    await readyEpisode('pia', { seriesId: 'tides', topic: 'Another series' });
    await readyEpisode('pia', {
      seriesId: 'rivers',
      topic: 'Still speaking',
      status: 'synthesizing',
    });
    await readyEpisode('pia', {
      seriesId: 'rivers',
      topic: 'Before byte lengths',
      audioBytes: undefined,
    });
    const { body: feed } = await call('POST', '/api/feeds', 'pia', {
      body: { seriesId: 'rivers' },
    });

    const answer = await call('GET', pathOf(feed.feedUrl), undefined);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const parsed = parseFeed(answer.text);
    if (!parsed) throw new Error(`podcast-partytime could not parse:\n${answer.text}`);
    expect(parsed.title).toBe('rivers — Lumcast');
    expect(parsed.language).toBe('en-US');
    expect(parsed.itunesImage).toBe(`${feed.feedUrl}/cover.png`);
    expect(parsed.explicit).toBe(false);
    expect(parsed.items.map((item) => item.title).sort()).toEqual(
      [older.topic, newer.topic].sort(),
    );

    const item = parsed.items.find((candidate) => candidate.title === newer.topic);
    expect(item).toMatchObject({
      guid: `lumcast:${newer.jobId}`,
      duration: 62,
      enclosure: {
        url: `${feed.feedUrl}/episodes/${newer.jobId}/audio.mp3`,
        length: 123_456,
        type: 'audio/mpeg',
      },
      podcastChapters: {
        url: `${feed.feedUrl}/episodes/${newer.jobId}/chapters.json`,
        type: 'application/json+chapters',
      },
    });
    expect(item?.podcastTranscripts).toEqual([
      {
        url: `${feed.feedUrl}/episodes/${newer.jobId}/captions.vtt`,
        type: 'text/vtt',
        language: 'en-US',
        rel: 'captions',
      },
    ]);
    expect(item?.pubDate?.toISOString()).toBe('2026-12-02T10:00:00.000Z');
  });

  it('lists every ready episode of the user in a feed of all episodes, and none of anyone else’s', async () => {
    const mine = await readyEpisode('quin', { seriesId: 'rivers' });
    const unseries = await readyEpisode('quin');
    await readyEpisode('not-quin');
    const { body: feed } = await call('POST', '/api/feeds', 'quin', { body: {} });
    const parsed = parseFeed((await call('GET', pathOf(feed.feedUrl), undefined)).text);
    expect(parsed?.items.map((item) => item.guid).sort()).toEqual(
      [`lumcast:${mine.jobId}`, `lumcast:${unseries.jobId}`].sort(),
    );
  });

  it('declares the language of the series’ newest episode, which the parser gives its transcripts too', async () => {
    await readyEpisode('rafa', { seriesId: 'mareas', createdAt: '2026-12-01T10:00:00.000Z' });
    await readyEpisode('rafa', {
      seriesId: 'mareas',
      language: 'es-MX',
      createdAt: '2026-12-02T10:00:00.000Z',
    });
    const { body: feed } = await call('POST', '/api/feeds', 'rafa', {
      body: { seriesId: 'mareas' },
    });
    const parsed = parseFeed((await call('GET', pathOf(feed.feedUrl), undefined)).text);
    expect(parsed?.language).toBe('es-MX');
    expect(parsed?.items[0]?.podcastTranscripts?.[0]?.language).toBe('es-MX');
  });

  it('answers an unknown or malformed feed id 404', async () => {
    expect((await call('GET', '/feeds/f-AAAAAAAAAAAAAAAAAAAAAA', undefined)).status).toBe(404);
    expect((await call('GET', '/feeds/not-a-feed', undefined)).status).toBe(404);
  });

  it('answers HEAD like GET without the body, and other methods 405', async () => {
    const { body: feed } = await call('POST', '/api/feeds', 'ravi', { body: {} });
    const head = await call('HEAD', pathOf(feed.feedUrl), undefined);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(head.text).toBe('');
    expect((await call('POST', pathOf(feed.feedUrl), undefined)).status).toBe(405);
  });
});

describe('GET /feeds/{feedId}/… files', () => {
  it('serves the cover PNG with Range support', async () => {
    const { body: feed } = await call('POST', '/api/feeds', 'sam', { body: {} });
    const whole = await call('GET', `${pathOf(feed.feedUrl)}/cover.png`, undefined);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    const part = await call('GET', `${pathOf(feed.feedUrl)}/cover.png`, undefined, {
      headers: { range: 'bytes=0-7' },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(part.text, 'base64')).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('redirects the audio and captions to fresh links of the episode’s files, absolute and never cached', async () => {
    const episode = await readyEpisode('tia', { seriesId: 'rivers' });
    const { body: feed } = await call('POST', '/api/feeds', 'tia', {
      body: { seriesId: 'rivers' },
    });
    const base = `${pathOf(feed.feedUrl)}/episodes/${episode.jobId}`;
    const audio = await call('GET', `${base}/audio.mp3`, undefined);
    expect(audio.status).toBe(302);
    expect(audio.headers).toMatchObject({
      location: `https://bucket.s3.test/${episode.audioKey}?X-Amz-Signature=fresh`,
      'cache-control': 'no-store',
    });
    const captions = await call('GET', `${base}/captions.vtt`, undefined);
    expect(captions.status).toBe(302);
    expect(captions.headers['location']).toBe(
      `https://api.lumcast.test/local/${episode.jobId}/captions?signature=fresh`,
    );
  });

  it('serves the chapters as JSON Chapters 1.2 with the spec’s required fields, and a Range of it', async () => {
    const episode = await readyEpisode('uma', { seriesId: 'rivers', topic: 'Rivers' });
    const { body: feed } = await call('POST', '/api/feeds', 'uma', {
      body: { seriesId: 'rivers' },
    });
    const path = `${pathOf(feed.feedUrl)}/episodes/${episode.jobId}/chapters.json`;
    const answer = await call('GET', path, undefined);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json+chapters');
    const chapters = JSON.parse(Buffer.from(answer.text, 'base64').toString('utf8'));
    expect(chapters).toEqual({
      version: '1.2.0',
      title: 'Rivers',
      podcastName: 'rivers — Lumcast',
      chapters: [
        { startTime: 0, endTime: 30, title: 'Where rivers begin' },
        { startTime: 30, endTime: 61.5, title: 'Where they end' },
      ],
    });
    const part = await call('GET', path, undefined, { headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(part.text, 'base64').toString('utf8')).toBe('{"version"');
  });

  it('answers 404 for an episode of another series, another user, or not ready yet', async () => {
    const otherSeries = await readyEpisode('vic', { seriesId: 'tides' });
    const notReady = await readyEpisode('vic', { seriesId: 'rivers', status: 'assembling' });
    const someoneElses = await readyEpisode('not-vic', { seriesId: 'rivers' });
    const { body: feed } = await call('POST', '/api/feeds', 'vic', {
      body: { seriesId: 'rivers' },
    });
    for (const job of [otherSeries, notReady, someoneElses]) {
      const path = `${pathOf(feed.feedUrl)}/episodes/${job.jobId}/audio.mp3`;
      expect((await call('GET', path, undefined)).status).toBe(404);
    }
    const unknownFile = `${pathOf(feed.feedUrl)}/episodes/${otherSeries.jobId}/episode.wav`;
    expect((await call('GET', unknownFile, undefined)).status).toBe(404);
  });
});

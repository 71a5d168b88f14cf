/**
 * @jest-environment node
 */
import { EPISODE_OPTIONS } from '@lumcast/pipeline';
import { createApiClient } from '../src/api/api-client';
import { ApiError, NetworkError, ResponseShapeError, UploadError } from '../src/api/errors';
import { sendJson, startLocalHttpServer } from './support/local-http-server';

const QUOTA = {
  week: '2026-W49',
  used: 6,
  reserved: 4,
  granted: 50,
  limit: 200,
  remaining: 240,
  inFlight: 1,
  maxInFlight: 3,
  resetsAt: '2026-12-07T00:00:00.000Z',
  plan: 'free',
  slotsPerMinute: { standard: 1, neural: 2, generative: 4 },
};

const READY_JOB = {
  jobId: 'job-1',
  status: 'ready',
  topic: 'Tides',
  quality: 'neural',
  minutes: 1,
  createdAt: '2026-12-02T09:00:00.000Z',
  updatedAt: '2026-12-02T09:01:00.000Z',
  progress: { done: 2, total: 2 },
  estimatedCost: 2,
  cost: 2,
  chargedWeek: '2026-W49',
  durationSeconds: 58.3,
  audioUrl: '/api/podcasts/job-1/audio?sig=x',
  captionsUrl: '/api/podcasts/job-1/captions?sig=x',
  chapters: [{ title: 'Welcome', startSeconds: 0, endSeconds: 20 }],
};

describe('createApiClient', () => {
  let server: Awaited<ReturnType<typeof startLocalHttpServer>>;
  let route: (url: string, method: string) => [number, unknown];

  beforeAll(async () => {
    server = await startLocalHttpServer((request, response) => {
      const [status, body] = route(request.url, request.method);
      if (typeof body === 'string') {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(body);
      } else sendJson(response, status, body);
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  const client = () =>
    createApiClient({
      identityHeaders: async () => ({ 'x-lumcast-user': 'alice' }),
      fetch: server.fetchRelative,
    });

  it('sends the identity header and reads the quota', async () => {
    route = () => [200, QUOTA];
    await expect(client().getQuota()).resolves.toEqual(QUOTA);
    expect(server.requests[0]?.url).toBe('/api/quota');
    expect(server.requests[0]?.headers['x-lumcast-user']).toBe('alice');
  });

  it('reads a quota from a server that predates reservations as nothing reserved or granted', async () => {
    const older = {
      week: '2026-W49',
      used: 6,
      limit: 200,
      remaining: 194,
      resetsAt: '2026-12-07T00:00:00.000Z',
      plan: 'free',
      slotsPerMinute: { standard: 1, neural: 2, generative: 4 },
    };
    route = () => [200, older];
    const quota = await client().getQuota();
    expect(quota).toEqual({ ...older, reserved: 0, granted: 0, inFlight: 0 });
    expect(quota).not.toHaveProperty('maxInFlight');
  });

  it('refuses a quota whose reserved slots are not a number', async () => {
    route = () => [200, { ...QUOTA, reserved: '4' }];
    await expect(client().getQuota()).rejects.toThrow(
      new ResponseShapeError('GET /api/quota: "reserved" is not a number'),
    );
  });

  it('reads what the audio measured next to the quote and the charge', async () => {
    route = () => [200, { ...READY_JOB, estimatedCost: 4, measuredCost: 5, cost: 4 }];
    await expect(client().getPodcast('job-1')).resolves.toMatchObject({
      estimatedCost: 4,
      measuredCost: 5,
      cost: 4,
    });
    route = () => [200, READY_JOB];
    expect((await client().getPodcast('job-1')).measuredCost).toBeUndefined();
  });

  it('reads a job’s format and source link, and refuses a format it does not know', async () => {
    const link = 'https://example.org/cars';
    route = () => [200, { ...READY_JOB, format: 'debate', sourceUrl: link }];
    await expect(client().getPodcast('job-1')).resolves.toMatchObject({
      format: 'debate',
      sourceUrl: link,
    });
    route = () => [200, READY_JOB];
    const plain = await client().getPodcast('job-1');
    expect(plain).not.toHaveProperty('format');
    expect(plain).not.toHaveProperty('sourceUrl');
    route = () => [200, { ...READY_JOB, format: 'rant' }];
    await expect(client().getPodcast('job-1')).rejects.toThrow('unknown format rant');
  });

  describe('source uploads', () => {
    const UPLOAD = {
      sourceId: 'src-AAAAAAAAAAAAAAAAAAAAAA.pdf',
      uploadUrl: '/upload-here',
      uploadFields: {
        key: 'sources/alice/src-AAAAAAAAAAAAAAAAAAAAAA.pdf',
        'Content-Type': 'application/pdf',
      },
      maxBytes: 10485760,
      expiresAt: '2026-12-06T10:15:00.000Z',
    };

    it('asks POST /api/sources for a form of the file’s type', async () => {
      route = () => [201, UPLOAD];
      await expect(client().createSource('application/pdf')).resolves.toEqual(UPLOAD);
      expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/sources' });
      expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
        contentType: 'application/pdf',
      });
    });

    it('refuses a form whose fields are not all text', async () => {
      route = () => [201, { ...UPLOAD, uploadFields: { key: 7 } }];
      await expect(client().createSource('application/pdf')).rejects.toThrow(ResponseShapeError);
    });

    it('posts the form’s fields, then the file last, to the upload URL, without the identity header', async () => {
      route = () => [204, ''];
      await client().uploadSource(
        UPLOAD,
        new Blob(['%PDF-1.7 lagoons'], { type: 'application/pdf' }),
      );
      const sent = server.requests[0];
      expect(sent).toMatchObject({ method: 'POST', url: '/upload-here' });
      expect(sent?.headers['x-lumcast-user']).toBeUndefined();
      expect(sent?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      const body = sent?.body ?? '';
      const order = ['name="key"', 'name="Content-Type"', 'name="file"'].map((part) =>
        body.indexOf(part),
      );
      expect(order.every((at) => at >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(body).toContain('%PDF-1.7 lagoons');
    });

    it('turns S3’s refusals into an UploadError in words a user can act on', async () => {
      route = () => [
        400,
        '<Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>',
      ];
      await expect(client().uploadSource(UPLOAD, new Blob(['x']))).rejects.toThrow(
        new UploadError('The file is over the 10 MB limit.', {
          status: 400,
          code: 'EntityTooLarge',
        }),
      );
      route = () => [
        403,
        '<Error><Code>AccessDenied</Code><Message>Policy expired.</Message></Error>',
      ];
      await expect(client().uploadSource(UPLOAD, new Blob(['x']))).rejects.toThrow(
        'The file could not be uploaded (HTTP 403: Policy expired.).',
      );
    });
  });

  it('reads the episode options: languages with qualities and voices, formats and minutes', async () => {
    route = () => [200, EPISODE_OPTIONS];
    await expect(client().getOptions()).resolves.toEqual(EPISODE_OPTIONS);
    expect(server.requests[0]?.url).toBe('/api/options');
  });

  it('refuses episode options whose quality is unknown or whose default language is not listed', async () => {
    const [first, ...rest] = EPISODE_OPTIONS.languages;
    const badQuality = { ...first, qualities: [{ quality: 'ultra', voices: [], maxHosts: 0 }] };
    route = () => [200, { ...EPISODE_OPTIONS, languages: [badQuality, ...rest] }];
    await expect(client().getOptions()).rejects.toThrow('unknown quality ultra');
    route = () => [200, { ...EPISODE_OPTIONS, defaultLanguage: 'xx-XX' }];
    await expect(client().getOptions()).rejects.toThrow(ResponseShapeError);
  });

  it('reads a job from an older server: no progress is 0 of 0, no updatedAt is createdAt, an error object is its message', async () => {
    const { progress: _progress, updatedAt: _updatedAt, ...older } = READY_JOB;
    route = () => [200, { ...older, status: 'failed', error: { message: 'Polly refused' } }];
    await expect(client().getPodcast('job-1')).resolves.toMatchObject({
      progress: { done: 0, total: 0 },
      updatedAt: READY_JOB.createdAt,
      error: 'Polly refused',
    });
  });

  it('reads a job’s language, absent when the job names none', async () => {
    route = () => [200, { ...READY_JOB, language: 'es-MX' }];
    await expect(client().getPodcast('job-1')).resolves.toMatchObject({ language: 'es-MX' });
    route = () => [200, READY_JOB];
    expect(await client().getPodcast('job-1')).not.toHaveProperty('language');
  });

  it('posts a new episode as JSON and returns the accepted job', async () => {
    route = () => [202, { jobId: 'job-9', status: 'queued', estimatedCost: 4 }];
    const accepted = await client().createPodcast({
      topic: 'Tides',
      minutes: 2,
      quality: 'neural',
    });
    expect(accepted).toEqual({ jobId: 'job-9', status: 'queued', estimatedCost: 4 });
    expect(server.requests[0]?.method).toBe('POST');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      topic: 'Tides',
      minutes: 2,
      quality: 'neural',
    });
  });

  it('lists jobs with chapters and links as the contract describes them', async () => {
    route = () => [200, { items: [READY_JOB] }];
    const [job] = await client().listPodcasts();
    expect(job).toMatchObject({
      jobId: 'job-1',
      status: 'ready',
      cost: 2,
      chargedWeek: '2026-W49',
    });
    expect(job?.chapters).toEqual([{ title: 'Welcome', startSeconds: 0, endSeconds: 20 }]);
  });

  it('asks for the usage history of N weeks and reads each week', async () => {
    const history = {
      weeks: [
        { week: '2026-W48', startsAt: '2026-11-23T00:00:00.000Z', used: 0 },
        { week: '2026-W49', startsAt: '2026-11-30T00:00:00.000Z', used: 6 },
      ],
    };
    route = () => [200, history];
    await expect(client().getUsageHistory(2)).resolves.toEqual(history);
    expect(server.requests[0]?.url).toBe('/api/usage/history?weeks=2');
  });

  it('reports a usage history whose week has no slot count as a ResponseShapeError', async () => {
    route = () => [200, { weeks: [{ week: '2026-W49', startsAt: '2026-11-30T00:00:00.000Z' }] }];
    await expect(client().getUsageHistory(1)).rejects.toBeInstanceOf(ResponseShapeError);
    route = () => [200, { weeks: 'none' }];
    await expect(client().getUsageHistory(1)).rejects.toThrow('"weeks" is not a list');
  });

  it('asks for one page with limit and cursor in the query and returns its items and nextCursor', async () => {
    route = () => [200, { items: [READY_JOB], nextCursor: 'eyJhZnRlciI6ImpvYi0xIn0' }];
    const page = await client().listPodcastsPage({ limit: 20, cursor: 'eyJhZnRlciI6ImpvYi0wIn0' });
    expect(server.requests[0]?.url).toBe('/api/podcasts?limit=20&cursor=eyJhZnRlciI6ImpvYi0wIn0');
    expect(page.items.map((job) => job.jobId)).toEqual(['job-1']);
    expect(page.nextCursor).toBe('eyJhZnRlciI6ImpvYi0xIn0');
  });

  it('asks for the first page with no query when no page is named, and has no nextCursor on the last page', async () => {
    route = () => [200, { items: [READY_JOB] }];
    const page = await client().listPodcastsPage();
    expect(server.requests[0]?.url).toBe('/api/podcasts');
    expect(page).toEqual({ items: [expect.objectContaining({ jobId: 'job-1' })] });
    expect('nextCursor' in page).toBe(false);
  });

  it('keeps listPodcasts returning the first page of jobs when the answer has a nextCursor', async () => {
    route = () => [200, { items: [READY_JOB], nextCursor: 'eyJhZnRlciI6ImpvYi0xIn0' }];
    const jobs = await client().listPodcasts();
    expect(server.requests[0]?.url).toBe('/api/podcasts');
    expect(jobs.map((job) => job.jobId)).toEqual(['job-1']);
  });

  it('reports a nextCursor that is not a non-empty string as a ResponseShapeError', async () => {
    route = () => [200, { items: [], nextCursor: 42 }];
    await expect(client().listPodcastsPage()).rejects.toThrow(
      new ResponseShapeError('GET /api/podcasts: "nextCursor" is not a string'),
    );
    route = () => [200, { items: [], nextCursor: '' }];
    await expect(client().listPodcastsPage()).rejects.toThrow(
      new ResponseShapeError('GET /api/podcasts: "nextCursor" is empty'),
    );
    route = () => [200, { items: [], nextCursor: 42 }];
    await expect(client().listPodcasts()).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('turns a refused cursor into an ApiError naming the cursor field', async () => {
    route = () => [
      400,
      {
        error: {
          code: 'invalid_field',
          message: 'The cursor is not one this API returned.',
          field: 'cursor',
        },
      },
    ];
    await expect(client().listPodcastsPage({ cursor: 'forged' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'invalid_field',
      field: 'cursor',
    });
    expect(server.requests[0]?.url).toBe('/api/podcasts?cursor=forged');
  });

  it('turns a quota refusal into an ApiError that keeps code, remaining and reset time', async () => {
    route = () => [
      429,
      {
        error: {
          code: 'quota_exhausted',
          message: 'Only 3 slots remain this week.',
          remaining: 3,
          resetsAt: '2026-12-07T00:00:00.000Z',
        },
      },
    ];
    const error = await client()
      .createPodcast({ topic: 'Tides', minutes: 60, quality: 'generative' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'quota_exhausted',
      message: 'Only 3 slots remain this week.',
    });
    expect((error as ApiError).details).toEqual({
      remaining: 3,
      resetsAt: '2026-12-07T00:00:00.000Z',
    });
  });

  it('keeps the message and figures of a refusal for too many episodes in progress as the server sent them', async () => {
    const message =
      'You already have 3 episodes in progress, the most your plan runs at once (3); start this one when one of them is done. Nothing was charged.';
    route = () => [
      429,
      {
        error: {
          code: 'too_many_in_flight',
          message,
          inFlight: 3,
          maxInFlight: 3,
          retryAt: '2026-12-03T13:05:00.000Z',
        },
      },
    ];
    const error = await client()
      .createPodcast({ topic: 'Tides', minutes: 1, quality: 'standard' })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 429, code: 'too_many_in_flight', message });
    expect((error as ApiError).details).toEqual({
      inFlight: 3,
      maxInFlight: 3,
      retryAt: '2026-12-03T13:05:00.000Z',
    });
  });

  it('keeps the field a 400 names, and explains a bare 401', async () => {
    route = () => [
      400,
      { error: { code: 'invalid_request', message: 'topic is empty', field: 'topic' } },
    ];
    await expect(
      client().createPodcast({ topic: ' ', minutes: 1, quality: 'standard' }),
    ).rejects.toMatchObject({
      status: 400,
      field: 'topic',
    });
    route = () => [401, ''];
    await expect(client().getQuota()).rejects.toMatchObject({
      status: 401,
      code: 'http_401',
      message: 'You are not signed in. (HTTP 401)',
    });
  });

  it('reports a job from outside the contract as a ResponseShapeError naming the member', async () => {
    route = () => [200, { items: [{ ...READY_JOB, status: 'exploded' }] }];
    await expect(client().listPodcasts()).rejects.toThrow(
      new ResponseShapeError('items[0]: unknown status exploded'),
    );
    route = () => [200, 'not json'];
    await expect(client().getQuota()).rejects.toBeInstanceOf(ResponseShapeError);
  });

  const FEED = {
    feedId: 'feed-1',
    feedUrl: 'https://lumcast.example/feeds/feed-1.xml',
    seriesId: 'rivers',
    createdAt: '2026-12-02T10:00:00.000Z',
  };
  const ALL_EPISODES_FEED = {
    feedId: 'feed-2',
    feedUrl: 'http://localhost:3000/feeds/feed-2.xml',
    createdAt: '2026-12-02T11:00:00.000Z',
  };

  it('lists the feed links as the server sends them, newest first', async () => {
    route = () => [200, { feeds: [ALL_EPISODES_FEED, FEED] }];
    const feeds = await client().listFeeds();
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/feeds' });
    expect(server.requests[0]?.headers['x-lumcast-user']).toBe('alice');
    expect(feeds).toEqual([ALL_EPISODES_FEED, FEED]);
    expect(feeds[0]).not.toHaveProperty('seriesId');
  });

  it('posts the series of a new feed link and returns the 201 answer', async () => {
    route = () => [201, FEED];
    await expect(client().createFeed({ seriesId: 'rivers' })).resolves.toEqual(FEED);
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/feeds' });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(server.requests[0]?.headers['x-lumcast-user']).toBe('alice');
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({ seriesId: 'rivers' });
  });

  it('posts an empty body for a feed link of all episodes', async () => {
    route = () => [201, ALL_EPISODES_FEED];
    await expect(client().createFeed({})).resolves.toEqual(ALL_EPISODES_FEED);
    await client().createFeed({ seriesId: undefined });
    expect(server.requests.map((request) => JSON.parse(request.body) as unknown)).toEqual([{}, {}]);
  });

  it('turns a full set of feed links into an ApiError with the server message', async () => {
    const message = 'You already have 20 feed links; revoke one to make another.';
    route = () => [422, { error: { code: 'too_many_feeds', message } }];
    const error = await client()
      .createFeed({})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'too_many_feeds', message });
  });

  it('keeps the field a refused series id names', async () => {
    route = () => [
      400,
      { error: { code: 'invalid_field', message: 'seriesId is too long', field: 'seriesId' } },
    ];
    await expect(client().createFeed({ seriesId: 'x'.repeat(500) })).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'invalid_field',
      field: 'seriesId',
      message: 'seriesId is too long',
    });
  });

  it('reports a feed link from outside the contract as a ResponseShapeError naming the member', async () => {
    route = () => [201, { ...FEED, feedUrl: '/feeds/feed-1.xml' }];
    await expect(client().createFeed({})).rejects.toThrow(
      new ResponseShapeError('POST /api/feeds: "feedUrl" is not an absolute http(s) URL'),
    );
    route = () => [201, { ...FEED, feedUrl: 'javascript:alert(1)' }];
    await expect(client().createFeed({})).rejects.toBeInstanceOf(ResponseShapeError);
    route = () => [200, { feeds: [FEED, { ...FEED, feedId: 7 }] }];
    await expect(client().listFeeds()).rejects.toThrow(
      new ResponseShapeError('feeds[1]: "feedId" is not a string'),
    );
    route = () => [200, { feeds: [{ ...FEED, createdAt: undefined }] }];
    await expect(client().listFeeds()).rejects.toThrow('"createdAt" is not a string');
    route = () => [200, { items: [] }];
    await expect(client().listFeeds()).rejects.toThrow(
      new ResponseShapeError('GET /api/feeds: "feeds" is not a list'),
    );
  });

  it('revokes a feed link with DELETE, encoding its id, and reads no body from the 204', async () => {
    route = () => [204, ''];
    await expect(client().revokeFeed('feed/1 ?')).resolves.toBeUndefined();
    expect(server.requests[0]).toMatchObject({
      method: 'DELETE',
      url: '/api/feeds/feed%2F1%20%3F',
      body: '',
    });
    expect(server.requests[0]?.headers['x-lumcast-user']).toBe('alice');
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
  });

  it('does not parse the body of a successful revoke', async () => {
    const text = jest.fn(async () => 'not json');
    const json = jest.fn(async () => {
      throw new Error('no body');
    });
    const api = createApiClient({
      identityHeaders: async () => ({}),
      fetch: async () => ({ ok: true, status: 204, text, json }) as unknown as Response,
    });
    await expect(api.revokeFeed('feed-1')).resolves.toBeUndefined();
    expect(text).not.toHaveBeenCalled();
    expect(json).not.toHaveBeenCalled();
  });

  it("turns a revoke of someone else's feed link into a 404 ApiError", async () => {
    route = () => [404, { error: { code: 'not_found', message: 'No such feed.' } }];
    await expect(client().revokeFeed('feed-9')).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'not_found',
      message: 'No such feed.',
    });
    route = () => [404, ''];
    await expect(client().revokeFeed('feed-9')).rejects.toMatchObject({
      status: 404,
      message: 'Not found. (HTTP 404)',
    });
  });

  it('reports an unreachable server as a NetworkError', async () => {
    const offline = createApiClient({
      identityHeaders: async () => ({}),
      fetch: (input, init) => fetch(new URL(String(input), 'http://127.0.0.1:9'), init),
    });
    await expect(offline.getQuota()).rejects.toBeInstanceOf(NetworkError);
  });
});

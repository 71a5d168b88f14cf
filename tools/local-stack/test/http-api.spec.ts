/**
 * Every refusal of the HTTP API, through the real local server (API Gateway v2
 * events into the same `api` handler Lambda runs), on DynamoDB Local.
 */
import {
  SERIES_ID_MAX_CHARS,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
} from '@lumcast/script-generation';
import type { LocalStack } from './support';
import { callApi, ledgerOf, startTestStack, temporaryDataDir } from './support';

jest.setTimeout(60_000);

const valid = { topic: 'Tides', minutes: 5, quality: 'neural' };

describe('the HTTP API', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;

  beforeAll(async () => {
    // Nothing is consumed in this suite: it is about what the API accepts.
    stack = await startTestStack({ dataDir: data.dir, holdJobs: true });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('answers 401 to a request without an identity, and never trusts a user id from the body', async () => {
    expect((await callApi(stack, 'GET', '/api/quota')).status).toBe(401);
    expect((await callApi(stack, 'POST', '/api/podcasts', { body: valid })).status).toBe(401);
    const smuggled = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'alice',
      body: { ...valid, userId: 'bob' },
    });
    expect(smuggled.status).toBe(400);
    expect(smuggled.body.error).toMatchObject({ code: 'unknown_field', field: 'userId' });
  });

  it.each(['.', '..', '../alice', 'alice/..'])(
    'answers 401 to the user %j on every route, so no object key leaves a user’s folder',
    async (user) => {
      for (const [method, route] of [
        ['POST', '/api/sources'],
        ['POST', '/api/podcasts'],
        ['GET', '/api/podcasts'],
        ['GET', '/api/quota'],
        ['GET', '/api/feeds'],
      ] as const) {
        const body = route === '/api/sources' ? { contentType: 'text/plain' } : valid;
        const answer = await callApi(stack, method, route, {
          user,
          ...(method === 'POST' ? { body } : {}),
        });
        expect({ route, status: answer.status }).toEqual({ route, status: 401 });
      }
    },
  );

  it.each(['/api/quota', '/api/feeds', '/api/podcasts', '/api/usage/history', '/api/options'])(
    'answers 400 naming an unknown query parameter on GET %s',
    async (route) => {
      const answer = await callApi(stack, 'GET', `${route}?userId=bob`, { user: 'alice' });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        code: 'invalid_field',
        message: 'Unknown query parameter "userId".',
        field: 'userId',
      });
    },
  );

  it.each([
    ['malformed JSON', '{"topic":', 'malformed_json', undefined],
    ['a JSON array', '[1,2]', 'malformed_json', undefined],
    ['an empty body', '', 'malformed_json', undefined],
  ])('answers 400 to %s', async (_name, rawBody, code, field) => {
    const response = await callApi(stack, 'POST', '/api/podcasts', { user: 'alice', rawBody });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    expect(response.body.error.field).toBe(field);
    expect(response.body.error.message).toEqual(expect.any(String));
  });

  it.each([
    ['an empty topic', { ...valid, topic: '   ' }, 'topic'],
    ['a missing topic', { minutes: 5, quality: 'neural' }, 'topic'],
    ['a topic over the limit', { ...valid, topic: 'x'.repeat(TOPIC_MAX_CHARS + 1) }, 'topic'],
    [
      'a source text over the limit',
      { ...valid, sourceText: 'x'.repeat(SOURCE_TEXT_MAX_CHARS + 1) },
      'sourceText',
    ],
    ['zero minutes', { ...valid, minutes: 0 }, 'minutes'],
    ['61 minutes', { ...valid, minutes: 61 }, 'minutes'],
    ['fractional minutes', { ...valid, minutes: 1.5 }, 'minutes'],
    ['minutes as a string', { ...valid, minutes: '5' }, 'minutes'],
    ['an unknown quality', { ...valid, quality: 'ultra' }, 'quality'],
    [
      'a series id over the limit',
      { ...valid, seriesId: 's'.repeat(SERIES_ID_MAX_CHARS + 1) },
      'seriesId',
    ],
    ['a series id with control characters', { ...valid, seriesId: 'a\u0000b' }, 'seriesId'],
    ['a series id that is not text', { ...valid, seriesId: 42 }, 'seriesId'],
  ])('answers 400 naming the field to %s', async (_name, body, field) => {
    const response = await callApi(stack, 'POST', '/api/podcasts', { user: 'alice', body });
    expect(response.status).toBe(400);
    expect(response.body.error.field).toBe(field);
    expect(response.body.error.message.length).toBeGreaterThan(10);
  });

  it('answers 422 to an episode that alone costs more than the weekly limit, with the numbers', async () => {
    const response = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'alice',
      body: { topic: 'Tides', minutes: 60, quality: 'generative' },
    });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: 'exceeds_weekly_limit',
      estimatedCost: 240,
      limit: 200,
    });
    expect(response.body.error.message).toMatch(/240 slots.*200/);
  });

  it('answers 429 when the episode costs more than what remains, saying how many remain and when they reset', async () => {
    await ledgerOf(stack).settle({
      userId: 'frank',
      jobId: 'earlier',
      cost: 190,
      weeklyLimit: 200,
    });
    const response = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'frank',
      body: { topic: 'Tides', minutes: 6, quality: 'neural' },
    });
    expect(response.status).toBe(429);
    expect(response.body.error).toMatchObject({ code: 'quota_exhausted', remaining: 10 });
    expect(new Date(response.body.error.resetsAt).getUTCDay()).toBe(1);
    expect(response.body.error.message).toMatch(/only 10 of 200 remain/);
  });

  it('accepts a valid request with 202, the job id and the estimated cost, and lists it as queued', async () => {
    const response = await callApi(stack, 'POST', '/api/podcasts', { user: 'alice', body: valid });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      jobId: expect.stringMatching(/^j-/),
      status: 'queued',
      estimatedCost: 10,
    });
    const list = await callApi(stack, 'GET', '/api/podcasts', { user: 'alice' });
    expect(list.body.items.map((job: { jobId: string }) => job.jobId)).toContain(
      response.body.jobId,
    );
    expect(list.body.items[0]).not.toHaveProperty('sourceText');
  });

  it('lists jobs newest first', async () => {
    const first = await callApi(stack, 'POST', '/api/podcasts', { user: 'gina', body: valid });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await callApi(stack, 'POST', '/api/podcasts', { user: 'gina', body: valid });
    const list = await callApi(stack, 'GET', '/api/podcasts', { user: 'gina' });
    expect(list.body.items.map((job: { jobId: string }) => job.jobId)).toEqual([
      second.body.jobId,
      first.body.jobId,
    ]);
  });

  it('pages the list with limit and nextCursor, and answers 400 to a bad cursor or limit', async () => {
    const posted = [];
    for (let i = 0; i < 3; i++) {
      posted.push(await callApi(stack, 'POST', '/api/podcasts', { user: 'hana', body: valid }));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = await callApi(stack, 'GET', '/api/podcasts?limit=2', { user: 'hana' });
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(typeof first.body.nextCursor).toBe('string');
    const cursor = encodeURIComponent(first.body.nextCursor as string);
    const second = await callApi(stack, 'GET', `/api/podcasts?limit=2&cursor=${cursor}`, {
      user: 'hana',
    });
    const listed = [...first.body.items, ...second.body.items].map(
      (job: { jobId: string }) => job.jobId,
    );
    expect(listed).toEqual(posted.map((response) => response.body.jobId).reverse());
    expect(second.body.nextCursor).toBeUndefined();

    const badCursor = await callApi(stack, 'GET', '/api/podcasts?cursor=nonsense', {
      user: 'hana',
    });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.field).toBe('cursor');
    const badLimit = await callApi(stack, 'GET', '/api/podcasts?limit=500', { user: 'hana' });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.field).toBe('limit');
  });

  it('answers 404 to an unknown job, a malformed job id, an unknown route, and 405 to a wrong method', async () => {
    expect(
      (
        await callApi(stack, 'GET', '/api/podcasts/j-0000000000-0000000000000000', {
          user: 'alice',
        })
      ).status,
    ).toBe(404);
    expect((await callApi(stack, 'GET', '/api/podcasts/%2e%2e', { user: 'alice' })).status).toBe(
      404,
    );
    expect((await callApi(stack, 'GET', '/api/nothing-here', { user: 'alice' })).status).toBe(404);
    const wrongMethod = await callApi(stack, 'DELETE', '/api/podcasts', { user: 'alice' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.error.code).toBe('method_not_allowed');
  });

  it('answers 413 to a body over the size limit', async () => {
    const response = await callApi(stack, 'POST', '/api/podcasts', {
      user: 'alice',
      rawBody: 'x'.repeat(1_100_000),
    });
    expect(response.status).toBe(413);
  });

  it('reports the quota with week, limit, reset time, plan and prices', async () => {
    const response = await callApi(stack, 'GET', '/api/quota', { user: 'nobody-yet' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      week: expect.stringMatching(/^\d{4}-W\d{2}$/),
      used: 0,
      limit: 200,
      remaining: 200,
      plan: 'free',
      slotsPerMinute: { standard: 1, neural: 2, generative: 4 },
    });
  });

  it('reports the usage history per week, and answers 400 to a weeks outside 1 to 26', async () => {
    const history = await callApi(stack, 'GET', '/api/usage/history?weeks=3', {
      user: 'nobody-yet',
    });
    expect(history.status).toBe(200);
    expect(history.body.weeks).toHaveLength(3);
    expect(history.body.weeks[2]).toMatchObject({
      week: expect.stringMatching(/^\d{4}-W\d{2}$/),
      used: 0,
    });
    const refused = await callApi(stack, 'GET', '/api/usage/history?weeks=27', {
      user: 'nobody-yet',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_field', field: 'weeks' });
  });

  it('serves the local dashboard configuration with the dev identity', async () => {
    expect((await callApi(stack, 'GET', '/config.json')).body).toEqual({ identity: 'local' });
  });
});

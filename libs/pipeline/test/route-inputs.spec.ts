/**
 * What every route takes from the URL is checked once, before the route runs and before any
 * read: the caller's user id (401), the path's ids (400) and the query's parameters (400 for
 * one the route does not take). Each table runs over every route of the API; the stores here
 * refuse to be called, so a refusal is shown to come before any I/O.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createApiHandler, type ApiDeps } from '../src/api/api-handler';
import { createLogger } from '../src/logging/logger';
import { apiEvent } from './api-events';

const FEED = 'f-AAAAAAAAAAAAAAAAAAAAAA';
const JOB = 'j-0mipvs3k00-5f1c9a0b7e2d4c66';

/** Every route of the API (the README's table), its ids as `{name}`. */
const ROUTES: [method: string, path: string][] = [
  ['POST', '/api/podcasts'],
  ['GET', '/api/podcasts'],
  ['GET', '/api/podcasts/{jobId}'],
  ['GET', '/api/quota'],
  ['GET', '/api/options'],
  ['POST', '/api/sources'],
  ['GET', '/api/usage/history'],
  ['POST', '/api/feeds'],
  ['GET', '/api/feeds'],
  ['DELETE', '/api/feeds/{feedId}'],
  ['GET', '/api/series/{seriesId}/hosts'],
  ['PUT', '/api/series/{seriesId}/hosts'],
  ['GET', '/feeds/{feedId}'],
  ['GET', '/feeds/{feedId}/cover.png'],
  ['GET', '/feeds/{feedId}/episodes/{jobId}/audio.mp3'],
  ['GET', '/feeds/{feedId}/episodes/{jobId}/captions.vtt'],
  ['GET', '/feeds/{feedId}/episodes/{jobId}/chapters.json'],
];
const SIGNED_IN = ROUTES.filter(([, path]) => path.startsWith('/api/'));
const WITH_IDS = ROUTES.flatMap(([method, path]) =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [method, path, name as string] as const),
);

/** A route's path with its ids filled in, one of them (`name`) as `value`. */
function pathOf(template: string, name?: string, value?: string): string {
  return template.replace(/\{(\w+)\}/g, (_, id: string) =>
    id === name ? (value as string) : id === 'feedId' ? FEED : JOB,
  );
}

let calls: string[] = [];

/** A dependency whose every method records its call and fails: nothing here may be read. */
function untouched(dependency: string): never {
  return new Proxy(
    {},
    {
      get: (_target, method) => () => {
        calls.push(`${dependency}.${String(method)}`);
        throw new Error(`${dependency}.${String(method)} was called`);
      },
    },
  ) as never;
}

const deps: ApiDeps = {
  jobs: untouched('jobs'),
  feeds: untouched('feeds'),
  seriesEpisodes: untouched('seriesEpisodes'),
  seriesHosts: untouched('seriesHosts'),
  ledger: untouched('ledger'),
  queue: untouched('queue'),
  links: untouched('links'),
  uploads: untouched('uploads'),
  store: untouched('store'),
  speechEngine: 'espeak-ng',
  // The tests' resolver answers the header as it is: the handler itself must refuse a bad id.
  identity: (event) => event.headers['x-user'],
  logger: createLogger('route-inputs-test'),
  now: () => new Date('2026-12-06T10:00:00.000Z'),
};
const handler = createApiHandler(deps);

async function call(...args: Parameters<typeof apiEvent>) {
  const response = (await handler(apiEvent(...args))) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode, body: JSON.parse(String(response.body || '{}')) };
}

beforeEach(() => {
  calls = [];
});

describe('an unknown query parameter', () => {
  it.each(ROUTES)(
    'is refused on %s %s with 400 naming it, before any read',
    async (method, path) => {
      const answer = await call(method, pathOf(path), 'ann', { query: { userId: 'bob' } });
      expect(answer).toEqual({
        status: 400,
        body: {
          error: {
            code: 'invalid_field',
            message: 'Unknown query parameter "userId".',
            field: 'userId',
          },
        },
      });
      expect(calls).toEqual([]);
    },
  );

  it.each([
    ['GET', '/api/podcasts', { limit: '2', cursor: 'abc' }, 'jobs.listPageForUser'],
    ['GET', '/api/usage/history', { weeks: '3' }, 'ledger.usageHistory'],
  ])(
    'is told apart from those %s %s declares (%j reach the route)',
    async (method, path, query, read) => {
      await call(method, path, 'ann', { query });
      expect(calls).toEqual([read]);
    },
  );

  it('is named first when a declared parameter comes with it', async () => {
    const answer = await call('GET', '/api/podcasts', 'ann', {
      query: { limit: '2', sort: 'asc' },
    });
    expect(answer.body.error).toMatchObject({ code: 'invalid_field', field: 'sort' });
  });
});

describe('a user id that is a path segment with a meaning', () => {
  const BAD_USER_IDS = ['.', '..', '../bob', 'a/b', 'a\\b', 'a\u0000b', 'a\nb', ''];

  it.each(SIGNED_IN.flatMap(([method, path]) => BAD_USER_IDS.map((user) => [method, path, user])))(
    'is 401 on %s %s for %j, before any read',
    async (method, path, user) => {
      const answer = await call(method as string, pathOf(path as string), user);
      expect(answer).toMatchObject({ status: 401, body: { error: { code: 'unauthenticated' } } });
      expect(calls).toEqual([]);
    },
  );

  it.each(['...', '.alice', 'alice.', 'a..b', 'alice@example.org'])(
    'leaves %j, which names nothing but itself, to the route',
    async (user) => {
      expect((await call('GET', '/api/quota', user)).status).toBe(500);
      expect(calls).toEqual(['ledger.usage']);
    },
  );
});

describe('a path id that is not one plain segment', () => {
  const BAD_IDS = [
    '.',
    '..',
    '%2e',
    '%2E%2e',
    'a%2Fb',
    '..%2F..',
    'a%5Cb',
    'a\\b',
    '%00',
    'a%0Ab',
    '%7F',
    'a%zz',
  ];

  it.each(
    WITH_IDS.flatMap(([method, path, name]) => BAD_IDS.map((id) => [method, path, name, id])),
  )(
    'is refused on %s %s with 400 naming %s for %j, before any read',
    async (method, path, name, id) => {
      const answer = await call(method as string, pathOf(path as string, name, id), 'ann');
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'invalid_field', field: name });
      expect(answer.body.error.message).toMatch(/must be one path segment/);
      expect(calls).toEqual([]);
    },
  );

  it.each(WITH_IDS)('%s %s passes a plain %s to the route', async (method, path) => {
    // A PUT's body is read before any dependency: give it one the route accepts.
    await call(method, pathOf(path), 'ann', method === 'PUT' ? { body: { hosts: [] } } : {});
    expect(calls.length).toBe(1);
  });
});

describe('a source id in a body that is a path segment with a meaning', () => {
  it.each([
    '.',
    '..',
    '../src-AAAAAAAAAAAAAAAAAAAAAA.txt',
    'src-AAAAAAAAAAAAAAAAAAAAAA.txt/..',
    'src-AAAAAAAAAAAAAAAAAAAA\\.txt',
    'src-AAAAAAAAAAAAAAAAAAAAAA.txt\u0000',
  ])(
    'is refused by POST /api/podcasts with 400 naming sourceId for %j, before any read',
    async (sourceId) => {
      const answer = await call('POST', '/api/podcasts', 'ann', {
        body: { topic: 'Tides', minutes: 1, quality: 'standard', sourceId },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_field', field: 'sourceId' } },
      });
      expect(calls).toEqual([]);
    },
  );
});

/**
 * @jest-environment node
 */
import { createApiClient, type ApiClient } from '../src/api/api-client';
import { ApiError, ResponseShapeError } from '../src/api/errors';
import { sendJson, startLocalHttpServer } from './support/local-http-server';

const SCRIPT = {
  version: 2,
  hosts: [{ name: 'Alex' }, { name: 'Sam' }],
  turns: [
    { id: 't1', speaker: 'Alex', text: 'Welcome.', seconds: 2 },
    { id: 't2', speaker: 'Sam', text: 'Thanks.', seconds: 1 },
  ],
  chapters: [{ title: 'Welcome', turnIds: ['t1', 't2'] }],
  estimatedSeconds: 3,
  estimatedCost: 1,
};
const EDIT = { version: 2, turns: [{ id: 't1', speaker: 'Alex', text: 'Hello.' }] };
const QUOTE = {
  estimatedSeconds: 3,
  newSeconds: 1,
  estimatedCost: 1,
  chunksToSynthesize: 1,
  chunksReused: 1,
};
const ACCEPTED = {
  jobId: 'job-1',
  version: 2,
  status: 'queued',
  estimatedCost: 1,
  chunksToSynthesize: 1,
  chunksReused: 1,
};
const HOSTS = {
  seriesId: 'rivers & lakes',
  hosts: [{ name: 'Noor', persona: 'A calm geologist.', voices: { neural: 'Ruth' } }],
};

/** Each new call: how it is made, the request it should send, and the answer it reads. */
const CALLS: [string, (api: ApiClient) => Promise<unknown>, string, string, unknown, unknown][] = [
  [
    'getPodcastScript',
    (api) => api.getPodcastScript('job-1'),
    'GET',
    '/api/podcasts/job-1/script',
    undefined,
    SCRIPT,
  ],
  [
    'putPodcastScript',
    (api) => api.putPodcastScript('job-1', EDIT),
    'PUT',
    '/api/podcasts/job-1/script',
    EDIT,
    SCRIPT,
  ],
  [
    'quotePodcastScript',
    (api) => api.quotePodcastScript('job-1', EDIT),
    'POST',
    '/api/podcasts/job-1/script/quote',
    EDIT,
    QUOTE,
  ],
  [
    'renderPodcast',
    (api) => api.renderPodcast('job-1', 2),
    'POST',
    '/api/podcasts/job-1/render',
    { version: 2 },
    ACCEPTED,
  ],
  [
    'getSeriesHosts',
    (api) => api.getSeriesHosts('rivers & lakes'),
    'GET',
    '/api/series/rivers%20%26%20lakes/hosts',
    undefined,
    HOSTS,
  ],
  [
    'putSeriesHosts',
    (api) => api.putSeriesHosts('rivers & lakes', { hosts: HOSTS.hosts }),
    'PUT',
    '/api/series/rivers%20%26%20lakes/hosts',
    { hosts: HOSTS.hosts },
    HOSTS,
  ],
];

describe('the client’s script, render and series hosts calls', () => {
  let server: Awaited<ReturnType<typeof startLocalHttpServer>>;
  let answer: [number, unknown] = [200, {}];

  beforeAll(async () => {
    server = await startLocalHttpServer((_request, response) => sendJson(response, ...answer));
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

  it.each(CALLS)(
    '%s sends its method, path and body, and reads the answer the contract describes',
    async (_name, call, method, path, body, reply) => {
      answer = [method === 'POST' && path.endsWith('/render') ? 202 : 200, reply];
      await expect(call(client())).resolves.toEqual(reply);
      const [sent] = server.requests;
      expect(sent?.method).toBe(method);
      expect(sent?.url).toBe(path);
      expect(sent?.headers['x-lumcast-user']).toBe('alice');
      expect(sent?.body === '' ? undefined : JSON.parse(sent?.body ?? '')).toEqual(body);
    },
  );

  it.each(CALLS)(
    '%s reports an answer outside the contract as a ResponseShapeError',
    async (_name, call) => {
      answer = [200, { version: 'two', hosts: 'none', estimatedCost: '1' }];
      await expect(call(client())).rejects.toBeInstanceOf(ResponseShapeError);
    },
  );

  it('keeps the turn and field of a refused edit, and the latest version of a stale one', async () => {
    answer = [
      400,
      {
        error: {
          code: 'invalid_turn',
          message: 'turns[1]: Too small.',
          field: 'text',
          turn: { index: 1, id: 't2' },
        },
      },
    ];
    const refused = await client()
      .putPodcastScript('job-1', EDIT)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, code: 'invalid_turn', field: 'text' });
    expect((refused as ApiError).details['turn']).toEqual({ index: 1, id: 't2' });

    answer = [409, { error: { code: 'stale_version', message: 'Stale.', latestVersion: 3 } }];
    const stale = await client()
      .renderPodcast('job-1', 2)
      .catch((error: unknown) => error);
    expect(stale).toMatchObject({ status: 409, code: 'stale_version' });
    expect((stale as ApiError).details['latestVersion']).toBe(3);
  });
});

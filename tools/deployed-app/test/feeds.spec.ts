/**
 * Subscribable feeds through the synthesized app, as a podcast app uses them: the feed link made
 * by a signed-in user (JWT), the feed, its enclosure and its chapters fetched with no identity
 * through the public routes (`AuthorizationType: NONE`), the enclosure a 302 to a presigned link
 * of the local S3 that answers a Range (its key names no owner), and a revoke. Every AWS call the api function makes on
 * the way (the feeds table, its user-feeds index, the jobs table's series-episodes index, the
 * presigned GetObject) is judged against the template's IAM by the front doors.
 */
import type { FeedLink } from '@lumcast/pipeline';
import { parseFeed } from 'podcast-partytime';
import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { api, createEpisode, describeDenials, untilFinal, type PublicJobView } from './episodes';

let deployed: DeployedApp;
let token: string;
let episode: PublicJobView;
let feed: FeedLink;

/** A fetch of the deployed API with no Authorization header at all (what a podcast app sends). */
const anonymous = (url: string, init: RequestInit = {}): Promise<Response> => fetch(url, init);

/** The path and query of a URL the API handed out, on the running gateway. */
const onGateway = (url: string): string => {
  const { pathname, search } = new URL(url);
  return `${deployed.apiUrl}${pathname}${search}`;
};

beforeAll(async () => {
  deployed = await startDeployedApp({ timeScale: 0.05 });
  token = await deployed.token('feed-owner-1');
  const jobId = await createEpisode(deployed, token, {
    topic: 'How rivers find the sea',
    minutes: 1,
    quality: 'standard',
    seriesId: 'rivers',
  });
  episode = await untilFinal(deployed, token, jobId, 240_000);
}, 420_000);
afterAll(() => deployed?.stop());

describe('a series feed through the deployed app', () => {
  it('is made by a signed-in user with POST /api/feeds (201), listed for that user, with no IAM denial', async () => {
    expect(episode.status).toBe('ready');
    const created = await api(deployed, token, 'POST', '/api/feeds', { seriesId: 'rivers' });
    expect(created.status).toBe(201);
    feed = created.body as FeedLink;
    expect(feed).toMatchObject({ seriesId: 'rivers', feedId: expect.any(String) });
    // The gateway says the request came over plain HTTP to this host and port, as it did.
    expect(feed.feedUrl).toBe(`${deployed.apiUrl}/feeds/${feed.feedId}`);
    const listed = await api(deployed, token, 'GET', '/api/feeds');
    expect(listed).toEqual({ status: 200, body: { feeds: [feed] } });
    const stranger = await deployed.token('feed-stranger-2');
    expect((await api(deployed, stranger, 'GET', '/api/feeds')).body).toEqual({ feeds: [] });
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('answers its RSS with no identity, which Podcast Index’s parser reads: one item, an audio/mpeg enclosure of the episode’s bytes', async () => {
    const response = await anonymous(onGateway(feed.feedUrl));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const parsed = parseFeed(await response.text());
    expect(parsed?.items).toHaveLength(1);
    const item = parsed?.items[0];
    expect(item?.guid).toBe(`lumcast:${episode.jobId}`);
    expect(item?.enclosure.type).toBe('audio/mpeg');
    expect(item?.enclosure.length).toBeGreaterThan(0);
    expect(item?.enclosure.url).toBe(`${feed.feedUrl}/episodes/${episode.jobId}/audio.mp3`);
    const head = await anonymous(onGateway(feed.feedUrl), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('plays the enclosure with no identity: a 302 to a presigned S3 link that answers Range bytes=0-99 with 206 and the first 100 bytes of an MP3', async () => {
    const parsed = parseFeed(await (await anonymous(onGateway(feed.feedUrl))).text());
    const enclosure = parsed?.items[0]?.enclosure;
    const redirect = await anonymous(onGateway(enclosure?.url as string), { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') as string;
    expect(new URL(location).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(new URL(location).pathname).toContain(`/${episode.jobId}/`);
    // The presigned key names the job, never its owner: the feed tells nobody whose it is.
    expect(decodeURIComponent(location)).not.toContain('feed-owner-1');

    const part = await fetch(location, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${enclosure?.length}`);
    const bytes = Buffer.from(await part.arrayBuffer());
    expect(bytes.byteLength).toBe(100);
    const id3 = bytes.subarray(0, 3).toString('latin1') === 'ID3';
    const frameSync = bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
    expect({ id3, frameSync, startsAsMp3: id3 || frameSync }).toMatchObject({
      startsAsMp3: true,
    });
    // The link was judged as the api role's s3:GetObject on the episode's key, and allowed.
    expect(deployed.endpoints.calls).toContainEqual(
      expect.objectContaining({
        action: 's3:GetObject',
        resource: expect.stringContaining(`/episodes/`),
      }),
    );
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('serves the chapters with no identity as JSON Chapters 1.2.0, each with a startTime', async () => {
    const chapters = await anonymous(
      onGateway(`${feed.feedUrl}/episodes/${episode.jobId}/chapters.json`),
    );
    expect(chapters.status).toBe(200);
    expect(chapters.headers.get('content-type')).toBe('application/json+chapters');
    const document = (await chapters.json()) as {
      version: string;
      chapters: { startTime: number; title?: string }[];
    };
    expect(document.version).toBe('1.2.0');
    expect(document.chapters.length).toBeGreaterThan(0);
    for (const chapter of document.chapters) expect(typeof chapter.startTime).toBe('number');
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('queried the feeds table’s user-feeds index and the jobs table’s series-episodes index as the api role, each on its index ARN', () => {
    const apiFunction = deployed.app.functions.find((f) => f.handlerName === 'api');
    const indexArn = (name: string): string | undefined => {
      const table = deployed.app.tables.find((t) =>
        (t.globalSecondaryIndexes ?? []).some((i) => i.IndexName === name),
      );
      return table && `${table.tableArn}/index/${name}`;
    };
    const queried = deployed.endpoints.calls
      .filter(
        (call) =>
          call.functionLogicalId === apiFunction?.logicalId && call.action === 'dynamodb:Query',
      )
      .map((call) => call.resource);
    expect(queried).toEqual(
      expect.arrayContaining([indexArn('user-feeds'), indexArn('series-episodes')]),
    );
  });

  it('stops answering once its owner revokes it: DELETE (204, no body), then the feed and its audio 404', async () => {
    const stranger = await deployed.token('feed-stranger-2');
    expect((await api(deployed, stranger, 'DELETE', `/api/feeds/${feed.feedId}`)).status).toBe(404);
    const revoked = await fetch(`${deployed.apiUrl}/api/feeds/${feed.feedId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(revoked.status).toBe(204);
    expect(await revoked.text()).toBe('');
    expect((await anonymous(onGateway(feed.feedUrl))).status).toBe(404);
    const audio = `${feed.feedUrl}/episodes/${episode.jobId}/audio.mp3`;
    expect((await anonymous(onGateway(audio), { redirect: 'manual' })).status).toBe(404);
    expect((await api(deployed, token, 'GET', '/api/feeds')).body).toEqual({ feeds: [] });
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('refuses POST /api/feeds with no token at the gateway: 401 Unauthorized', async () => {
    const response = await anonymous(`${deployed.apiUrl}/api/feeds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });
});

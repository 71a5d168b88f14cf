/**
 * Subscribable feeds on the local stack, as a podcast app uses them: a feed link made through the
 * API, the feed read with no identity and parsed by Podcast Index's parser, its enclosure followed
 * (a redirect to a signed link) with a Range request, its chapters document, and a revoke.
 */
import { mp3Info } from '@lumcast/audio-assembly';
import type { FeedLink, PublicJob } from '@lumcast/pipeline';
import { parseFeed } from 'podcast-partytime';
import type { LocalStack } from './support';
import { linkPrefixPattern } from './episode-link-forms';
import {
  callApi,
  makeEpisode,
  SHORT_SOURCE,
  startTestStack,
  temporaryDataDir,
  ToneSynthesizer,
} from './support';

jest.setTimeout(180_000);

describe('a series feed on the local stack', () => {
  const data = temporaryDataDir();
  let stack: LocalStack;
  let episode: PublicJob;
  let feed: FeedLink;

  beforeAll(async () => {
    stack = await startTestStack({
      dataDir: data.dir,
      tones: new ToneSynthesizer(),
    });
    const request = { topic: 'Rivers', sourceText: SHORT_SOURCE, minutes: 1, quality: 'neural' };
    episode = await makeEpisode(stack, 'alice', { ...request, seriesId: 'rivers' });
    await makeEpisode(stack, 'alice', { ...request, topic: 'Tides', seriesId: 'tides' });
    const created = await callApi(stack, 'POST', '/api/feeds', {
      user: 'alice',
      body: { seriesId: 'rivers' },
    });
    expect(created.status).toBe(201);
    feed = created.body as FeedLink;
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it('has an absolute URL on this server, listed for its owner only', async () => {
    expect(episode.status).toBe('ready');
    expect(feed.feedUrl).toBe(`${stack.url}/feeds/${feed.feedId}`);
    expect((await callApi(stack, 'GET', '/api/feeds', { user: 'alice' })).body).toEqual({
      feeds: [feed],
    });
    expect((await callApi(stack, 'GET', '/api/feeds', { user: 'bob' })).body).toEqual({
      feeds: [],
    });
  });

  it('answers RSS with no identity that Podcast Index’s parser reads, with the series’ ready episode only', async () => {
    const response = await fetch(feed.feedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const parsed = parseFeed(await response.text());
    expect(parsed?.title).toBe('rivers — Lumcast');
    expect(parsed?.itunesImage).toBe(`${feed.feedUrl}/cover.png`);
    expect(parsed?.items).toHaveLength(1);
    expect(parsed?.items[0]).toMatchObject({
      guid: `lumcast:${episode.jobId}`,
      title: 'Rivers',
      enclosure: { length: episode.audioBytes, type: 'audio/mpeg' },
    });
    expect(parsed?.items[0]?.duration).toBe(Math.round(episode.durationSeconds ?? 0));
  });

  it('plays the enclosure with no identity: a redirect to a signed link that answers a Range with 206', async () => {
    const parsed = parseFeed(await (await fetch(feed.feedUrl)).text());
    const enclosure = parsed?.items[0]?.enclosure?.url as string;
    const redirect = await fetch(enclosure, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    // To a signed link of the episode's audio on this server, as its owner's own link is made.
    expect(new URL(episode.audioUrl ?? '', stack.url).origin).toBe(stack.url);
    expect(redirect.headers.get('location')).toMatch(
      linkPrefixPattern(episode.audioUrl ?? '', stack.url),
    );
    // Whoever holds the feed learns nothing of its owner: the link carries a sealed owner.
    expect(redirect.headers.get('location')).not.toContain('alice');
    const captions = parsed?.items[0]?.podcastTranscripts?.[0]?.url as string;
    const captionsRedirect = await fetch(captions, { redirect: 'manual' });
    expect(captionsRedirect.status).toBe(302);
    expect(captionsRedirect.headers.get('location')).not.toContain('alice');

    const part = await fetch(enclosure, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${episode.audioBytes}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    const whole = Buffer.from(await (await fetch(enclosure)).arrayBuffer());
    expect(whole.byteLength).toBe(episode.audioBytes);
    expect(mp3Info(whole).durationSeconds).toBeCloseTo(episode.durationSeconds ?? 0, 6);
  });

  it('serves the transcript as WebVTT and the chapters as JSON Chapters 1.2 with the spec’s required fields', async () => {
    const parsed = parseFeed(await (await fetch(feed.feedUrl)).text());
    const item = parsed?.items[0];
    const transcript = await fetch(item?.podcastTranscripts?.[0]?.url as string);
    expect(transcript.status).toBe(200);
    expect(await transcript.text()).toMatch(/^WEBVTT/);

    const chapters = await fetch(item?.podcastChapters?.url as string);
    expect(chapters.status).toBe(200);
    expect(chapters.headers.get('content-type')).toBe('application/json+chapters');
    const document = (await chapters.json()) as {
      version: string;
      chapters: Array<{ startTime: number; title?: string }>;
    };
    expect(document.version).toBe('1.2.0');
    expect(document.chapters.length).toBe(episode.chapters?.length);
    for (const chapter of document.chapters) expect(typeof chapter.startTime).toBe('number');
    expect(document.chapters[0]?.startTime).toBe(0);
  });

  it('serves its cover as a PNG, and a Range of it', async () => {
    const cover = await fetch(`${feed.feedUrl}/cover.png`, { headers: { range: 'bytes=1-3' } });
    expect(cover.status).toBe(206);
    expect(Buffer.from(await cover.arrayBuffer()).toString('latin1')).toBe('PNG');
  });

  it('stops answering, feed and files, once its owner revokes it', async () => {
    const parsed = parseFeed(await (await fetch(feed.feedUrl)).text());
    const enclosure = parsed?.items[0]?.enclosure?.url as string;
    expect(
      (await callApi(stack, 'DELETE', `/api/feeds/${feed.feedId}`, { user: 'bob' })).status,
    ).toBe(404);
    const revoked = await callApi(stack, 'DELETE', `/api/feeds/${feed.feedId}`, { user: 'alice' });
    expect(revoked.status).toBe(204);
    expect((await fetch(feed.feedUrl)).status).toBe(404);
    expect((await fetch(enclosure, { redirect: 'manual' })).status).toBe(404);
  });
});

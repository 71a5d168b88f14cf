import { parseFeed } from 'podcast-partytime';
import { FeedInputError } from '../src/errors';
import { podcastChapters } from '../src/feeds/podcast-chapters';
import { renderPodcastFeed, type FeedChannel, type FeedEpisode } from '../src/feeds/podcast-feed';
import { xmlText } from '../src/feeds/xml-text';

const channel: FeedChannel = {
  title: 'Rivers — Lumcast',
  description: 'A series about rivers & the land they shape.',
  language: 'en-US',
  siteUrl: 'https://lumcast.example/',
  feedUrl: 'https://lumcast.example/feeds/f-1',
  imageUrl: 'https://lumcast.example/cover.png',
};

function episode(jobId: string, publishedAt: string, overrides: Partial<FeedEpisode> = {}) {
  const base = `https://lumcast.example/feeds/f-1/${jobId}`;
  return {
    guid: `lumcast:${jobId}`,
    title: `Episode ${jobId}`,
    description: `About ${jobId}.`,
    publishedAt: new Date(publishedAt),
    durationSeconds: 312.4,
    audio: { url: `${base}.mp3`, bytes: 2_499_200 },
    transcriptUrl: `${base}.vtt`,
    chaptersUrl: `${base}.chapters.json`,
    ...overrides,
  };
}

function parsed(xml: string) {
  const feed = parseFeed(xml);
  if (feed === null) throw new Error(`podcast-partytime could not parse:\n${xml}`);
  return feed;
}

describe('renderPodcastFeed', () => {
  it('is read by Podcast Index’s parser with the channel’s title, description, language, image and explicit flag', () => {
    const feed = parsed(
      renderPodcastFeed({ channel, episodes: [episode('job-1', '2026-12-01T10:00:00Z')] }),
    );
    expect(feed.title).toBe(channel.title);
    expect(feed.description).toBe(channel.description);
    expect(feed.language).toBe('en-US');
    expect(feed.itunesImage).toBe(channel.imageUrl);
    expect(feed.explicit).toBe(false);
    expect(feed.link).toBe(channel.siteUrl);
  });

  it('gives each episode a stable guid, its pubDate, duration, MP3 enclosure with its byte length, WebVTT transcript and JSON chapters', () => {
    const feed = parsed(
      renderPodcastFeed({ channel, episodes: [episode('job-1', '2026-12-01T10:00:00Z')] }),
    );
    const [item] = feed.items;
    expect(item?.guid).toBe('lumcast:job-1');
    expect(item?.pubDate?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(item?.duration).toBe(312);
    expect(item?.enclosure).toEqual({
      url: 'https://lumcast.example/feeds/f-1/job-1.mp3',
      length: 2_499_200,
      type: 'audio/mpeg',
    });
    expect(item?.podcastTranscripts).toEqual([
      {
        url: 'https://lumcast.example/feeds/f-1/job-1.vtt',
        type: 'text/vtt',
        rel: 'captions',
        language: 'en-US', // the parser gives a transcript the channel's language
      },
    ]);
    expect(item?.podcastChapters).toEqual({
      url: 'https://lumcast.example/feeds/f-1/job-1.chapters.json',
      type: 'application/json+chapters',
    });
  });

  it('writes the guid with isPermaLink="false", the namespaces and the self link', () => {
    const xml = renderPodcastFeed({
      channel,
      episodes: [episode('job-1', '2026-12-01T10:00:00Z')],
    });
    expect(xml).toContain('<guid isPermaLink="false">lumcast:job-1</guid>');
    expect(xml).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
    expect(xml).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"');
    expect(xml).toContain(
      '<atom:link href="https://lumcast.example/feeds/f-1" rel="self" type="application/rss+xml"/>',
    );
  });

  it('lists episodes newest first, whatever order they are given in', () => {
    const feed = parsed(
      renderPodcastFeed({
        channel,
        episodes: [
          episode('old', '2026-11-01T10:00:00Z'),
          episode('new', '2026-12-01T10:00:00Z'),
          episode('mid', '2026-11-15T10:00:00Z'),
        ],
      }),
    );
    expect(feed.items.map((item) => item.guid)).toEqual([
      'lumcast:new',
      'lumcast:mid',
      'lumcast:old',
    ]);
  });

  it('keeps hostile titles as text: markup in a topic can neither close an element nor add one', () => {
    const hostile = 'Rivers</title><enclosure url="https://evil.example/x.mp3"/> & \u0007"quotes"';
    const xml = renderPodcastFeed({
      channel: { ...channel, title: hostile },
      episodes: [episode('job-1', '2026-12-01T10:00:00Z', { title: hostile })],
    });
    const feed = parsed(xml);
    const expected = 'Rivers</title><enclosure url="https://evil.example/x.mp3"/> & "quotes"';
    expect(feed.title).toBe(expected);
    expect(feed.items[0]?.title).toBe(expected);
    expect(feed.items[0]?.enclosure.url).toBe('https://lumcast.example/feeds/f-1/job-1.mp3');
    expect(xml).not.toContain('\u0007');
  });

  it('renders a feed with no ready episode yet as a valid, empty channel', () => {
    const feed = parsed(renderPodcastFeed({ channel, episodes: [] }));
    expect(feed.title).toBe(channel.title);
    expect(feed.items).toEqual([]);
  });

  it.each([
    ['a relative audio URL', { audio: { url: '/x.mp3', bytes: 10 } }, 'episodes.0.audio.url'],
    ['a file: transcript URL', { transcriptUrl: 'file:///etc/passwd' }, 'episodes.0.transcriptUrl'],
    [
      'a fractional byte length',
      { audio: { url: 'https://a.example/x.mp3', bytes: 1.5 } },
      'episodes.0.audio.bytes',
    ],
    ['no bytes', { audio: { url: 'https://a.example/x.mp3', bytes: 0 } }, 'episodes.0.audio.bytes'],
    ['a zero duration', { durationSeconds: 0 }, 'episodes.0.durationSeconds'],
    ['an invalid date', { publishedAt: new Date('not a date') }, 'episodes.0.publishedAt'],
  ])('refuses %s with a FeedInputError naming the field', (_case, overrides, field) => {
    const attempt = () =>
      renderPodcastFeed({
        channel,
        episodes: [episode('job-1', '2026-12-01T10:00:00Z', overrides)],
      });
    expect(attempt).toThrow(FeedInputError);
    expect(attempt).toThrow(expect.objectContaining({ field }));
  });

  it('refuses a channel whose feed URL is not absolute', () => {
    expect(() =>
      renderPodcastFeed({ channel: { ...channel, feedUrl: 'feeds/f-1' }, episodes: [] }),
    ).toThrow(expect.objectContaining({ name: 'FeedInputError', field: 'channel.feedUrl' }));
  });
});

describe('xmlText', () => {
  it('escapes the five markup characters', () => {
    expect(xmlText(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
  });

  it('drops characters XML 1.0 cannot carry and keeps tabs, newlines and astral characters', () => {
    expect(xmlText('a\u0000b\u001fc\ufffed\ud800e\tf\ng🎙')).toBe('abcde\tf\ng🎙');
  });
});

describe('podcastChapters', () => {
  it('has the two required properties and a startTime on every chapter (JSON Chapters 1.2)', () => {
    const document = podcastChapters({
      title: 'Rivers',
      chapters: [
        { title: 'Sources', startSeconds: 0, endSeconds: 61.2004 },
        { title: 'Deltas', startSeconds: 61.2004, endSeconds: 130 },
      ],
    });
    expect(document.version).toBe('1.2.0');
    expect(Array.isArray(document.chapters)).toBe(true);
    for (const chapter of document.chapters) expect(typeof chapter.startTime).toBe('number');
    expect(document).toEqual({
      version: '1.2.0',
      title: 'Rivers',
      chapters: [
        { startTime: 0, endTime: 61.2, title: 'Sources' },
        { startTime: 61.2, endTime: 130, title: 'Deltas' },
      ],
    });
  });

  it('refuses chapters out of order, since the format assumes ascending start times', () => {
    expect(() =>
      podcastChapters({
        chapters: [
          { title: 'B', startSeconds: 10, endSeconds: 20 },
          { title: 'A', startSeconds: 5, endSeconds: 10 },
        ],
      }),
    ).toThrow(
      expect.objectContaining({ name: 'FeedInputError', field: 'chapters.1.startSeconds' }),
    );
  });

  it('refuses a chapter that ends before it starts', () => {
    expect(() =>
      podcastChapters({ chapters: [{ title: 'A', startSeconds: 5, endSeconds: 4 }] }),
    ).toThrow(expect.objectContaining({ field: 'chapters.0.endSeconds' }));
  });
});

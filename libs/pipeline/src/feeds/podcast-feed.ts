import { FeedInputError } from '../errors';
import { absoluteFeedUrl } from './feed-urls';
import { PODCAST_CHAPTERS_MEDIA_TYPE } from './podcast-chapters';
import { xmlText } from './xml-text';

/** The media type a feed is served with. */
export const PODCAST_FEED_MEDIA_TYPE = 'application/rss+xml; charset=utf-8';

/** What a feed says about itself: the podcast a subscriber sees in their app. */
export interface FeedChannel {
  title: string;
  description: string;
  /** BCP-47 code, e.g. `en-US`. */
  language: string;
  /** The web page of the podcast (the dashboard). */
  siteUrl: string;
  /** The feed's own URL (`atom:link rel="self"`). */
  feedUrl: string;
  /** Square cover art, 1400–3000 px, JPEG or PNG, as Apple asks for. */
  imageUrl: string;
}

/** One ready episode of a feed. */
export interface FeedEpisode {
  /** Stable for the life of the episode: podcast apps key downloads and "played" on it. */
  guid: string;
  title: string;
  description: string;
  publishedAt: Date;
  durationSeconds: number;
  /** The MP3 and its exact size in bytes (the enclosure's `length`). */
  audio: { url: string; bytes: number };
  /** WebVTT captions (`podcast:transcript`, `text/vtt`, `rel="captions"`: timed). */
  transcriptUrl: string;
  /** JSON chapters (`podcast:chapters`, `application/json+chapters`). */
  chaptersUrl: string;
}

const NAMESPACES = [
  'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"',
  'xmlns:podcast="https://podcastindex.org/namespace/1.0"',
  'xmlns:atom="http://www.w3.org/2005/Atom"',
].join(' ');

/**
 * Renders an RSS 2.0 podcast feed with the `itunes` and Podcasting 2.0 `podcast` namespaces:
 * the channel's title, description, language, `itunes:image` and `itunes:explicit`; per
 * episode a `guid` (isPermaLink false), `pubDate`, `itunes:duration` (whole seconds), an
 * `audio/mpeg` enclosure with its byte length, a WebVTT `podcast:transcript` and a
 * `podcast:chapters`. Every text is escaped ({@link xmlText}); episodes are listed newest
 * first. Throws {@link FeedInputError} for a URL that is not absolute http(s), a byte length
 * that is not a whole positive number, or a duration that is not positive.
 */
export function renderPodcastFeed(feed: {
  channel: FeedChannel;
  episodes: readonly FeedEpisode[];
}): string {
  const { channel } = feed;
  const episodes = [...feed.episodes].sort(
    (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime(),
  );
  const items = episodes.map((episode, index) => renderItem(episode, `episodes.${index}`));
  const lastBuild = episodes[0]?.publishedAt;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" ${NAMESPACES}>`,
    '<channel>',
    element('title', channel.title),
    element('link', absoluteFeedUrl(channel.siteUrl, 'channel.siteUrl')),
    element('description', channel.description),
    element('language', channel.language),
    `<atom:link href="${xmlText(absoluteFeedUrl(channel.feedUrl, 'channel.feedUrl'))}" rel="self" type="application/rss+xml"/>`,
    `<itunes:image href="${xmlText(absoluteFeedUrl(channel.imageUrl, 'channel.imageUrl'))}"/>`,
    element('itunes:explicit', 'false'),
    element('itunes:type', 'episodic'),
    element('generator', 'Lumcast'),
    ...(lastBuild ? [element('lastBuildDate', lastBuild.toUTCString())] : []),
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

function renderItem(episode: FeedEpisode, field: string): string {
  if (!Number.isSafeInteger(episode.audio.bytes) || episode.audio.bytes <= 0) {
    throw new FeedInputError(`${field}.audio.bytes`, `${field} has no whole, positive byte length`);
  }
  if (!(episode.durationSeconds > 0)) {
    throw new FeedInputError(`${field}.durationSeconds`, `${field} has no positive duration`);
  }
  if (Number.isNaN(episode.publishedAt.getTime())) {
    throw new FeedInputError(`${field}.publishedAt`, `${field} has no valid publication date`);
  }
  const audioUrl = absoluteFeedUrl(episode.audio.url, `${field}.audio.url`);
  const transcriptUrl = absoluteFeedUrl(episode.transcriptUrl, `${field}.transcriptUrl`);
  const chaptersUrl = absoluteFeedUrl(episode.chaptersUrl, `${field}.chaptersUrl`);
  return [
    '<item>',
    element('title', episode.title),
    element('description', episode.description),
    `<guid isPermaLink="false">${xmlText(episode.guid)}</guid>`,
    element('pubDate', episode.publishedAt.toUTCString()),
    `<enclosure url="${xmlText(audioUrl)}" length="${episode.audio.bytes}" type="audio/mpeg"/>`,
    element('itunes:duration', String(Math.round(episode.durationSeconds))),
    element('itunes:explicit', 'false'),
    `<podcast:transcript url="${xmlText(transcriptUrl)}" type="text/vtt" rel="captions"/>`,
    `<podcast:chapters url="${xmlText(chaptersUrl)}" type="${PODCAST_CHAPTERS_MEDIA_TYPE}"/>`,
    '</item>',
  ].join('\n');
}

function element(name: string, text: string): string {
  return `<${name}>${xmlText(text)}</${name}>`;
}

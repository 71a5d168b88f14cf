import { FeedInputError } from '../errors';

/**
 * Checks that `url` is an absolute http(s) URL, as a podcast app needs every link of a feed
 * to be, and returns it normalized (`new URL(url).href`).
 */
export function absoluteFeedUrl(url: string, field: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FeedInputError(field, `${field} must be an absolute URL, not ${JSON.stringify(url)}`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new FeedInputError(field, `${field} must be an http(s) URL, not ${parsed.protocol}`);
  }
  return parsed.href;
}

/** The files of one feed episode, as the public paths name them. */
export const FEED_EPISODE_FILES = ['audio.mp3', 'captions.vtt', 'chapters.json'] as const;

/** One of {@link FEED_EPISODE_FILES}. */
export type FeedEpisodeFile = (typeof FEED_EPISODE_FILES)[number];

/**
 * The public URLs of one feed, under `<origin>/feeds/<feedId>`: the feed itself, its cover, and
 * each episode's audio, captions and chapters. They work with no identity for as long as the
 * feed lives; the feed id is their only secret.
 */
export function feedUrls(origin: string, feedId: string) {
  const feed = `${absoluteFeedUrl(origin, 'origin').replace(/\/$/, '')}/feeds/${feedId}`;
  return {
    feed,
    cover: `${feed}/cover.png`,
    episodeFile: (jobId: string, file: FeedEpisodeFile) => `${feed}/episodes/${jobId}/${file}`,
  };
}

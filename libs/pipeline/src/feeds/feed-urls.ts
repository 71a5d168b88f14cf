import { FeedInputError } from '../errors';

/**
 * Checks that `url` is an absolute http(s) URL, as a podcast app needs every link of a feed
 * to be, and returns it normalized (`new URL(url).href`).
 *
 * @example
 * ```ts
 * absoluteFeedUrl('https://lumcast.example/feeds/f-1', 'channel.feedUrl'); // same URL
 * absoluteFeedUrl('/feeds/f-1', 'channel.feedUrl'); // throws FeedInputError
 * ```
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

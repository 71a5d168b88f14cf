import { renderFeedDocument } from '../../feeds/feed-document';
import { readFeedEpisodes } from '../../feeds/feed-episodes';
import { PODCAST_FEED_MEDIA_TYPE } from '../../feeds/podcast-feed';
import { apiError } from '../http';
import { requestOrigin } from '../request-origin';
import type { PublicRoute, RouteDeps } from '../route';

/**
 * `GET /feeds/{feedId}`, with no identity (a podcast app): the feed's RSS 2.0 document, its
 * ready episodes newest first. A revoked or unknown feed is 404 at once (the read is strongly
 * consistent, and `no-cache` makes apps and caches ask again each time).
 *
 * @example
 * ```ts
 * const response = await getFeedRoute(deps)(event, ['/feeds/f-…', 'f-…']); // 200 application/rss+xml
 * ```
 */
export function getFeedRoute(deps: RouteDeps): PublicRoute {
  return async (event, match) => {
    const feed = await deps.feeds.get(match[1] as string);
    if (!feed) return apiError(404, 'not_found', 'No such feed.');
    const episodes = await readFeedEpisodes(feed, deps);
    return {
      statusCode: 200,
      headers: { 'content-type': PODCAST_FEED_MEDIA_TYPE, 'cache-control': 'no-cache' },
      body: renderFeedDocument({ feed, episodes, origin: requestOrigin(event) }),
    };
  };
}

import { rangedFile } from '../../feeds/byte-range';
import { coverArtPng } from '../../feeds/cover-art';
import { apiError } from '../http';
import type { PublicRoute, RouteDeps } from '../route';

/**
 * `GET /feeds/{feedId}/cover.png`, with no identity: the feed's cover (the `itunes:image`),
 * with `Range` support; 404 once the feed is revoked.
 *
 * @example
 * ```ts
 * const response = await getFeedCoverRoute(deps)(event, ['/feeds/f-…/cover.png', 'f-…']); // 200 image/png
 * ```
 */
export function getFeedCoverRoute(deps: RouteDeps): PublicRoute {
  return async (event, match) => {
    const feed = await deps.feeds.get(match[1] as string);
    if (!feed) return apiError(404, 'not_found', 'No such feed.');
    // Drawn on the first cover request and kept (not at cold start: most calls never need it).
    return rangedFile(coverArtPng(), event.headers?.['range'], {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=3600',
    });
  };
}

import { toFeedLink } from '../feed-link';
import { json } from '../http';
import { requestOrigin } from '../request-origin';
import type { Route, RouteDeps } from '../route';

/**
 * `GET /api/feeds`: every live feed of the caller, newest first, with their URLs
 * (`{ feeds: [...] }`; at most `MAX_FEEDS_PER_USER`, or more for feeds made before the limit held).
 *
 * @example
 * ```ts
 * const response = await listFeedsRoute(deps)(userId, event, match); // 200 { feeds: [{ feedId, feedUrl, … }] }
 * ```
 */
export function listFeedsRoute(deps: RouteDeps): Route {
  return async (userId, event) => {
    const origin = requestOrigin(event);
    const feeds = await deps.feeds.listForUser(userId);
    return json(200, { feeds: feeds.map((feed) => toFeedLink(feed, origin)) });
  };
}

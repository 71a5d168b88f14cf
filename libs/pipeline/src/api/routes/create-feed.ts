import { FeedLimitError } from '../../errors';
import { parseFeedRequest } from '../feed-request';
import { toFeedLink } from '../feed-link';
import { apiError, json } from '../http';
import { requestBodyText } from '../request-body';
import { requestOrigin } from '../request-origin';
import type { Route, RouteDeps } from '../route';

/**
 * `POST /api/feeds` with `{}` or `{ "seriesId": "…" }`: makes a secret feed URL of the caller's
 * episodes (of that series, or all of them) and answers 201 with it. The series need not have
 * episodes yet: the feed shows them as they become ready. A caller who already keeps the most
 * feeds gets 422 `too_many_feeds`.
 *
 * @example
 * ```ts
 * const response = await createFeedRoute(deps)(userId, event, match); // 201 { feedId, feedUrl, … }
 * ```
 */
export function createFeedRoute(deps: RouteDeps): Route {
  return async (userId, event) => {
    const request = parseFeedRequest(requestBodyText(event));
    try {
      const feed = await deps.feeds.create({ userId, ...request });
      deps.logger.info('feed created', { feedId: feed.feedId, seriesId: feed.seriesId });
      return json(201, toFeedLink(feed, requestOrigin(event)));
    } catch (error) {
      if (error instanceof FeedLimitError) {
        return apiError(422, 'too_many_feeds', error.message, { limit: error.limit });
      }
      throw error;
    }
  };
}

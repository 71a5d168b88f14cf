import { apiError } from '../http';
import type { Route, RouteDeps } from '../route';

/**
 * `DELETE /api/feeds/{feedId}`: revokes one of the caller's feeds; its URL and every file URL
 * under it answer 404 from then on. 204 with no body; someone else's feed, or no feed of that
 * id, is 404 (never 403: it does not say the feed exists).
 *
 * @example
 * ```ts
 * const response = await revokeFeedRoute(deps)(userId, event, ['/api/feeds/f-…', 'f-…']); // 204
 * ```
 */
export function revokeFeedRoute(deps: RouteDeps): Route {
  return async (userId, _event, match) => {
    const feedId = match[1] as string;
    if (!(await deps.feeds.revoke(userId, feedId))) {
      return apiError(404, 'not_found', `No feed ${feedId}.`);
    }
    deps.logger.info('feed revoked', { feedId });
    return { statusCode: 204, headers: { 'cache-control': 'no-store' } };
  };
}

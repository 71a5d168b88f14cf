import { InvalidListCursorError } from '../../jobs/list-cursor';
import { apiError, json } from '../http';
import { parseListQuery } from '../list-query';
import { toPublicJob } from '../public-job';
import type { Route, RouteDeps } from '../route';

/**
 * `GET /api/podcasts?limit=&cursor=`: the caller's jobs, newest first, one page
 * at a time; a bad limit, cursor or unknown parameter is a 400 naming the field.
 *
 * @example
 * ```ts
 * const response = await listPodcastsRoute(deps)(userId, event, match); // 200 { items, nextCursor? }
 * ```
 */
export function listPodcastsRoute(deps: RouteDeps): Route {
  return async (userId, event) => {
    const query = parseListQuery(event.queryStringParameters);
    if (!query.success)
      return apiError(400, 'invalid_field', query.message, { field: query.field });
    let page;
    try {
      page = await deps.jobs.listPageForUser(userId, query.data);
    } catch (error) {
      if (error instanceof InvalidListCursorError) {
        return apiError(400, 'invalid_field', error.message, { field: 'cursor' });
      }
      throw error;
    }
    const items = await Promise.all(page.jobs.map((job) => toPublicJob(job, deps.links)));
    return json(200, page.nextCursor ? { items, nextCursor: page.nextCursor } : { items });
  };
}

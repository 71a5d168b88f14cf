import type { SeriesHosts } from '../../contract/series-hosts-bodies';
import { json } from '../http';
import type { Route, RouteDeps } from '../route';
import { pathSeriesId } from '../series-path';

/**
 * `GET /api/series/{seriesId}/hosts`: the caller's host profiles for one of their series, in
 * speaking order; `[]` when the series keeps none. Series are per user (a series id names the
 * caller's own series), so another user's profiles are never read. A series id the series rule
 * refuses is 400 on `seriesId`.
 *
 * @example
 * ```ts
 * const response = await getSeriesHostsRoute(deps)(userId, event, ['/api/series/rivers/hosts', 'rivers']);
 * ```
 */
export function getSeriesHostsRoute(deps: Pick<RouteDeps, 'seriesHosts'>): Route {
  return async (userId, _event, match) => {
    const seriesId = pathSeriesId(match[1] as string);
    const body: SeriesHosts = { seriesId, hosts: await deps.seriesHosts.get(userId, seriesId) };
    return json(200, body);
  };
}

import type { SeriesHosts } from '../../contract/series-hosts-bodies';
import { json } from '../http';
import { requestBodyText } from '../request-body';
import type { Route, RouteDeps } from '../route';
import { parseSeriesHostsEdit } from '../series-hosts-request';
import { pathSeriesId } from '../series-path';

/**
 * `PUT /api/series/{seriesId}/hosts`: replaces the host profiles of one of the caller's series
 * (`parseSeriesHostsEdit`: a bad host is 400 naming it and its field, `hosts.1.persona`) and
 * answers them as `GET` does. An empty list clears them. Episodes made in the series afterwards
 * use them (`POST /api/podcasts` with its `seriesId`); episodes already made keep theirs.
 *
 * @example
 * ```ts
 * const response = await putSeriesHostsRoute(deps)(userId, event, ['/api/series/rivers/hosts', 'rivers']);
 * ```
 */
export function putSeriesHostsRoute(deps: Pick<RouteDeps, 'seriesHosts' | 'logger'>): Route {
  return async (userId, event, match) => {
    const seriesId = pathSeriesId(match[1] as string);
    const hosts = parseSeriesHostsEdit(requestBodyText(event));
    await deps.seriesHosts.put(userId, seriesId, hosts);
    deps.logger.info('series hosts set', { hosts: hosts.length });
    const body: SeriesHosts = { seriesId, hosts };
    return json(200, body);
  };
}

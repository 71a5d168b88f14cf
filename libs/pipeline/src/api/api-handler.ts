import type { Logger } from '@aws-lambda-powertools/logger';
import type { QuotaLedger } from '@lumcast/quota';
import type { SpeechEngine } from '@lumcast/script-generation';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { FeedsTable } from '../feeds/feeds-table';
import type { JobsTable } from '../jobs/jobs-table';
import type { SeriesEpisodes } from '../series/series-episodes';
import type { SeriesHostProfiles } from '../series/series-host-profiles';
import type { EpisodeLinks } from '../ports/episode-links';
import type { JobQueue } from '../ports/job-queue';
import type { ObjectStore } from '../ports/object-store';
import type { SourceUploads } from '../ports/source-uploads';
import { apiError } from './http';
import { isUserId, type IdentityResolver } from './identity';
import { PodcastRequestError } from './podcast-request';
import { routeInputProblem } from './route-input';
import { compileRoutes, matchRoute } from './router';
import { createFeedRoute } from './routes/create-feed';
import { createPodcastRoute } from './routes/create-podcast';
import { createSourceRoute } from './routes/create-source';
import { getFeedRoute } from './routes/get-feed';
import { getFeedCoverRoute } from './routes/get-feed-cover';
import { getFeedEpisodeFileRoute } from './routes/get-feed-episode-file';
import { getOptionsRoute } from './routes/get-options';
import { getPodcastRoute } from './routes/get-podcast';
import { getPodcastScriptRoute } from './routes/get-podcast-script';
import { putPodcastScriptRoute } from './routes/put-podcast-script';
import { quotePodcastScriptRoute } from './routes/quote-podcast-script';
import { renderPodcastRoute } from './routes/render-podcast';
import { getQuotaRoute } from './routes/get-quota';
import { getSeriesHostsRoute } from './routes/get-series-hosts';
import { putSeriesHostsRoute } from './routes/put-series-hosts';
import { getUsageHistoryRoute } from './routes/get-usage-history';
import { listFeedsRoute } from './routes/list-feeds';
import { listPodcastsRoute } from './routes/list-podcasts';
import { revokeFeedRoute } from './routes/revoke-feed';

/** Dependencies of {@link createApiHandler}. */
export interface ApiDeps {
  jobs: JobsTable;
  feeds: FeedsTable;
  seriesEpisodes: SeriesEpisodes;
  /** The series' host profiles (`/api/series/{seriesId}/hosts`, and the episodes made in a series). */
  seriesHosts: SeriesHostProfiles;
  ledger: QuotaLedger;
  queue: JobQueue;
  links: EpisodeLinks;
  uploads: SourceUploads;
  /** Where the jobs' scripts are stored (`GET …/script` reads them, `PUT …/script` adds versions). */
  store: ObjectStore;
  /** The engine that speaks the episodes: its calibrated rate times a script's turns. */
  speechEngine: SpeechEngine;
  /** The longest speech chunk (`LUMCAST_MAX_CHUNK_CHARS`): how a render splits a script. */
  maxChunkChars?: number;
  identity: IdentityResolver;
  logger: Logger;
  now?: () => Date;
}

/**
 * The HTTP API (API Gateway HTTP API v2 events): create a podcast (from a topic, pasted text, a
 * link or an uploaded file: `POST /api/sources` gives the upload form; or a draft for review),
 * list and read one's own podcasts, read, edit, quote and render their scripts, read one's quota and its history per week, make, list and revoke
 * feeds, read and set a series' host profiles; and, with no identity, a feed's RSS document, cover and episode files under
 * `/feeds/{feedId}` (the feed id is their secret). Thin: it matches the route (declared once in
 * `API_CONTRACT`, one file each under `routes/`), resolves the caller for the signed-in routes
 * (401 unless the resolver answers a user id: `isUserId`), checks what the route takes from the URL (`routeInputProblem`:
 * a path id that is not one plain segment, or a query parameter the route does not declare, is
 * a 400 naming it), and maps errors: bad input is a 400 with the field, anything unexpected a
 * 500 that says nothing was charged (the detail goes to the log). A HEAD is answered as its GET
 * without the body.
 *
 * @example
 * ```ts
 * export const handler = createApiHandler({ jobs, feeds, seriesEpisodes, seriesHosts, ledger, queue, links, uploads,
 *   store, speechEngine: 'polly', identity: cognitoIdentity, logger });
 * ```
 */
export function createApiHandler(deps: ApiDeps) {
  const routeDeps = { ...deps, now: deps.now ?? (() => new Date()) };
  const routes = compileRoutes({
    createPodcast: createPodcastRoute(routeDeps),
    listPodcasts: listPodcastsRoute(routeDeps),
    getPodcast: getPodcastRoute(routeDeps),
    getPodcastScript: getPodcastScriptRoute(routeDeps),
    putPodcastScript: putPodcastScriptRoute(routeDeps),
    renderPodcast: renderPodcastRoute(routeDeps),
    quotePodcastScript: quotePodcastScriptRoute(routeDeps),
    getQuota: getQuotaRoute(routeDeps),
    getOptions: getOptionsRoute(),
    createSource: createSourceRoute(routeDeps),
    getUsageHistory: getUsageHistoryRoute(routeDeps),
    createFeed: createFeedRoute(routeDeps),
    listFeeds: listFeedsRoute(routeDeps),
    revokeFeed: revokeFeedRoute(routeDeps),
    getSeriesHosts: getSeriesHostsRoute(routeDeps),
    putSeriesHosts: putSeriesHostsRoute(routeDeps),
    getFeed: getFeedRoute(routeDeps),
    getFeedCover: getFeedCoverRoute(routeDeps),
    getFeedEpisodeFile: getFeedEpisodeFileRoute(routeDeps),
  });

  return async function apiHandler(
    event: APIGatewayProxyEventV2,
  ): Promise<APIGatewayProxyStructuredResultV2> {
    const method = event.requestContext.http.method.toUpperCase();
    const path = event.rawPath;
    const found = matchRoute(routes, event);
    if (found.kind === 'no_route') return apiError(404, 'not_found', `No route for ${path}.`);
    if (found.kind === 'method_not_allowed')
      return apiError(405, 'method_not_allowed', `${method} is not allowed on ${path}.`);

    const { entry, match } = found;
    const userId = 'route' in entry ? deps.identity(event) : undefined;
    // Whatever the resolver answered, only a user id (never `.`, `..` or a path) reaches a route.
    if ('route' in entry && !isUserId(userId))
      return apiError(401, 'unauthenticated', 'Sign in to use Lumcast.');
    const problem = routeInputProblem(entry, event, match);
    if (problem) return apiError(400, 'invalid_field', problem.message, { field: problem.field });
    try {
      const response =
        'route' in entry
          ? await entry.route(userId as string, event, match)
          : await entry.publicRoute(event, match);
      return method === 'HEAD' ? { ...response, body: '', isBase64Encoded: false } : response;
    } catch (error) {
      if (error instanceof PodcastRequestError) {
        return apiError(400, error.code, error.message, error.field ? { field: error.field } : {});
      }
      deps.logger.error('request failed', { error, method, path });
      return apiError(
        500,
        'internal_error',
        'Something went wrong on our side; nothing was charged.',
      );
    } finally {
      deps.logger.removeKeys(['jobId']);
    }
  };
}

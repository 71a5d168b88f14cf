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

/**
 * What the routes use: the jobs table, the quota ledger (which also reads plans),
 * the feeds table and the series' episodes (the feed routes), the series' host profiles, the
 * queue, the episode links,
 * the source upload forms, the object store (a job's stored script) and the speech engine
 * (whose rate times a script), a logger and the clock.
 *
 * @example
 * ```ts
 * const deps: RouteDeps = { jobs, ledger, feeds, seriesEpisodes, seriesHosts, queue, links, uploads, store,
 *   speechEngine: 'polly', logger, now: () => new Date() };
 * ```
 */
export interface RouteDeps {
  jobs: JobsTable;
  feeds: FeedsTable;
  seriesEpisodes: SeriesEpisodes;
  /** The series' host profiles (`/api/series/{seriesId}/hosts`, and the episodes made in a series). */
  seriesHosts: SeriesHostProfiles;
  ledger: QuotaLedger;
  queue: JobQueue;
  links: EpisodeLinks;
  uploads: SourceUploads;
  store: ObjectStore;
  speechEngine: SpeechEngine;
  /** The longest speech chunk (`LUMCAST_MAX_CHUNK_CHARS`), as a render splits a script; default 3,000. */
  maxChunkChars?: number;
  logger: Logger;
  now: () => Date;
}

/**
 * One route's body: the signed-in caller, the event, and the path's captures.
 *
 * @example
 * ```ts
 * const hello: Route = async (userId) => json(200, { userId });
 * ```
 */
export type Route = (
  userId: string,
  event: APIGatewayProxyEventV2,
  match: RegExpMatchArray,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * A route anyone may call, with no identity (a podcast app reading a feed): the event and the
 * path's captures. Its own secret (a feed id in the path) decides what it answers.
 *
 * @example
 * ```ts
 * const cover: PublicRoute = async () => ({ statusCode: 200, body: '' });
 * ```
 */
export type PublicRoute = (
  event: APIGatewayProxyEventV2,
  match: RegExpMatchArray,
) => Promise<APIGatewayProxyStructuredResultV2>;

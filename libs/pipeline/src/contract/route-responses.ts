import type * as z from '../config/zod-mini';
import { episodeOptionsSchema } from './episode-options-body';
import { feedLinkSchema, feedListSchema } from './feed-bodies';
import { jobPageSchema, podcastAcceptedSchema, publicJobSchema } from './job-bodies';
import { quotaSummarySchema, usageHistorySchema } from './quota-bodies';
import type { RouteName } from './routes';
import { renderAcceptedSchema, scriptQuoteSchema } from './render-bodies';
import { podcastScriptBodySchema } from './script-body';
import { seriesHostsSchema } from './series-hosts-bodies';
import { sourceUploadSchema } from './source-upload-body';

/** What a route answers when it succeeds: its status, and its JSON body's schema if it has one. */
export interface RouteResponse {
  readonly status: number;
  readonly body?: z.ZodMiniType;
}

/**
 * The success answer of each JSON route of `API_CONTRACT`: its status and body schema
 * (`revokeFeed` answers 204 with no body). The public feed routes answer RSS, images, redirects
 * and chapter files, not JSON, and are not listed. Every error answer is an `apiErrorBodySchema`.
 *
 * @example
 * ```ts
 * ROUTE_RESPONSES.getQuota.body.parse(await response.json()); // QuotaSummary
 * ```
 */
export const ROUTE_RESPONSES = {
  createPodcast: { status: 202, body: podcastAcceptedSchema },
  listPodcasts: { status: 200, body: jobPageSchema },
  getPodcast: { status: 200, body: publicJobSchema },
  getPodcastScript: { status: 200, body: podcastScriptBodySchema },
  putPodcastScript: { status: 200, body: podcastScriptBodySchema },
  renderPodcast: { status: 202, body: renderAcceptedSchema },
  quotePodcastScript: { status: 200, body: scriptQuoteSchema },
  getQuota: { status: 200, body: quotaSummarySchema },
  getOptions: { status: 200, body: episodeOptionsSchema },
  createSource: { status: 201, body: sourceUploadSchema },
  getUsageHistory: { status: 200, body: usageHistorySchema },
  createFeed: { status: 201, body: feedLinkSchema },
  listFeeds: { status: 200, body: feedListSchema },
  revokeFeed: { status: 204 },
  getSeriesHosts: { status: 200, body: seriesHostsSchema },
  putSeriesHosts: { status: 200, body: seriesHostsSchema },
} as const satisfies Partial<Record<RouteName, RouteResponse>>;

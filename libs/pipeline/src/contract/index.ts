// The HTTP API's contract, browser-safe: the routes and the response bodies' schemas, with no
// import that reaches the AWS SDK or Node (only zod/mini). `@lumcast/pipeline/contract` is what
// the dashboard and the CDK app read; the api function's router compiles the same routes.

// Routes
export { API_CONTRACT, gatewayRoutes } from './routes';
export type { GatewayRoute, RouteAuth, RouteDeclaration, RouteMethod, RouteName } from './routes';
export { routePath } from './route-path';
export type { PathParams, QueryParams } from './route-path';

// Response bodies: each schema with its inferred type
export { apiErrorBodySchema } from './api-error-body';
export type { ApiErrorBody } from './api-error-body';
export { jobStatusSchema, podcastFormatSchema, voiceQualitySchema } from './body-enums';
export { episodeOptionsSchema } from './episode-options-body';
export type { EpisodeOptions } from './episode-options-body';
export { feedLinkSchema, feedListSchema } from './feed-bodies';
export type { FeedLink, FeedList } from './feed-bodies';
export {
  episodeChapterSchema,
  jobPageSchema,
  podcastAcceptedSchema,
  publicJobSchema,
} from './job-bodies';
export type { EpisodeChapter, JobPage, PodcastAccepted, PublicJob } from './job-bodies';
export type { JobStatus } from '../jobs/job';
export { quotaSummarySchema, usageHistorySchema } from './quota-bodies';
export type { QuotaSummary, UsageHistory } from './quota-bodies';
export { sourceUploadSchema } from './source-upload-body';
export type { SourceUpload } from './source-upload-body';
export { podcastScriptBodySchema, scriptChapterSchema, scriptTurnSchema } from './script-body';
export type { PodcastScriptBody } from './script-body';
export { podcastScriptEditSchema, scriptEditTurnSchema } from './script-edit-body';
export type { PodcastScriptEdit } from './script-edit-body';
export {
  episodeRenderSchema,
  renderAcceptedSchema,
  renderRequestSchema,
  scriptQuoteRequestSchema,
  scriptQuoteSchema,
} from './render-bodies';
export type { EpisodeRender, RenderAccepted, RenderRequest, ScriptQuote } from './render-bodies';
export {
  hostProfileSchema,
  hostVoicesSchema,
  seriesHostsEditSchema,
  seriesHostsSchema,
} from './series-hosts-bodies';
export type { HostProfile, SeriesHosts, SeriesHostsEdit } from './series-hosts-bodies';
export { ROUTE_REQUESTS } from './route-requests';
export { ROUTE_RESPONSES } from './route-responses';
export type { RouteResponse } from './route-responses';

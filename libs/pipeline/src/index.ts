// The public face of @lumcast/pipeline: only what other projects import (apps/functions, apps/infra,
// apps/dashboard, tools), plus the parameter types those names need. Code inside the lib, and its
// tests, import from the module that defines a name ('../src/steps/...'). Add a name here when another
// project needs it.

// Configuration
export { environmentSchema, readEnvironment } from './config/environment';
export type { Environment } from './config/environment';

// Jobs
export { JOB_STATUSES, isFinalStatus } from './jobs/job';
export type { EpisodeChapter, JobRecord, JobStatus } from './jobs/job';
export type { PublicJob } from './contract/job-bodies';
export { JOBS_TABLE_KEY, JobsTable } from './jobs/jobs-table';

// Ports the local stack implements, and their errors
export { objectKeys } from './ports/object-store';
export type { ObjectStore } from './ports/object-store';
export { ConfigurationError, ObjectNotFoundError } from './errors';
export type { JobMessage, JobQueue } from './ports/job-queue';
export type { EpisodeExecutionInput, ExecutionStarter } from './ports/execution-starter';
export type { EpisodeLinks } from './ports/episode-links';

// Least-privilege access, read by the infrastructure
export {
  actionsOfFunction,
  FUNCTION_ACCESS,
  OBJECT_PREFIXES,
  PIPELINE_FUNCTIONS,
  PIPELINE_TABLES,
} from './access/function-access';
export type {
  FunctionAccess,
  ObjectFamily,
  PipelineFunction,
  PipelineTable,
} from './access/function-access';
export { UNSUCCESSFUL_EXECUTION_STATUSES } from './steps/step-inputs';

// HTTP API: identity and the shapes the dashboard reads
export { cognitoIdentity, isUserId, USER_ID_PATTERN } from './api/identity';
export type { IdentityResolver } from './api/identity';
export type { FeedLink, PodcastAccepted, QuotaSummary, UsageHistory } from './contract';
export type { PodcastRequest } from './api/podcast-request';

// Episode options: what GET /api/options answers (the dashboard types its body with these; its
// tests answer with EPISODE_OPTIONS)
export { EPISODE_OPTIONS } from './options/episode-options';
export type { EpisodeOptions, LanguageOption, QualityOption } from './options/episode-options';

// Series: the id rule the API and the dashboard's form share, the memory, and the tables' keys
// and index the infrastructure and the local stack create
export { normalizeSeriesId, seriesIdProblem } from './series/series-id';
// The text rule the API and the dashboard's form share (topic, source text, ids)
export { normalizeText, textFault, textFaultMessage } from './text/text-rule';
export type { TextFault, TextKind, TextProblem } from './text/text-rule';
export type { SeriesIdProblem } from './series/series-id';
export { SERIES_MEMORY_TABLE_KEY, SeriesMemory } from './series/series-memory';
export type { RememberedEpisode, SeriesMemoryOptions } from './series/series-memory';
export { ensureSeriesEpisodesIndex, SERIES_EPISODES_INDEX } from './series/series-episodes-index';
export type { EnsureSeriesEpisodesIndexOptions } from './series/series-episodes-index';

// Feeds: the table's key and index the infrastructure and the local stack create
export { FEEDS_TABLE_KEY, FeedsTable } from './feeds/feeds-table';
export type { FeedsTableOptions } from './feeds/feeds-table';
export type { FeedRecord } from './feeds/feed-record';

// Sources: reading a source link, guarded (the local stack's tests allow loopback explicitly)
export { LinkSourceFetcher } from './sources/link-source-fetcher';
export { SOURCE_URL_MAX_CHARS, sourceUrlProblem } from './sources/source-url';
export type { LinkSourceFetcherOptions } from './sources/link-source-fetcher';
export type { SourceFetcher } from './ports/source-fetcher';
// Sources: uploaded files (the local stack receives the upload form itself)
export {
  SOURCE_FILE_MAX_BYTES,
  SOURCE_FILE_TYPES,
  SOURCE_ID_PATTERN,
  SOURCE_UPLOAD_EXPIRY_SECONDS,
} from './sources/source-files';
export type { SourceFileType } from './sources/source-files';
export type { SourceUploads, UploadForm } from './ports/source-uploads';

// Composition: the Lambda handlers and the services behind them
export { pipelineHandlers } from './composition/pipeline-handlers';
export {
  audioStoreFrom,
  awsServices,
  bedrockScriptWriterFrom,
  episodeLinksFrom,
  executionStarterFrom,
  feedsTableFrom,
  jobQueueFrom,
  jobsTableFrom,
  ledgerFrom,
  scriptWriterFrom,
  seriesEpisodesFrom,
  seriesMemoryFrom,
  sourceFetcherFrom,
  sourceUploadsFrom,
  synthesizerFrom,
} from './composition/aws-services';
export { speechTurnsFrom } from './pacing/pacing-from-environment';
export type { AwsClientFactories } from './composition/aws-services';
export {
  buildApiHandler,
  buildAssembleHandler,
  buildCallbackHandler,
  buildDeadLetterConsumer,
  buildSqsConsumer,
  buildSynthesizeHandler,
  buildWriteScriptHandler,
} from './composition/handler-builders';
export { once } from './composition/once';
export type { PipelineServices } from './composition/pipeline-services';
export { createLogger } from './logging/logger';

// The dashboard's response headers (Content-Security-Policy with its inline scripts' hashes),
// which the CDK app's CloudFront policy and the local stack's static files both send
export { DASHBOARD_SECURITY_HEADERS, dashboardContentSecurityPolicy } from './web/dashboard-csp';
export type { DashboardSources } from './web/dashboard-csp';
export { inlineScriptHashes } from './web/inline-script-hashes';

// The public face of @lumcast/pipeline: only the names another project imports (apps/functions,
// apps/infra, apps/dashboard, tools). Code inside the lib, and its tests, import from the module
// that defines a name ('../src/steps/...'). Add a name here when another project needs it.

// Configuration
export { environmentSchema, readEnvironment } from './config/environment';
export { allowedOriginsSchema } from './sources/allowed-origins';
export type { Environment } from './config/environment';

// Jobs
export { holdsSlots, isFinalStatus } from './jobs/job';
export type { JobRecord } from './jobs/job';
export type { PublicJob } from './contract/job-bodies';
export { JOBS_TABLE_KEY } from './jobs/jobs-table';

// Ports the local stack implements
export { objectKeys } from './ports/object-store';
export type { ObjectStore } from './ports/object-store';
export type { JobQueue } from './ports/job-queue';

// Least-privilege access, read by the infrastructure and the deployed-app run
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

// A chunk's address (its stored audio's key), which the local stack's specs compute to see the
// voice each chunk was spoken in
export { chunkAddress } from './renders/chunk-address';
export type { SpeechSettings } from './renders/chunk-address';

// HTTP API: identity and the shapes the dashboard reads
export { cognitoIdentity, isUserId } from './api/identity';
export type { FeedLink } from './contract';
export type { PodcastRequest } from './api/podcast-request';

// Episode options: what GET /api/options answers
export { EPISODE_OPTIONS } from './options/episode-options';

// The rules the API and the dashboard's form share (series id, topic, source text, source link)
export { seriesIdProblem } from './series/series-id';
export { normalizeText, textFault, textFaultMessage } from './text/text-rule';
export type { TextKind, TextProblem } from './text/text-rule';
export { SOURCE_URL_MAX_CHARS, sourceUrlProblem } from './sources/source-url';
export { SOURCE_FILE_MAX_BYTES } from './sources/source-files';
export type { SourceFileType } from './sources/source-files';

// Tables' keys and indexes the infrastructure and the local stack create
export { SERIES_MEMORY_TABLE_KEY } from './series/series-memory';
export { ensureSeriesEpisodesIndex, SERIES_EPISODES_INDEX } from './series/series-episodes-index';
export { FEEDS_TABLE_KEY } from './feeds/feeds-table';

// Composition: the Lambda handlers and the services behind them
export {
  audioStoreFrom,
  episodeLinksFrom,
  executionStarterFrom,
  feedsTableFrom,
  jobQueueFrom,
  jobsTableFrom,
  ledgerFrom,
  scriptWriterFrom,
  seriesEpisodesFrom,
  seriesHostsFrom,
  seriesMemoryFrom,
  sourceFetcherFrom,
  sourceUploadsFrom,
  speechEngineFrom,
  synthesizerFrom,
} from './composition/aws-services';
export { speechTurnsFrom } from './pacing/pacing-from-environment';
export {
  buildApiHandler,
  buildAssembleHandler,
  buildCallbackHandler,
  buildDeadLetterConsumer,
  buildSqsConsumer,
  buildSynthesizeHandler,
  buildWriteScriptHandler,
} from './composition/handler-builders';
export type { PipelineServices } from './composition/pipeline-services';
export { createLogger } from './logging/logger';

// The dashboard's response headers (Content-Security-Policy with its inline scripts' hashes),
// which the CDK app's CloudFront policy and the local stack's static files both send
export { DASHBOARD_SECURITY_HEADERS, dashboardContentSecurityPolicy } from './web/dashboard-csp';
export { inlineScriptHashes } from './web/inline-script-hashes';

// The API contract (routes and response schemas) is exported here by its own section.

// Every error the lib throws: callers tell failures apart by class across the boundary.
export {
  PipelineError,
  ObjectNotFoundError,
  InvalidListCursorError,
  SeriesInputError,
  SeriesMemoryError,
  SeriesEpisodesError,
  ConfigurationError,
  PodcastRequestError,
  FeedInputError,
  FeedStoreError,
  FeedLimitError,
  SourceFileError,
  SourceLinkError,
  ProviderTurnDeferredError,
  PoisonMessageError,
  JobStateError,
  StepInputError,
} from './errors';

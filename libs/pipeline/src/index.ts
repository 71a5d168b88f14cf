export { environmentSchema, readEnvironment } from './config/environment';
export type { Environment } from './config/environment';
export { FINAL_STATUSES, JOB_STATUSES, isFinalStatus } from './jobs/job';
export type { EpisodeChapter, JobRecord, JobStatus, PublicJob } from './jobs/job';
export { JOB_ID_PATTERN, newJobId } from './jobs/job-id';
export { JOBS_TABLE_KEY, JobsTable } from './jobs/jobs-table';
export type { JobListPage, JobsTableOptions, JobUpdate } from './jobs/jobs-table';
export { InvalidListCursorError } from './jobs/list-cursor';
export { UserPlans } from './jobs/user-plans';
export { objectKeys } from './ports/object-store';
export {
  actionsOfFunction,
  FUNCTION_ACCESS,
  OBJECT_PREFIXES,
  PIPELINE_FUNCTIONS,
  PIPELINE_TABLES,
} from './access/function-access';
export type {
  FunctionAccess,
  ObjectAction,
  ObjectFamily,
  PipelineFunction,
  PipelineTable,
  TableAction,
} from './access/function-access';
export type { ObjectStore } from './ports/object-store';
export { ObjectNotFoundError, PipelineError } from './errors';
export { jobMessageSchema } from './ports/job-queue';
export type { JobMessage, JobQueue } from './ports/job-queue';
export type { EpisodeExecutionInput, ExecutionStarter } from './ports/execution-starter';
export type { EpisodeLinks } from './ports/episode-links';
export { S3ObjectStore } from './adapters/s3-object-store';
export { SqsJobQueue } from './adapters/sqs-job-queue';
export { StepFunctionsStarter } from './adapters/step-functions-starter';
export { PresignedEpisodeLinks } from './adapters/presigned-episode-links';
export { createApiHandler } from './api/api-handler';
export type { ApiErrorBody, PodcastAccepted, QuotaSummary } from './api/api-responses';
export type { ApiDeps } from './api/api-handler';
export { cognitoIdentity, USER_ID_PATTERN } from './api/identity';
export type { IdentityResolver } from './api/identity';
export { parsePodcastRequest, PodcastRequestError } from './api/podcast-request';
export type { PodcastRequest } from './api/podcast-request';
export { createJobConsumer, PoisonMessageError } from './steps/consume-jobs';
export type { JobConsumerDeps, MessageOutcome } from './steps/consume-jobs';
export { createWriteScriptStep } from './steps/write-script';
export type { ScriptArtifact, WriteScriptDeps, WriteScriptOutput } from './steps/write-script';
export { createSynthesizeStep } from './steps/synthesize';
export type { SynthesizeDeps } from './steps/synthesize';
export { createAssembleStep } from './steps/assemble';
export type { AssembleDeps } from './steps/assemble';
export { createCallbackStep } from './steps/callback';
export type { CallbackDeps, CallbackResult } from './steps/callback';
export { stepHandler, StepInputError } from './steps/step-handler';
export { JobStateError } from './steps/step-errors';
export {
  assembleInputSchema,
  assembledEpisodeSchema,
  callbackEventSchema,
  callbackInputSchema,
  executionStatusChangeSchema,
  jobRefSchema,
  synthesizeInputSchema,
  UNSUCCESSFUL_EXECUTION_STATUSES,
} from './steps/step-inputs';
export type {
  AssembledEpisode,
  AssembleInput,
  CallbackInput,
  ExecutionStatusChange,
  JobRef,
  SynthesizedChunk,
  SynthesizeInput,
} from './steps/step-inputs';
export { pipelineHandlers } from './composition/pipeline-handlers';
export {
  audioStoreFrom,
  awsServices,
  episodeLinksFrom,
  executionStarterFrom,
  jobQueueFrom,
  jobsTableFrom,
  ledgerFrom,
  scriptWriterFrom,
  seriesMemoryFrom,
  synthesizerFrom,
  userPlansFrom,
} from './composition/aws-services';
export {
  buildApiHandler,
  buildAssembleHandler,
  buildCallbackHandler,
  buildSqsConsumer,
  buildSynthesizeHandler,
  buildWriteScriptHandler,
} from './composition/handler-builders';
export type { AwsClientFactories } from './composition/aws-services';
export { once } from './composition/once';
export type { PipelineServices } from './composition/pipeline-services';
export { createLogger } from './logging/logger';

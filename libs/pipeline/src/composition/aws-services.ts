import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { PollyClient } from '@aws-sdk/client-polly';
import type { S3Client } from '@aws-sdk/client-s3';
import type { SFNClient } from '@aws-sdk/client-sfn';
import type { SQSClient } from '@aws-sdk/client-sqs';
import {
  LocalSynthesizer,
  PollySynthesizer,
  type SpeechSynthesizer,
} from '@lumcast/audio-assembly';
import { QuotaLedger } from '@lumcast/quota';
import {
  BedrockScriptWriter,
  DEFAULT_BEDROCK_MODEL_ID,
  OfflineScriptWriter,
  type ScriptWriter,
  type SpeechEngine,
} from '@lumcast/script-generation';
import { PresignedEpisodeLinks } from '../adapters/presigned-episode-links';
import { PresignedSourceUploads } from '../adapters/presigned-source-uploads';
import { S3ObjectStore } from '../adapters/s3-object-store';
import { SqsJobQueue } from '../adapters/sqs-job-queue';
import { StepFunctionsStarter } from '../adapters/step-functions-starter';
import type { Environment } from '../config/environment';
import { ConfigurationError } from '../errors';
import { FeedsTable } from '../feeds/feeds-table';
import { JobsTable } from '../jobs/jobs-table';
import { SeriesEpisodes } from '../series/series-episodes';
import { SeriesHostProfiles } from '../series/series-host-profiles';
import { SeriesMemory } from '../series/series-memory';
import { LinkSourceFetcher } from '../sources/link-source-fetcher';
import { pacedModelCalls } from '../pacing/paced-model-calls';
import { modelTurnsFrom } from '../pacing/pacing-from-environment';

// One small factory per service, so a Lambda entry that imports only the ones it
// needs bundles only the SDK clients it uses.

/** The jobs table named by `LUMCAST_JOBS_TABLE`. @example `jobsTableFrom(env, dynamodb)` */
export function jobsTableFrom(env: Environment, dynamodb: DynamoDBClient): JobsTable {
  return new JobsTable({ client: dynamodb, tableName: env.LUMCAST_JOBS_TABLE });
}

/** The feeds table named by `LUMCAST_FEEDS_TABLE`. @example `feedsTableFrom(env, dynamodb)` */
export function feedsTableFrom(env: Environment, dynamodb: DynamoDBClient): FeedsTable {
  return new FeedsTable({
    client: dynamodb,
    tableName: required(env.LUMCAST_FEEDS_TABLE, 'LUMCAST_FEEDS_TABLE'),
  });
}

/** Series' episodes, from the jobs table's series index. @example `seriesEpisodesFrom(env, dynamodb)` */
export function seriesEpisodesFrom(env: Environment, dynamodb: DynamoDBClient): SeriesEpisodes {
  return new SeriesEpisodes({ client: dynamodb, tableName: env.LUMCAST_JOBS_TABLE });
}

/** Series' host profiles on `LUMCAST_SERIES_TABLE`. @example `seriesHostsFrom(env, dynamodb)` */
export function seriesHostsFrom(env: Environment, dynamodb: DynamoDBClient): SeriesHostProfiles {
  return new SeriesHostProfiles({ client: dynamodb, tableName: env.LUMCAST_SERIES_TABLE });
}

/**
 * The reader of source links, guarded against request forgery: public addresses only, besides the
 * exact origins an operator lists in `LUMCAST_SOURCE_ALLOWED_ORIGINS` (none without `env`).
 * @example `sourceFetcherFrom(env)`
 */
export function sourceFetcherFrom(
  env?: Pick<Environment, 'LUMCAST_SOURCE_ALLOWED_ORIGINS'>,
): LinkSourceFetcher {
  return new LinkSourceFetcher({ allowedOrigins: env?.LUMCAST_SOURCE_ALLOWED_ORIGINS ?? [] });
}

/** The quota ledger on `LUMCAST_USERS_TABLE`. @example `ledgerFrom(env, dynamodb)` */
export function ledgerFrom(env: Environment, dynamodb: DynamoDBClient): QuotaLedger {
  return new QuotaLedger({ client: dynamodb, tableName: env.LUMCAST_USERS_TABLE });
}

/** Series memory on `LUMCAST_SERIES_TABLE`. @example `seriesMemoryFrom(env, dynamodb)` */
export function seriesMemoryFrom(env: Environment, dynamodb: DynamoDBClient): SeriesMemory {
  return new SeriesMemory({ client: dynamodb, tableName: env.LUMCAST_SERIES_TABLE });
}

/** Audio, chunks and scripts in `LUMCAST_AUDIO_BUCKET`. @example `audioStoreFrom(env, s3)` */
export function audioStoreFrom(env: Environment, s3: S3Client): S3ObjectStore {
  return new S3ObjectStore({ client: s3, bucket: env.LUMCAST_AUDIO_BUCKET });
}

/** Presigned episode links, valid `LUMCAST_URL_EXPIRY_SECONDS`. @example `episodeLinksFrom(env, s3)` */
export function episodeLinksFrom(env: Environment, s3: S3Client): PresignedEpisodeLinks {
  return new PresignedEpisodeLinks({
    client: s3,
    bucket: env.LUMCAST_AUDIO_BUCKET,
    expiresInSeconds: env.LUMCAST_URL_EXPIRY_SECONDS,
  });
}

/** Presigned upload forms for source files into `LUMCAST_AUDIO_BUCKET`. @example `sourceUploadsFrom(env, s3)` */
export function sourceUploadsFrom(env: Environment, s3: S3Client): PresignedSourceUploads {
  return new PresignedSourceUploads({ client: s3, bucket: env.LUMCAST_AUDIO_BUCKET });
}

/** The job queue at `LUMCAST_QUEUE_URL`. @example `jobQueueFrom(env, sqs)` */
export function jobQueueFrom(env: Environment, sqs: SQSClient): SqsJobQueue {
  return new SqsJobQueue({
    client: sqs,
    queueUrl: required(env.LUMCAST_QUEUE_URL, 'LUMCAST_QUEUE_URL'),
  });
}

/** Executions of `LUMCAST_STATE_MACHINE_ARN`. @example `executionStarterFrom(env, sfn)` */
export function executionStarterFrom(env: Environment, sfn: SFNClient): StepFunctionsStarter {
  return new StepFunctionsStarter({
    client: sfn,
    stateMachineArn: required(env.LUMCAST_STATE_MACHINE_ARN, 'LUMCAST_STATE_MACHINE_ARN'),
  });
}

/**
 * The script writer `LUMCAST_SCRIPT_WRITER` selects, sizing scripts for the
 * engine `LUMCAST_SPEECH` selects (speaking rates differ). The Bedrock client
 * is only created when Bedrock is used, and its calls are paced on the pacing table
 * when `dynamodb` is given.
 */
export function scriptWriterFrom(
  env: Environment,
  bedrock: () => BedrockRuntimeClient,
  dynamodb?: () => DynamoDBClient,
): ScriptWriter {
  return env.LUMCAST_SCRIPT_WRITER === 'bedrock'
    ? bedrockScriptWriterFrom(env, bedrock(), dynamodb?.())
    : new OfflineScriptWriter({ speechEngine: speechEngineFrom(env) });
}

/**
 * The Bedrock script writer alone ({@link scriptWriterFrom} builds it for `bedrock`).
 * Throws {@link ConfigurationError} unless `LUMCAST_SCRIPT_WRITER` is `bedrock`, so a
 * function configured for the offline writer fails at cold start instead of silently
 * calling Bedrock. With `dynamodb`, every Converse call first takes the model's turn on
 * `LUMCAST_PACING_TABLE` (`LUMCAST_BEDROCK_REQUESTS_PER_MINUTE`).
 *
 * @example
 * ```ts
 * const writer = bedrockScriptWriterFrom(env, new BedrockRuntimeClient({ maxAttempts: 1 }), dynamodb);
 * ```
 */
export function bedrockScriptWriterFrom(
  env: Environment,
  bedrock: BedrockRuntimeClient,
  dynamodb?: DynamoDBClient,
): BedrockScriptWriter {
  if (env.LUMCAST_SCRIPT_WRITER !== 'bedrock') {
    throw new ConfigurationError(
      `LUMCAST_SCRIPT_WRITER is '${env.LUMCAST_SCRIPT_WRITER}': this function writes scripts with Bedrock only`,
    );
  }
  const modelId = env.LUMCAST_BEDROCK_MODEL_ID ?? DEFAULT_BEDROCK_MODEL_ID;
  const turns = dynamodb === undefined ? undefined : modelTurnsFrom(env, dynamodb, modelId);
  return new BedrockScriptWriter({
    client: bedrock,
    modelId,
    speechEngine: speechEngineFrom(env),
    ...(turns === undefined ? {} : { beforeEachCall: pacedModelCalls(turns) }),
  });
}

/**
 * The speech engine `LUMCAST_SPEECH` selects; the Polly client is only created
 * when Polly is used. With `LUMCAST_PACING_TABLE`, Polly's throttling is not retried in the
 * function (the state machine retries it, and the retry takes a new turn).
 *
 * @example
 * ```ts
 * const synthesizer = synthesizerFrom(env, () => new PollyClient({}));
 * ```
 */
export function synthesizerFrom(env: Environment, polly: () => PollyClient): SpeechSynthesizer {
  // Paced (a pacing table is set): a throttled call goes back to the state machine's Retry, whose
  // new invocation takes a new turn, instead of being retried here out of turn.
  return env.LUMCAST_SPEECH === 'polly'
    ? new PollySynthesizer({
        client: polly(),
        ...(env.LUMCAST_PACING_TABLE ? { maxThrottledAttempts: 1 } : {}),
      })
    : new LocalSynthesizer();
}

/**
 * The speech engine `LUMCAST_SPEECH` selects, as the script writer and the API's script timings
 * name it: `polly`, or `espeak-ng` for the local synthesizer.
 *
 * @example
 * ```ts
 * speechEngineFrom(readEnvironment(process.env)); // 'polly'
 * ```
 */
export function speechEngineFrom(env: Environment): SpeechEngine {
  return env.LUMCAST_SPEECH === 'polly' ? 'polly' : 'espeak-ng';
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new ConfigurationError(`${name} must be set for this function`);
  return value;
}

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
  OfflineScriptWriter,
  SeriesMemory,
  type ScriptWriter,
  type SpeechEngine,
} from '@lumcast/script-generation';
import { PresignedEpisodeLinks } from '../adapters/presigned-episode-links';
import { S3ObjectStore } from '../adapters/s3-object-store';
import { SqsJobQueue } from '../adapters/sqs-job-queue';
import { StepFunctionsStarter } from '../adapters/step-functions-starter';
import type { Environment } from '../config/environment';
import { JobsTable } from '../jobs/jobs-table';
import { UserPlans } from '../jobs/user-plans';
import { once } from './once';
import type { PipelineServices } from './pipeline-services';

/** The AWS clients the services use, each created by the caller (once per container). */
export interface AwsClientFactories {
  dynamodb(): DynamoDBClient;
  s3(): S3Client;
  sqs(): SQSClient;
  sfn(): SFNClient;
  bedrock(): BedrockRuntimeClient;
  polly(): PollyClient;
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} must be set for this function`);
  return value;
}

/**
 * The pipeline's services on AWS, from configuration and the caller's
 * clients; each service is built on first use, so a function only ever touches
 * what it needs. The script writer and speech engine are chosen by
 * `LUMCAST_SCRIPT_WRITER` and `LUMCAST_SPEECH`.
 *
 * @example
 * ```ts
 * const services = awsServices(readEnvironment(process.env), clients);
 * export const handler = pipelineHandlers(services, env).callback();
 * ```
 */
export function awsServices(env: Environment, clients: AwsClientFactories): PipelineServices {
  // Scripts are sized for the engine that will speak them (speaking rates differ).
  const speechEngine: SpeechEngine = env.LUMCAST_SPEECH === 'polly' ? 'polly' : 'espeak-ng';
  return {
    jobs: once(
      () => new JobsTable({ client: clients.dynamodb(), tableName: env.LUMCAST_JOBS_TABLE }),
    ),
    plans: once(
      () => new UserPlans({ client: clients.dynamodb(), tableName: env.LUMCAST_USERS_TABLE }),
    ),
    ledger: once(
      () => new QuotaLedger({ client: clients.dynamodb(), tableName: env.LUMCAST_USERS_TABLE }),
    ),
    seriesMemory: once(
      () => new SeriesMemory({ client: clients.dynamodb(), tableName: env.LUMCAST_SERIES_TABLE }),
    ),
    store: once(
      () => new S3ObjectStore({ client: clients.s3(), bucket: env.LUMCAST_AUDIO_BUCKET }),
    ),
    links: once(
      () =>
        new PresignedEpisodeLinks({
          client: clients.s3(),
          bucket: env.LUMCAST_AUDIO_BUCKET,
          expiresInSeconds: env.LUMCAST_URL_EXPIRY_SECONDS,
        }),
    ),
    queue: once(
      () =>
        new SqsJobQueue({
          client: clients.sqs(),
          queueUrl: required(env.LUMCAST_QUEUE_URL, 'LUMCAST_QUEUE_URL'),
        }),
    ),
    starter: once(
      () =>
        new StepFunctionsStarter({
          client: clients.sfn(),
          stateMachineArn: required(env.LUMCAST_STATE_MACHINE_ARN, 'LUMCAST_STATE_MACHINE_ARN'),
        }),
    ),
    writer: once((): ScriptWriter =>
      env.LUMCAST_SCRIPT_WRITER === 'bedrock'
        ? new BedrockScriptWriter({
            client: clients.bedrock(),
            modelId: env.LUMCAST_BEDROCK_MODEL_ID,
            speechEngine,
          })
        : new OfflineScriptWriter({ speechEngine }),
    ),
    synthesizer: once((): SpeechSynthesizer =>
      env.LUMCAST_SPEECH === 'polly'
        ? new PollySynthesizer({ client: clients.polly() })
        : new LocalSynthesizer(),
    ),
  };
}

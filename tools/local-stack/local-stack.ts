import { createServer } from 'node:http';
import path from 'node:path';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { PollyClient } from '@aws-sdk/client-polly';
import { startDynamoDbLocal, type LocalDynamo } from '@lumcast/local-dynamo';
import {
  awsServices,
  createLogger,
  once,
  pipelineHandlers,
  readEnvironment,
  type Environment,
  type PipelineServices,
} from '@lumcast/pipeline';
import {
  dynamoEndpointFilePath,
  removeDynamoEndpointFile,
  writeDynamoEndpointFile,
} from './dynamo-endpoint-file';
import type { EngineOverrides } from './engine-overrides';
import type { ImportedData } from './in-process-data-import';
import { FileObjectStore } from './file-object-store';
import { deadLetterSink } from './dead-letter-sink';
import { InProcessQueue } from './in-process-queue';
import { LocalEpisodeLinks } from './local-episode-links';
import { LocalSourceUploads } from './local-source-uploads';
import { linkSecret } from './link-secret';
import { privateFolder } from './private-files';
import { claimDataFolder, type DataFolderClaim } from './data-folder-claim';
import type { RecordedChild } from './stack-processes-file';
import { localHeaderIdentity } from './local-identity';
import type { LocalConfig } from './local-config';
import { LocalStateMachine } from './local-state-machine';
import { recoverUnfinishedJobs, type RecoveredJobs } from './recover-jobs';
import { LOCAL_TABLES, ensureTables } from './tables';
import { createRequestListener } from './request-listener';
import { DEFAULT_HOST, hostHeaderCheck } from './host-check';
import { listenLocally } from './listen';

export type { RecoveredJobs } from './recover-jobs';

/** The dashboard's static export, served at `/`. */
export const DASHBOARD_EXPORT_DIR = path.resolve(__dirname, '../../apps/dashboard/out');

/** Options of {@link startLocalStack} beyond the user-facing configuration. */
export interface LocalStackOptions extends LocalConfig {
  /** Where the dashboard's static export is (default {@link DASHBOARD_EXPORT_DIR}). */
  dashboardDir?: string;
  /** Milliseconds before any state machine retry and any queue redelivery (tests make them short). */
  retryDelayMs?: number;
  /**
   * Replaces some services (tests use it to inject a failing step or a faster
   * synthesizer); a function receives the stack's own services, to wrap them.
   */
  services?: Partial<PipelineServices> | ((own: PipelineServices) => Partial<PipelineServices>);
  /**
   * Nothing consumes the job queue: accepted jobs stay `queued` (tests of what the API accepts).
   * The engine run (`LUMCAST_ENGINE=1`) stops its event source mappings instead.
   */
  holdJobs?: boolean;
  /** What a test changes of the engine under the run (`LUMCAST_ENGINE=1` only; see `./engine-overrides.ts`). */
  engine?: EngineOverrides;
  /** Called when an execution ends (tests count executions with it). */
  onExecutionEnd?: (jobId: string, outcome: 'succeeded' | 'failed', error?: unknown) => void;
}

/** A running local stack. */
export interface LocalStack {
  url: string;
  port: number;
  /** The address the server is bound to: `127.0.0.1` unless `host` said otherwise. */
  address: string;
  env: Environment;
  services: PipelineServices;
  dynamo: LocalDynamo;
  /** The file saying where `dynamo` listens (`<data>/dynamodb-endpoint.json`), removed by `stop`. */
  dynamoEndpointFile: string;
  queue: InProcessQueue;
  machine: LocalStateMachine;
  /** Jobs found unfinished at start (see {@link RecoveredJobs}). */
  recovered: RecoveredJobs;
  /** The engine run only: what an in-process run had left in the data folder, moved in at start. */
  imported?: ImportedData;
  /**
   * Processes a stack that was killed had left running on this data folder (its DynamoDB Local),
   * stopped before this one opened it (see `./data-folder-claim.ts`).
   */
  staleStopped: readonly RecordedChild[];
  /** Resolves when the queue is empty and no execution runs. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts Lumcast on this machine with real local parts: AWS's DynamoDB Local
 * (a JVM: Java 17) persisted in the data folder, an in-process queue
 * delivering SQS-shaped batches to the consumer handler, the same state machine definition run by
 * aws-local-stepfunctions with the same handlers, audio in the data folder,
 * espeak-ng speech and the offline script writer (or Bedrock / Polly when
 * configured). Dashboard and API share one origin. Once started it writes
 * `<data>/dynamodb-endpoint.json` (see `./dynamo-endpoint-file.ts`), which the
 * quota operator command reads; `stop` removes it. First it claims the data folder
 * (`./data-folder-claim.ts`): a folder another live stack holds refuses the start with
 * `DataFolderInUseError`, a DynamoDB Local a killed stack left on it is stopped, and
 * `<data>/stack-processes.json` records this process and its JVM until `stop`.
 *
 * @throws DataFolderInUseError when another live process holds the data folder.
 * @example
 * ```ts
 * const stack = await startLocalStack(readLocalConfig(process.env));
 * console.log(stack.url);
 * await stack.stop();
 * ```
 */
export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  await privateFolder(options.dataDir);
  // One live stack per data folder; what a killed one left running on it is stopped first.
  const claim = await claimDataFolder(options.dataDir);
  try {
    // Checked before anything starts: a bad key refuses the start, naming its file.
    const secret = await linkSecret(options.dataDir);
    const startedAt = new Date().toISOString();
    const dynamoDir = path.join(options.dataDir, 'dynamodb');
    await privateFolder(dynamoDir);
    // DynamoDB Local, not dynalite: the quota ledger writes with TransactWriteItems.
    const dynamo = await startDynamoDbLocal({
      path: dynamoDir,
      onSpawn: ({ pid, dbPath }) =>
        claim.recordChild({
          name: 'DynamoDB Local',
          pid,
          commandLineIncludes: ['-dbPath', dbPath ?? path.resolve(dynamoDir)],
        }),
    });
    try {
      return await startOnDynamo(options, dynamo, startedAt, secret, claim);
    } catch (error) {
      await dynamo.close();
      throw error;
    }
  } catch (error) {
    await claim.release();
    throw error;
  }
}

async function startOnDynamo(
  options: LocalStackOptions,
  dynamo: LocalDynamo,
  startedAt: string,
  secret: Buffer,
  claim: DataFolderClaim,
): Promise<LocalStack> {
  const logger = createLogger('local-stack');
  await ensureTables(dynamo.client, LOCAL_TABLES);

  const env = readEnvironment({
    LUMCAST_USERS_TABLE: LOCAL_TABLES.users,
    LUMCAST_JOBS_TABLE: LOCAL_TABLES.jobs,
    LUMCAST_SERIES_TABLE: LOCAL_TABLES.series,
    LUMCAST_FEEDS_TABLE: LOCAL_TABLES.feeds,
    // Polly and Bedrock limits are the account's, shared with anything else using it: paced here
    // too (espeak-ng and the offline writer have none, and take no turns).
    LUMCAST_PACING_TABLE: LOCAL_TABLES.pacing,
    LUMCAST_AUDIO_BUCKET: 'local',
    LUMCAST_SCRIPT_WRITER: options.scriptWriter,
    LUMCAST_SPEECH: options.speech,
    LUMCAST_BEDROCK_MODEL_ID: options.bedrockModelId,
    LUMCAST_MAX_CHUNK_CHARS:
      options.maxChunkChars === undefined ? undefined : String(options.maxChunkChars),
  });

  const objectsDir = path.join(options.dataDir, 'objects');
  await privateFolder(objectsDir);
  const store = new FileObjectStore(objectsDir);
  const links = new LocalEpisodeLinks({
    secret,
    expiresInSeconds: env.LUMCAST_URL_EXPIRY_SECONDS,
  });
  const uploads = new LocalSourceUploads({ secret });
  const notLocal = (service: string) => () => {
    throw new Error(`The local stack does not use ${service}`);
  };
  // Assigned below: the services and the machine refer to each other.
  // eslint-disable-next-line prefer-const
  let machine: LocalStateMachine | undefined;
  // eslint-disable-next-line prefer-const
  let queue: InProcessQueue | undefined;
  const own: PipelineServices = {
    ...awsServices(env, {
      dynamodb: () => dynamo.client,
      s3: notLocal('S3'),
      sqs: notLocal('SQS'),
      sfn: notLocal('Step Functions'),
      // The script writer retries Bedrock itself (backoff with jitter); no second layer of SDK retries.
      bedrock: once(() => new BedrockRuntimeClient({ maxAttempts: 1 })),
      polly: once(() => new PollyClient({})),
    }),
    store: () => store,
    links: () => links,
    uploads: () => uploads,
    queue: () => queue as InProcessQueue,
    starter: () => machine as LocalStateMachine,
  };
  const services: PipelineServices = {
    ...own,
    ...(typeof options.services === 'function' ? options.services(own) : options.services),
  };
  const handlers = pipelineHandlers(services, env);
  machine = await LocalStateMachine.load({
    functions: {
      WriteScriptFunctionArn: handlers.writeScript(),
      SynthesizeFunctionArn: handlers.synthesize(),
      AssembleFunctionArn: handlers.assemble(),
      CallbackFunctionArn: handlers.callback(),
    },
    retryDelayMs: options.retryDelayMs,
    onExecutionEnd: options.onExecutionEnd,
  });
  queue = new InProcessQueue({
    consumer: handlers.sqsConsumer(),
    redeliveryDelayMs: options.retryDelayMs,
    held: options.holdJobs,
    onDeadLetter: deadLetterSink({
      finish: handlers.deadLetters(),
      file: path.join(options.dataDir, 'dead-letters.jsonl'),
      logger,
    }),
  });
  const recovered = await recoverUnfinishedJobs(
    services,
    handlers.callback(),
    { client: dynamo.client, tableName: LOCAL_TABLES.jobs },
    queue,
  );

  const host = options.host ?? DEFAULT_HOST;
  // Assigned once the server listens (the port may be 0: any free one).
  let listeningPort = options.port;
  const server = createServer(
    createRequestListener({
      api: handlers.api(localHeaderIdentity),
      jobs: services.jobs(),
      links,
      uploads,
      store,
      dashboardDir: options.dashboardDir ?? DASHBOARD_EXPORT_DIR,
      acceptsHost: hostHeaderCheck({ host, port: () => listeningPort }),
    }),
  );
  const { address, url } = await listenLocally(server, options.port, host);
  const { port } = address;
  listeningPort = port;
  try {
    await claim.recordUrl(url);
    await writeDynamoEndpointFile(options.dataDir, {
      endpoint: dynamo.endpoint,
      tables: { ...LOCAL_TABLES },
      pid: process.pid,
      startedAt,
    });
  } catch (error) {
    server.close();
    throw error;
  }
  const activeQueue = queue;
  const activeMachine = machine;
  return {
    url,
    port,
    address: address.address,
    env,
    services,
    dynamo,
    dynamoEndpointFile: dynamoEndpointFilePath(options.dataDir),
    queue: activeQueue,
    machine: activeMachine,
    recovered,
    staleStopped: claim.staleStopped,
    async idle() {
      await activeQueue.idle();
      await activeMachine.idle();
    },
    async stop() {
      await removeDynamoEndpointFile(options.dataDir, dynamo.endpoint);
      activeQueue.close();
      activeMachine.abortAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await dynamo.close();
      await claim.release();
    },
  };
}

import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { startAwsEmulator, type AwsEmulator, type FakePollyOptions } from '@lumcast/aws-emulator';
import { claimDataFolder } from './data-folder-claim';
import {
  dynamoEndpointFilePath,
  removeDynamoEndpointFile,
  writeDynamoEndpointFile,
} from './dynamo-endpoint-file';
import { DASHBOARD_EXPORT_DIR } from './dashboard-route';
import {
  bucketName,
  deadLetterFile,
  functionEnvironment,
  tableNames,
} from './engine-configuration';
import { createEngineListener } from './engine-listener';
import { recoverEngineJobs } from './engine-recovery';
import { localIdentityHeaders } from './engine-identity';
import { DEFAULT_HOST, hostHeaderCheck } from './host-check';
import type { EngineOverrides } from './engine-overrides';
import { importInProcessData, type ImportedData } from './in-process-data-import';
import { linkSecret } from './link-secret';
import { listenLocally } from './listen';
import type { LocalConfig } from './local-config';
import { privateFolder } from './private-files';
import { realServicesFor } from './real-aws-services';
import type { RecoveredJobs } from './recover-jobs';
import type { RecordedChild } from './stack-processes-file';
import type { LocalTableNames } from './tables';

/** The cloud assembly `nx run infra:synth` writes. */
export const DEFAULT_CDK_OUT_DIR = path.resolve(__dirname, '../../dist/apps/infra/cdk.out');

/** How many of the API function's containers run at once: twice this machine's cores. */
const API_CONTAINERS = Math.max(2, availableParallelism() * 2);

/**
 * How many of each pipeline function's containers run at once when espeak-ng speaks: twice the
 * cores, one episode's Map concurrency on two cores. The chunks then compute (espeak-ng and the MP3
 * encoder in the function), so more containers only add cold starts and switching, and fewer leave
 * a core idle while a container waits on S3 or DynamoDB. The executions waiting for one are served
 * least-served first, so a short episode is not behind long ones (issue 32's bystander goal).
 * Polly's and Bedrock's calls mostly wait on the service, so a run with Polly keeps AWS's one
 * container per invocation.
 */
const BACKGROUND_CONTAINERS = Math.max(2, availableParallelism() * 2);

/** The nice value of the pipeline's containers (everything but the API's function). */
const BACKGROUND_NICE = 10;

/** Options of {@link startEngineStack} beyond the user-facing configuration. */
export interface EngineStackOptions extends LocalConfig {
  /** Where the dashboard's static export is (default `apps/dashboard/out`). */
  dashboardDir?: string;
  /** The synthesized app (default {@link DEFAULT_CDK_OUT_DIR}). */
  cdkOutDir?: string;
  /** Options of the engine's fake Polly (tests: its speaking rate, `charactersPerSecond`). */
  polly?: FakePollyOptions;
  /**
   * The engine's own settings a test run changes (the fakes' options, an execution timeout),
   * and variables every function gets over the configuration's (the run's configuration of a
   * product setting, never a test path in a bundle). Absent in `npm start`.
   */
  engine?: EngineOverrides;
}

/** Lumcast running on the engine, on this machine. */
export interface EngineStack {
  url: string;
  port: number;
  /** The address the server is bound to: `127.0.0.1` unless `host` said otherwise. */
  address: string;
  emulator: AwsEmulator;
  /** Where the quota command finds the tables (`<data>/dynamodb-endpoint.json`), removed by `stop`. */
  dynamoEndpointFile: string;
  /** The template's table names, as the functions see them. */
  tables: LocalTableNames;
  /** Jobs a stop or a crash had left unfinished, resumed or ended at start (see `./engine-recovery.ts`). */
  recovered: RecoveredJobs;
  /** What an in-process run (before the engine) had left in the data folder, moved in at this start. */
  imported: ImportedData;
  /** What a killed run had left on this data folder (its DynamoDB Local), stopped before this one. */
  staleStopped: readonly RecordedChild[];
  stop(): Promise<void>;
}

/**
 * Starts Lumcast on this machine as it deploys: the synthesized app on the engine
 * (`@lumcast/aws-emulator`: the functions' bundles in worker threads, SQS, Step Functions,
 * EventBridge, the HTTP API behind its JWT authorizer, SigV4 and IAM on every call), its state in
 * the data folder (DynamoDB Local's `-dbPath` in `<data>/dynamodb`, the S3 server's objects in
 * `<data>/s3`), espeak-ng speech, and one origin for the dashboard and `/api/*`, where the
 * identity header `x-lumcast-user` becomes the authorizer's token (`./engine-identity.ts`). The
 * data folder is claimed first, as by `startLocalStack`: one live run per folder, a DynamoDB
 * Local a killed run left is stopped, and `<data>/dynamodb-endpoint.json` says where the tables
 * are for `nx run tools:quota`.
 *
 * @throws DataFolderInUseError when another live process holds the data folder.
 * @example
 * ```ts
 * const stack = await startEngineStack(readLocalConfig(process.env));
 * console.log(stack.url);
 * await stack.stop();
 * ```
 */
export async function startEngineStack(options: EngineStackOptions): Promise<EngineStack> {
  // Speech `polly` and writer `bedrock` call the real services with the user's credentials, unless
  // a test run names its own (`engine.realServices`; none keeps the fakes). A missing region refuses
  // the start here, and credentials that cannot load refuse it in the engine, before anything starts.
  const realServices = options.engine?.realServices ?? (await realServicesFor(options));
  // What DynamoDB Local (a child, which inherits it) and the S3 server write in the data folder
  // is private too: files 0600, folders 0700. The run's process owns nothing else that is shared.
  process.umask(0o077);
  await privateFolder(options.dataDir);
  const claim = await claimDataFolder(options.dataDir);
  try {
    // Checked before anything starts, as by the in-process stack: a bad key refuses the start.
    // The functions' credentials are derived from it, so the links and upload forms they sign
    // verify on this data folder's runs only, and across its restarts.
    const secret = await linkSecret(options.dataDir);
    const startedAt = new Date().toISOString();
    const dynamoDir = path.join(options.dataDir, 'dynamodb');
    const s3Dir = path.join(options.dataDir, 's3');
    // Known once the server listens (the port may be 0); no API function runs before that.
    let publicUrl = `http://localhost:${options.port}`;
    await privateFolder(dynamoDir);
    await privateFolder(s3Dir);
    const { environment, ...engineSettings } = options.engine ?? {};
    const emulator = await startAwsEmulator({
      cdkOutDir: options.cdkOutDir ?? DEFAULT_CDK_OUT_DIR,
      dynamodb: {
        dbPath: dynamoDir,
        onSpawn: ({ pid, dbPath }) =>
          claim.recordChild({
            name: 'DynamoDB Local',
            pid,
            commandLineIncludes: ['-dbPath', dbPath ?? path.resolve(dynamoDir)],
          }),
      },
      s3Directory: s3Dir,
      ...(options.polly === undefined ? {} : { polly: options.polly }),
      realServices,
      // The pipeline's containers yield the CPU to the API and the services it calls: the
      // server answers while episodes are made (issue 32's responsiveness goals).
      backgroundNice: BACKGROUND_NICE,
      // A burst of requests waits for a few warm API containers instead of starting one worker
      // thread each, which on two cores do not finish their INIT within the API's 10 s timeout.
      httpApiContainers: API_CONTAINERS,
      ...(options.speech === 'local' ? { backgroundContainers: BACKGROUND_CONTAINERS } : {}),
      // A user's run lives for days: no record of every invocation and call (denials are kept).
      keepRecords: false,
      ...engineSettings,
      onMessagesLeft: deadLetterFile(path.join(options.dataDir, 'dead-letters.jsonl')),
      functionEnvironment: functionEnvironment(options, environment),
      credentialsSecret: secret,
      // The API's functions sign links to this run's own origin, as the dashboard is served.
      publicS3Url: () => publicUrl,
    });
    try {
      // Before the server listens: no request meets a job the last run left half-made.
      const tables = tableNames(emulator.app.functions);
      const imported = await importInProcessData(options.dataDir, {
        dynamodbUrl: emulator.dynamodbUrl,
        s3ServerUrl: emulator.s3ServerUrl,
        tables,
        bucket: bucketName(emulator.app.functions),
      });
      const recovered = await recoverEngineJobs(emulator);
      const host = options.host ?? DEFAULT_HOST;
      let listeningPort = options.port;
      const server = createServer(
        createEngineListener({
          apiUrl: emulator.apiUrl,
          identity: localIdentityHeaders((sub) =>
            emulator.issuer.mint({ sub, email: `${sub}@localhost` }),
          ),
          dashboardDir: options.dashboardDir ?? DASHBOARD_EXPORT_DIR,
          // The API's links and upload forms are path-style URLs on this origin (`publicS3Url`
          // below, and LUMCAST_S3_PATH_STYLE), forwarded to the S3 front door as they come.
          s3: {
            url: emulator.endpoints.urls.s3,
            buckets: new Set(emulator.app.buckets.map((bucket) => bucket.bucketName)),
          },
          acceptsHost: hostHeaderCheck({ host, port: () => listeningPort }),
        }),
      );
      const { address, url } = await listenLocally(server, options.port, host);
      listeningPort = address.port;
      publicUrl = url;
      const closeServer = () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      try {
        await claim.recordUrl(url);
        await writeDynamoEndpointFile(options.dataDir, {
          endpoint: emulator.dynamodbUrl,
          tables: { ...tables },
          pid: process.pid,
          startedAt,
        });
      } catch (error) {
        await closeServer();
        throw error;
      }
      return {
        url,
        port: address.port,
        address: address.address,
        emulator,
        dynamoEndpointFile: dynamoEndpointFilePath(options.dataDir),
        tables,
        recovered,
        imported,
        staleStopped: claim.staleStopped,
        async stop() {
          await removeDynamoEndpointFile(options.dataDir, emulator.dynamodbUrl);
          await closeServer();
          await emulator.stop();
          await claim.release();
        },
      };
    } catch (error) {
      await emulator.stop();
      throw error;
    }
  } catch (error) {
    await claim.release();
    throw error;
  }
}

import type { JwtIssuer } from './apigw/jwt-issuer';
import type { EventRules } from './events/event-rules';
import type { FakeBedrock, FakeBedrockOptions } from './fakes/fake-bedrock';
import type { FakePolly, FakePollyOptions } from './fakes/fake-polly';
import type { AwsEndpoints } from './front-door/front-door-types';
import type { RealServices } from './front-door/real-services';
import type { LambdaRuntime } from './lambda/lambda-runtime';
import type { StateMachineRunner } from './sfn/state-machine-runner';
import type { EventSourceMapping, LeftMessage } from './sqs/event-source-mapping';
import type { LocalQueues } from './sqs/local-queues';
import type { QueueSpec } from './template/resource-specs';
import type { FunctionSpec, SynthesizedApp } from './template/synthesized-app';

/**
 * Where and how DynamoDB Local keeps its data.
 *
 * @example
 * ```ts
 * const dynamodb: DynamoDbLocalOptions = { dbPath: '/var/data/dynamodb' };
 * ```
 */
export interface DynamoDbLocalOptions {
  /** A directory to keep the tables in across runs (`-dbPath`); absent, they live in memory. */
  readonly dbPath?: string;
  /** Called with the JVM's pid right after it is spawned (to record it; see `@lumcast/local-dynamo`). */
  readonly onSpawn?: (jvm: { pid: number; dbPath: string | undefined }) => void | Promise<void>;
}

/**
 * Options of `startAwsEmulator`: where the cloud assembly is, how fast time runs, and the
 * caller's product specifics (the fakes' answers and limits, refusals in front of Step Functions).
 *
 * @example
 * ```ts
 * const options: AwsEmulatorOptions = { cdkOutDir: 'dist/apps/infra/cdk.out', timeScale: 0.05 };
 * ```
 */
export interface AwsEmulatorOptions {
  /** The cloud assembly `cdk synth` wrote (one stack). */
  readonly cdkOutDir: string;
  /**
   * Multiplies every duration of the app (Lambda timeouts, the definition's
   * `TimeoutSeconds`/`IntervalSeconds`/`MaxDelaySeconds`/`HeartbeatSeconds`, SQS visibility
   * timeouts and batching windows, EventBridge retry delays), so a run at 0.05 keeps every ratio
   * of the real one at 1/20 of its wall time. Polly's TPS limit is not scaled: it stays AWS's.
   * Default 1.
   */
  readonly timeScale?: number;
  /**
   * Replaces the definition's top-level `TimeoutSeconds` (in AWS seconds, before `timeScale`), so
   * a test can time an execution out without waiting the template's own. Nothing else of the
   * synthesized definition changes.
   */
  readonly executionTimeoutSeconds?: number;
  /**
   * Replaces every queue's visibility timeout (in AWS seconds, before `timeScale`; SQS's 0 to
   * 43,200), so a test sees a failed message received again, and redriven after the template's
   * `maxReceiveCount`, without waiting the template's own timeout. A `ReceiveMessage` that names
   * its own `VisibilityTimeout` still gets it; nothing else of the queues changes. A consumer
   * slower than this timeout sees its message again while it still works on it, as in AWS.
   */
  readonly visibilityTimeoutSeconds?: number;
  /** Options of the fake Polly (e.g. `requestsPerSecond`). */
  readonly polly?: FakePollyOptions;
  /** DynamoDB Local's data folder and spawn hook (default: in memory). */
  readonly dynamodb?: DynamoDbLocalOptions;
  /** The S3 server's objects folder, kept across runs (default: a temporary folder removed by `stop`). */
  readonly s3Directory?: string;
  /**
   * Variables a function's containers get over the template's environment (the caller's
   * configuration of the run, e.g. which implementation a variable selects). The engine's own
   * (credentials, endpoints) still come last: a caller cannot point a function past a front door.
   */
  readonly functionEnvironment?: (fn: FunctionSpec) => Record<string, string>;
  /**
   * Where the caller serves the S3 front door to browsers: a proxy of its own that forwards each
   * request unchanged (path, query and `Host` kept, so signatures still verify) to
   * `endpoints.urls.s3`. The functions the HTTP API invokes get it as their S3 endpoint, so the
   * links and POST forms they sign name it (an origin of the caller's choosing, e.g. its web
   * page's); every other function keeps the front door's own URL. Read when a container starts.
   */
  readonly publicS3Url?: () => string;
  /**
   * The run's own key, from which each function's credentials are derived (HMAC-SHA256; see
   * `credentialsFor`): what the functions sign (presigned links, POST forms) then verifies only on
   * a run holding this key, and still does after a restart with it. Default: credentials that
   * follow from the logical ids alone, the same on every run.
   */
  readonly credentialsSecret?: Uint8Array;
  /**
   * The nice value (Linux, 0–19) of the containers of functions no HTTP API route invokes (queue
   * consumers, state machine tasks, rule targets), so that on a machine with few cores the API's
   * answers do not wait behind background work: the HTTP API's own functions, the front doors and
   * the gateway keep the main thread's priority. Default 0 (every container as the main thread).
   */
  readonly backgroundNice?: number;
  /**
   * At most this many containers of each function an HTTP API route invokes run at once (this
   * machine's parallelism); requests past it wait for one, in order, their timeout starting when
   * they run. Default: one container per concurrent request, as in AWS, so a burst of 200
   * requests starts 200 worker threads, which two cores cannot initialize within a 10 s timeout.
   */
  readonly httpApiContainers?: number;
  /**
   * At most this many containers of each other function (queue consumers, state machine tasks,
   * rule targets) run at once (this machine's parallelism): on a machine with few cores, more
   * CPU-bound containers than cores only add cold starts and switching. An invocation past it
   * waits, the least-served caller (a state machine execution) first, so a short job is not
   * behind long jobs' backlogs; its timeout starts when it runs. Default: no limit, as in AWS.
   */
  readonly backgroundContainers?: number;
  /**
   * Whether the run keeps every invocation (`runtime.invocations`) and every allowed call
   * (`endpoints.calls`) for a test to read; default true. A run that lives for days sets false:
   * its memory then does not grow with use, and only denied calls and refusals are kept.
   */
  readonly keepRecords?: boolean;
  /**
   * Polly and Bedrock Runtime calls to send to the real AWS instead of the fakes: still checked at
   * the front door (SigV4 with the function's credentials, IAM against its role), then re-signed
   * with the credentials given and sent to the endpoint given. Their credentials are loaded at start:
   * a run that cannot load them refuses to start (`RealServiceCredentialsError`). Default none.
   */
  readonly realServices?: RealServices;
  /** Options of the fake Bedrock (its `answerTool`, its `outputTokensPerSecond`). */
  readonly bedrock?: FakeBedrockOptions;
  /**
   * The clock the front doors check signatures, presigned expiry and POST policy expiration on
   * (default the system clock). The functions sign on the system clock, so a test that moves it
   * (to see a form expire) should move it back before the functions call AWS again.
   */
  readonly frontDoorClock?: () => Date;
  /**
   * Called with every Step Functions operation that passed IAM, before the state machine answers
   * it; what it throws (an `AwsServiceError`) is answered as that service error.
   */
  readonly beforeStepFunctions?: (operation: string, input: unknown) => void;
  /**
   * Called when an event source mapping's batch leaves messages on its queue (the function
   * failed, or its partial batch response named them), with that queue: what a caller keeps of
   * the messages a consumer cannot take (e.g. a dead-letter queue's).
   */
  readonly onMessagesLeft?: (queue: QueueSpec, messages: readonly LeftMessage[]) => void;
}

/**
 * The synthesized app running on this machine.
 *
 * @example
 * ```ts
 * const emulator = await startAwsEmulator({ cdkOutDir });
 * await fetch(`${emulator.apiUrl}/health`);
 * await emulator.stop();
 * ```
 */
export interface AwsEmulator {
  readonly app: SynthesizedApp;
  /** The HTTP API's base URL. */
  readonly apiUrl: string;
  /** The local issuer of the HTTP API's JWT authorizer. */
  readonly issuer: JwtIssuer;
  readonly endpoints: AwsEndpoints;
  /**
   * s3rver itself, behind the front door (path style, `S3RVER_CREDENTIALS`): for a test to see
   * what was stored, past IAM.
   */
  readonly s3ServerUrl: string;
  /** DynamoDB Local itself, behind the front door (any credentials): for a test to read or set up items past IAM. */
  readonly dynamodbUrl: string;
  readonly runtime: LambdaRuntime;
  readonly stateMachine: StateMachineRunner;
  readonly queues: LocalQueues;
  readonly eventRules: EventRules;
  readonly pollers: readonly EventSourceMapping[];
  readonly polly: FakePolly;
  readonly bedrock: FakeBedrock;
  readonly timeScale: number;
  /** Stops everything the run started (pollers, workers, executions, servers, Java). */
  stop(): Promise<void>;
}

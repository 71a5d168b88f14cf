import path from 'node:path';
import {
  loadSynthesizedApp,
  IamEvaluator,
  startDynamoDbLocal,
  startS3Server,
  startAwsEndpoints,
  type AwsEndpoints,
  startFakePolly,
  type FakePolly,
  startFakeBedrock,
  type FakeBedrock,
  assertNodeRuntime,
  LambdaRuntime,
  LocalQueues,
  startEventSourceMapping,
  type EventSourceMapping,
  EventRules,
  StateMachineRunner,
  startJwtIssuer,
  type JwtIssuer,
  type MintOptions,
  startHttpApiGateway,
  type HttpApiGateway,
  type SynthesizedApp,
  credentialsFor,
  CloudAssemblyError,
} from '@lumcast/aws-emulator';
import { answerScriptTool } from './script-answers';
import { StartFaults } from './start-faults';

/** The output rate of a Bedrock model the run treats as realistic (the 50–80 tokens/s). */
export const REALISTIC_OUTPUT_TOKENS_PER_SECOND = 60;

/** Options of {@link startDeployedApp}. */
export interface DeployedAppOptions {
  /** The cloud assembly `infra:synth` writes; default `dist/apps/infra/cdk.out`. */
  readonly cdkOutDir?: string;
  /**
   * Multiplies every duration of the deployed app (Lambda timeouts, the definition's
   * `TimeoutSeconds`/`IntervalSeconds`/`MaxDelaySeconds`/`HeartbeatSeconds`, SQS visibility
   * timeouts and batching windows, EventBridge retry delays) and divides into the fake Bedrock's
   * token rate, so a run at 0.05 keeps every ratio of the real one at 1/20 of its wall time.
   * Polly's TPS limit is not scaled: it stays AWS's. Default 1.
   */
  readonly timeScale?: number;
  /**
   * Replaces the definition's top-level `TimeoutSeconds` (in AWS seconds, before `timeScale`), so
   * a test can time an execution out without waiting the template's two hours. Nothing else of
   * the synthesized definition changes.
   */
  readonly executionTimeoutSeconds?: number;
  /** Options of the fake Polly (e.g. `requestsPerSecond`). */
  readonly polly?: Parameters<typeof startFakePolly>[0];
  /** Options of the fake Bedrock; `outputTokensPerSecond` defaults to the realistic rate ÷ timeScale. */
  readonly bedrock?: Parameters<typeof startFakeBedrock>[0];
  /**
   * The clock the front doors check signatures, presigned expiry and POST policy expiration on
   * (default the system clock). The functions sign on the system clock, so a test that moves it
   * (to see a form expire) should move it back before the functions call AWS again.
   */
  readonly frontDoorClock?: () => Date;
}

/**
 * The synthesized app running on this machine.
 *
 * @example
 * ```ts
 * const deployed = await startDeployedApp({ timeScale: 0.05 });
 * const token = await deployed.token('user-1');
 * await fetch(`${deployed.apiUrl}/api/quota`, { headers: { authorization: `Bearer ${token}` } });
 * await deployed.stop();
 * ```
 */
export interface DeployedApp {
  readonly app: SynthesizedApp;
  /** The HTTP API's base URL (what the dashboard calls `apiBaseUrl`). */
  readonly apiUrl: string;
  readonly issuer: JwtIssuer;
  /** An ID token for a user, as the hosted UI would hand the dashboard. */
  token(sub: string, options?: Omit<MintOptions, 'sub'>): Promise<string>;
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
  /** Refusals of StartExecution a test injects (see {@link StartFaults}). */
  readonly startFaults: StartFaults;
  readonly queues: LocalQueues;
  readonly eventRules: EventRules;
  readonly pollers: readonly EventSourceMapping[];
  readonly polly: FakePolly;
  readonly bedrock: FakeBedrock;
  readonly timeScale: number;
  /** Stops everything the run started (pollers, workers, executions, servers, Java). */
  stop(): Promise<void>;
}

const DEFAULT_CDK_OUT = path.resolve(__dirname, '../../dist/apps/infra/cdk.out');

/**
 * Starts the synthesized app on this machine with AWS's rules enforced: the template's functions
 * from their built bundles in the Lambda runtime (template environment, memory, timeouts, reserved
 * concurrency, per-role credentials), its state machine definition in aws-local-stepfunctions, its
 * queue and event source mapping, its EventBridge rules, its HTTP API with a JWT authorizer over a
 * local issuer, DynamoDB Local and an S3 server behind IAM-enforcing front doors, and the fake
 * Polly and Bedrock holding AWS's published limits.
 *
 * @example
 * ```ts
 * const deployed = await startDeployedApp({ timeScale: 0.05 });
 * try {
 *   // drive deployed.apiUrl with deployed.token('alice')
 * } finally {
 *   await deployed.stop();
 * }
 * ```
 */
export async function startDeployedApp(options: DeployedAppOptions = {}): Promise<DeployedApp> {
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0))
    throw new CloudAssemblyError(`timeScale must be positive, not ${timeScale}`);
  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
  };
  try {
    const cdkOutDir = options.cdkOutDir ?? DEFAULT_CDK_OUT;
    // Names and ARNs do not depend on where the run serves things; queue URLs do (an SQS client
    // sends to its queue URL's host), so the app is read again once the SQS front door listens.
    const names = loadSynthesizedApp({ cdkOutDir, endpoints: {} });
    // Before any service starts: the bundles must run on the template's Node major.
    assertNodeRuntime(names.functions);
    const iam = new IamEvaluator(names);
    const dynamodb = await startDynamoDbLocal(names.tables);
    stops.push(() => dynamodb.stop());
    const s3 = await startS3Server(names.buckets);
    stops.push(() => s3.stop());
    const polly = await startFakePolly(options.polly ?? {});
    stops.push(() => polly.stop());
    const bedrock = await startFakeBedrock({
      answerTool: answerScriptTool,
      outputTokensPerSecond: REALISTIC_OUTPUT_TOKENS_PER_SECOND / timeScale,
      ...(options.bedrock ?? {}),
    });
    stops.push(() => bedrock.stop());

    const callers = new Map(
      names.functions.map((fn) => {
        const credentials = credentialsFor(fn);
        return [
          credentials.accessKeyId,
          {
            functionLogicalId: fn.logicalId,
            roleLogicalId: fn.roleLogicalId,
            secretAccessKey: credentials.secretAccessKey,
            sessionToken: credentials.sessionToken,
          },
        ] as const;
      }),
    );
    const local: { queues?: LocalQueues; stateMachine?: StateMachineRunner } = {};
    const startFaults = new StartFaults();
    const notReady = (what: string) =>
      new CloudAssemblyError(`${what} was called before the run finished starting`);
    const endpoints = await startAwsEndpoints({
      app: names,
      iam,
      callers,
      ...(options.frontDoorClock === undefined ? {} : { now: options.frontDoorClock }),
      upstream: {
        dynamodb: dynamodb.endpoint,
        s3: s3.endpoint,
        polly: polly.url,
        bedrock: bedrock.url,
      },
      local: {
        sqs: (operation, input, caller) => {
          if (!local.queues) throw notReady('SQS');
          return local.queues.handle(operation, input, caller);
        },
        sfn: (operation, input) => {
          if (!local.stateMachine) throw notReady('Step Functions');
          startFaults.check(operation, input);
          return local.stateMachine.handle(operation, input);
        },
      },
    });
    stops.push(() => endpoints.stop());

    const app = loadSynthesizedApp({ cdkOutDir, endpoints: { sqsBaseUrl: endpoints.urls.sqs } });
    const queues = new LocalQueues({ queues: app.queues, timeScale });
    local.queues = queues;
    const runtime = new LambdaRuntime({
      functions: app.functions,
      region: app.account.region,
      timeScale,
      runEnvironment: (fn) => {
        const credentials = credentialsFor(fn);
        return {
          AWS_ACCESS_KEY_ID: credentials.accessKeyId,
          AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
          AWS_SESSION_TOKEN: credentials.sessionToken,
          AWS_ENDPOINT_URL_DYNAMODB: endpoints.urls.dynamodb,
          AWS_ENDPOINT_URL_S3: endpoints.urls.s3,
          AWS_ENDPOINT_URL_POLLY: endpoints.urls.polly,
          AWS_ENDPOINT_URL_BEDROCK_RUNTIME: endpoints.urls['bedrock-runtime'],
          AWS_ENDPOINT_URL_SQS: endpoints.urls.sqs,
          AWS_ENDPOINT_URL_SFN: endpoints.urls.sfn,
        };
      },
    });
    stops.push(() => runtime.stop());

    const eventRules = new EventRules({
      rules: app.eventRules,
      timeScale,
      invoke: (id, event) => runtime.invoke(id, event),
      sendToDeadLetterQueue: async (queueLogicalId, body) => {
        await queues.handle('SendMessage', {
          QueueUrl: queues.queue(queueLogicalId).queueUrl,
          MessageBody: body,
        });
      },
    });
    stops.push(() => eventRules.stop());
    const definition = app.stateMachine.definition as Record<string, unknown>;
    const stateMachine = await StateMachineRunner.load({
      stateMachine:
        options.executionTimeoutSeconds === undefined
          ? app.stateMachine
          : {
              ...app.stateMachine,
              definition: { ...definition, TimeoutSeconds: options.executionTimeoutSeconds },
            },
      timeScale,
      region: app.account.region,
      accountId: app.account.accountId,
      invoke: (arn, payload) => runtime.invoke(arn, payload),
      onStatusChange: (event) => eventRules.put(event as unknown as Record<string, unknown>),
    });
    local.stateMachine = stateMachine;
    stops.push(() => stateMachine.abortAll());

    const pollers = app.eventSourceMappings
      .filter((mapping) => mapping.enabled)
      .map((mapping) => {
        const fn = runtime.functionFor(mapping.functionLogicalId);
        return startEventSourceMapping({
          mapping,
          queues,
          functionArn: fn.functionArn,
          timeScale,
          region: app.account.region,
          invoke: (id, event) => runtime.invoke(id, event),
        });
      });
    for (const poller of pollers) stops.push(() => poller.stop());

    const authorizer = app.httpApi.jwtAuthorizer;
    if (!authorizer) throw new CloudAssemblyError('The HTTP API has no JWT authorizer');
    const issuer = await startJwtIssuer({
      issuer: authorizer.issuer,
      audience: authorizer.audience,
    });
    const gateway: HttpApiGateway = await startHttpApiGateway({
      api: app.httpApi,
      jwks: issuer.jwks,
      accountId: app.account.accountId,
      invoke: (id, event) => runtime.invoke(id, event),
    });
    stops.push(() => gateway.stop());

    return {
      app,
      apiUrl: gateway.url,
      issuer,
      token: (sub, mint = {}) => issuer.mint({ email: `${sub}@example.com`, ...mint, sub }),
      endpoints,
      s3ServerUrl: s3.endpoint,
      dynamodbUrl: dynamodb.endpoint,
      runtime,
      stateMachine,
      startFaults,
      queues,
      eventRules,
      pollers,
      polly,
      bedrock,
      timeScale,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

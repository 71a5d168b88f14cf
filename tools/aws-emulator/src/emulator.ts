import { startHttpApiGateway } from './apigw/http-api-gateway';
import { startJwtIssuer } from './apigw/jwt-issuer';
import { startDynamoDbLocal } from './dynamodb/dynamodb-local';
import { startS3Server } from './s3/s3-server';
import type { AwsEmulator, AwsEmulatorOptions } from './emulator-types';
import { CloudAssemblyError } from './errors';
import { EventRules } from './events/event-rules';
import { startFakeBedrock } from './fakes/fake-bedrock';
import { startFakePolly } from './fakes/fake-polly';
import { startAwsEndpoints } from './front-door/front-door';
import type { AwsEndpoints, Caller } from './front-door/front-door-types';
import { credentialsFor } from './front-door/function-credentials';
import { IamEvaluator } from './front-door/iam-evaluator';
import { checkRealServices } from './front-door/real-upstream';
import { LambdaRuntime } from './lambda/lambda-runtime';
import { assertNodeRuntime } from './lambda/node-runtime';
import { StateMachineRunner } from './sfn/state-machine-runner';
import { startEventSourceMapping, type LeftMessage } from './sqs/event-source-mapping';
import { LocalQueues } from './sqs/local-queues';
import { loadSynthesizedApp } from './template/cloud-assembly';
import type { FunctionSpec } from './template/synthesized-app';

/** Access key id → the function it belongs to, with the credentials its containers run with. */
function callersOf(
  functions: readonly FunctionSpec[],
  secret: Uint8Array | undefined,
): Map<string, Caller> {
  return new Map(
    functions.map((fn) => {
      const credentials = credentialsFor(fn, secret);
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
}

/** What a function's containers add to the template's environment: its role's credentials and every front door. */
function runEnvironment(
  fn: FunctionSpec,
  endpoints: AwsEndpoints,
  options: Pick<AwsEmulatorOptions, 'functionEnvironment' | 'credentialsSecret' | 'publicS3Url'>,
  interactive: boolean,
): Record<string, string> {
  const credentials = credentialsFor(fn, options.credentialsSecret);
  return {
    ...(options.functionEnvironment?.(fn) ?? {}),
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    AWS_SESSION_TOKEN: credentials.sessionToken,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.urls.dynamodb,
    AWS_ENDPOINT_URL_S3:
      interactive && options.publicS3Url ? options.publicS3Url() : endpoints.urls.s3,
    AWS_ENDPOINT_URL_POLLY: endpoints.urls.polly,
    AWS_ENDPOINT_URL_BEDROCK_RUNTIME: endpoints.urls['bedrock-runtime'],
    AWS_ENDPOINT_URL_SQS: endpoints.urls.sqs,
    AWS_ENDPOINT_URL_SFN: endpoints.urls.sfn,
  };
}

/**
 * Starts a synthesized app on this machine with AWS's rules enforced: the template's functions
 * from their built bundles in the Lambda runtime (template environment, memory, timeouts, reserved
 * concurrency, per-role credentials), its state machine definition in aws-local-stepfunctions, its
 * queue and event source mapping, its EventBridge rules, its HTTP API with a JWT authorizer over a
 * local issuer, DynamoDB Local and an S3 server behind IAM-enforcing front doors, and the fake
 * Polly and Bedrock holding AWS's published limits. What fails to start stops what had started.
 *
 * @throws CloudAssemblyError for a non-positive `timeScale` or an assembly the model cannot read.
 * @throws RuntimeMismatchError when a function's runtime is not this process's Node major.
 * @throws LocalServiceStartError when DynamoDB Local, the S3 server or a front door cannot start.
 * @example
 * ```ts
 * const emulator = await startAwsEmulator({ cdkOutDir: 'dist/apps/infra/cdk.out', timeScale: 0.05 });
 * try {
 *   const token = await emulator.issuer.mint({ sub: 'alice' });
 *   await fetch(`${emulator.apiUrl}/items`, { headers: { authorization: `Bearer ${token}` } });
 *   console.log(emulator.endpoints.denials()); // [] when every call the functions made was granted
 * } finally {
 *   await emulator.stop();
 * }
 * ```
 */
export async function startAwsEmulator(options: AwsEmulatorOptions): Promise<AwsEmulator> {
  const timeScale = options.timeScale ?? 1;
  if (!(timeScale > 0))
    throw new CloudAssemblyError(`timeScale must be positive, not ${timeScale}`);
  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
  };
  try {
    const { cdkOutDir } = options;
    // Names and ARNs do not depend on where the run serves things; queue URLs do (an SQS client
    // sends to its queue URL's host), so the app is read again once the SQS front door listens.
    const names = loadSynthesizedApp({ cdkOutDir, endpoints: {} });
    // Before any service starts: the bundles must run on the template's Node major.
    assertNodeRuntime(names.functions);
    // Before any service starts: the real services' credentials must load.
    await checkRealServices(options.realServices ?? {});
    const iam = new IamEvaluator(names);
    const dynamodb = await startDynamoDbLocal(names.tables, options.dynamodb ?? {});
    stops.push(() => dynamodb.stop());
    const s3 = await startS3Server(
      names.buckets,
      options.s3Directory === undefined ? {} : { directory: options.s3Directory },
    );
    stops.push(() => s3.stop());
    const polly = await startFakePolly(options.polly ?? {});
    stops.push(() => polly.stop());
    const bedrock = await startFakeBedrock(options.bedrock ?? {});
    stops.push(() => bedrock.stop());

    const local: { queues?: LocalQueues; stateMachine?: StateMachineRunner } = {};
    const notReady = (what: string) =>
      new CloudAssemblyError(`${what} was called before the run finished starting`);
    const endpoints = await startAwsEndpoints({
      app: names,
      iam,
      callers: callersOf(names.functions, options.credentialsSecret),
      ...(options.frontDoorClock === undefined ? {} : { now: options.frontDoorClock }),
      recordAllowed: options.keepRecords ?? true,
      ...(options.realServices === undefined ? {} : { realServices: options.realServices }),
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
          options.beforeStepFunctions?.(operation, input);
          return local.stateMachine.handle(operation, input);
        },
      },
    });
    stops.push(() => endpoints.stop());

    const app = loadSynthesizedApp({ cdkOutDir, endpoints: { sqsBaseUrl: endpoints.urls.sqs } });
    const queues = new LocalQueues({
      queues: app.queues,
      timeScale,
      ...(options.visibilityTimeoutSeconds === undefined
        ? {}
        : { visibilityTimeoutSeconds: options.visibilityTimeoutSeconds }),
    });
    const interactive = new Set(app.httpApi.routes.map((route) => route.functionLogicalId));
    local.queues = queues;
    const runtime = new LambdaRuntime({
      functions: app.functions,
      region: app.account.region,
      timeScale,
      runEnvironment: (fn) => runEnvironment(fn, endpoints, options, interactive.has(fn.logicalId)),
      recordInvocations: options.keepRecords ?? true,
      niceOf: (fn) => (interactive.has(fn.logicalId) ? 0 : (options.backgroundNice ?? 0)),
      maxContainersOf: (fn) =>
        interactive.has(fn.logicalId) ? options.httpApiContainers : options.backgroundContainers,
    });
    stops.push(() => runtime.stop());
    const invoke = (id: string, event: unknown) => runtime.invoke(id, event);

    const eventRules = new EventRules({
      rules: app.eventRules,
      timeScale,
      invoke,
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
      invoke: (id: string, event: unknown, executionArn: string) =>
        runtime.invoke(id, event, { caller: executionArn }),
      onStatusChange: (event) => eventRules.put(event as unknown as Record<string, unknown>),
    });
    local.stateMachine = stateMachine;
    stops.push(() => stateMachine.abortAll());

    const pollers = app.eventSourceMappings
      .filter((mapping) => mapping.enabled)
      .map((mapping) =>
        startEventSourceMapping({
          mapping,
          queues,
          functionArn: runtime.functionFor(mapping.functionLogicalId).functionArn,
          timeScale,
          region: app.account.region,
          invoke,
          ...(options.onMessagesLeft === undefined
            ? {}
            : {
                onMessagesLeft: (messages: readonly LeftMessage[]) =>
                  options.onMessagesLeft?.(queues.queue(mapping.queueLogicalId), messages),
              }),
        }),
      );
    for (const poller of pollers) stops.push(() => poller.stop());

    const authorizer = app.httpApi.jwtAuthorizer;
    if (!authorizer) throw new CloudAssemblyError('The HTTP API has no JWT authorizer');
    const issuer = await startJwtIssuer({
      issuer: authorizer.issuer,
      audience: authorizer.audience,
    });
    const gateway = await startHttpApiGateway({
      api: app.httpApi,
      jwks: issuer.jwks,
      accountId: app.account.accountId,
      invoke,
    });
    stops.push(() => gateway.stop());

    return {
      app,
      apiUrl: gateway.url,
      issuer,
      endpoints,
      s3ServerUrl: s3.endpoint,
      dynamodbUrl: dynamodb.endpoint,
      runtime,
      stateMachine,
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

/**
 * The AWS emulator: a synthesized CDK app run on one machine with AWS's rules enforced — the
 * template's functions from their bundles in worker-thread Lambda containers, its state machine,
 * queues, event source mappings, EventBridge rules and HTTP API, DynamoDB Local and an S3 server,
 * and fakes of Polly and Bedrock, with every call the functions make signed (SigV4), checked for
 * its session token and evaluated against the caller's role from the template (IAM) at a front
 * door. It names no product: which fakes, answers, environment and users are the caller's.
 *
 * `startAwsEmulator` runs the whole app; the parts (front doors, Lambda runtime, queues, state
 * machine, gateway, fakes) are exported for callers that compose their own run.
 *
 * @example
 * ```ts
 * import { startAwsEmulator } from '@lumcast/aws-emulator';
 *
 * const emulator = await startAwsEmulator({ cdkOutDir: 'dist/apps/infra/cdk.out', timeScale: 0.05 });
 * try {
 *   const token = await emulator.issuer.mint({ sub: 'alice' });
 *   await fetch(`${emulator.apiUrl}/items`, { headers: { authorization: `Bearer ${token}` } });
 *   console.log(emulator.endpoints.denials()); // [] when every call the functions made was granted
 * } finally {
 *   await emulator.stop();
 * }
 * ```
 *
 * @packageDocumentation
 */
export { startAwsEmulator } from './emulator';
export type { AwsEmulator, AwsEmulatorOptions } from './emulator-types';
export {
  AwsEmulatorError,
  AwsServiceError,
  CloudAssemblyError,
  FakePollyConfigError,
  IamEvaluationError,
  LambdaThrottledError,
  LocalServiceStartError,
  RealServiceCredentialsError,
  RuntimeMismatchError,
  SignatureRejectedError,
  UnknownFunctionError,
  UnresolvableIntrinsicError,
} from './errors';
export { loadSynthesizedApp } from './template/cloud-assembly';
export type { CfnTemplate } from './template/template-resolver';
export type { FunctionSpec, SynthesizedApp } from './template/synthesized-app';
export type { QueueSpec } from './template/resource-specs';
export { startAwsEndpoints } from './front-door/front-door';
export type {
  AwsEndpoints,
  AwsEndpointsOptions,
  AwsJsonHandler,
  Caller,
  RecordedCall,
} from './front-door/front-door-types';
export type { FaultedCall, FaultSpec, InjectedFault } from './front-door/injected-faults';
export { credentialsFor } from './front-door/function-credentials';
export type { RealServices, RealUpstream } from './front-door/real-services';
export {
  verifySigV4,
  type ReceivedRequest,
  type SigningKeys,
  type VerifiedSignature,
} from './front-door/sigv4-verifier';
export { IamEvaluator } from './front-door/iam-evaluator';
export { startDynamoDbLocal, type RunningDynamoDbLocal } from './dynamodb/dynamodb-local';
export { S3RVER_CREDENTIALS, startS3Server, type RunningS3Server } from './s3/s3-server';
export {
  assertNodeRuntime,
  LambdaRuntime,
  type InvocationRecord,
  type InvocationResult,
} from './lambda/lambda-runtime';
export { LocalQueues } from './sqs/local-queues';
export {
  startEventSourceMapping,
  type EventSourceMapping,
  type LeftMessage,
} from './sqs/event-source-mapping';
export { StateMachineRunner, type ExecutionStatusChangeEvent } from './sfn/state-machine-runner';
export { EventRules } from './events/event-rules';
export { startHttpApiGateway, type HttpApiGateway } from './apigw/http-api-gateway';
export { startJwtIssuer, type JwtIssuer, type MintOptions } from './apigw/jwt-issuer';
export {
  FAKE_POLLY_VOICES,
  POLLY_BURST,
  startFakePolly,
  type FakePolly,
  type FakePollyEngine,
  type FakePollyOptions,
} from './fakes/fake-polly';
export {
  startFakeBedrock,
  type FakeBedrock,
  type FakeBedrockOptions,
  type ToolAnswerer,
} from './fakes/fake-bedrock';

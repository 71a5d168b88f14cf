import type { IamEvaluator } from './iam-evaluator';
import type { FaultSpec, InjectedFault } from './injected-faults';
import type { RealServices } from './real-services';
import type { FrontDoorService } from './service-call';
import type { SynthesizedApp } from '../template/synthesized-app';

/**
 * The credentials one function runs with, and whose role its calls are evaluated against.
 *
 * @example
 * ```ts
 * const caller: Caller = { functionLogicalId: 'FunctionsApi', roleLogicalId: 'FunctionsApiRole', secretAccessKey: 's', sessionToken: 't' };
 * ```
 */
export interface Caller {
  readonly functionLogicalId: string;
  readonly roleLogicalId: string;
  readonly secretAccessKey: string;
  readonly sessionToken: string;
}

/**
 * A local service answering one AWS JSON-protocol operation (SQS, Step Functions). An error with
 * a `name` is answered as that AWS error.
 *
 * @example
 * ```ts
 * const sqs: AwsJsonHandler = (operation, input) => queues.handle(operation, input);
 * ```
 */
export type AwsJsonHandler = (
  operation: string,
  input: unknown,
  caller: Caller,
) => Promise<unknown>;

/**
 * One authorization the front doors evaluated.
 *
 * @example
 * ```ts
 * endpoints.calls.filter((call) => call.decision !== 'Allowed');
 * ```
 */
export interface RecordedCall {
  readonly functionLogicalId: string;
  readonly service: FrontDoorService;
  readonly operation: string;
  readonly action: string;
  readonly resource: string;
  readonly decision: 'Allowed' | 'ImplicitlyDenied' | 'ExplicitlyDenied';
  readonly reason?: string;
  /** Whether the request came as a presigned URL (a browser or a test following a link). */
  readonly presigned: boolean;
}

/**
 * A request refused before IAM (a bad, expired or unknown signature, a bad session token, a POST
 * form S3 would refuse), as the front doors record it.
 *
 * @example
 * ```ts
 * const refusal: SignatureRefusal = { service: 's3', code: 'SignatureDoesNotMatch', message: '...' };
 * ```
 */
export interface SignatureRefusal {
  service: FrontDoorService;
  code: string;
  message: string;
}

/**
 * Where allowed calls go: DynamoDB Local, the S3 server, the fake Polly and Bedrock.
 *
 * @example
 * ```ts
 * const upstream: Upstreams = { dynamodb: dynamo.endpoint, s3: s3.endpoint, polly: polly.url, bedrock: bedrock.url };
 * ```
 */
export interface Upstreams {
  readonly dynamodb: string;
  readonly s3: string;
  readonly polly: string;
  readonly bedrock: string;
}

/**
 * Options of `startAwsEndpoints`.
 *
 * @example
 * ```ts
 * const options: AwsEndpointsOptions = { app, iam, callers, upstream, local: { sqs, sfn } };
 * ```
 */
export interface AwsEndpointsOptions {
  readonly app: SynthesizedApp;
  readonly iam: IamEvaluator;
  /** Access key id → the function it belongs to. */
  readonly callers: ReadonlyMap<string, Caller>;
  /** Where allowed calls go: DynamoDB Local, the S3 server, the fake Polly and Bedrock. */
  readonly upstream: Upstreams;
  /** The local SQS and Step Functions. */
  readonly local: { readonly sqs: AwsJsonHandler; readonly sfn: AwsJsonHandler };
  /**
   * Services whose authorized calls go to the real AWS instead of `upstream`'s fakes, re-signed
   * with the credentials given for each (default none).
   */
  readonly realServices?: RealServices;
  /** The clock signatures are checked against (default the system clock). */
  readonly now?: () => Date;
  /** Whether allowed calls are kept in `calls` too (default true); denials always are. */
  readonly recordAllowed?: boolean;
}

/**
 * The running front doors.
 *
 * @example
 * ```ts
 * const endpoints = await startAwsEndpoints(options);
 * process.env.AWS_ENDPOINT_URL_DYNAMODB = endpoints.urls.dynamodb;
 * expect(endpoints.denials()).toEqual([]);
 * await endpoints.stop();
 * ```
 */
export interface AwsEndpoints {
  /** One URL per service, for `AWS_ENDPOINT_URL_<SERVICE>`. */
  readonly urls: Readonly<Record<FrontDoorService, string>>;
  /** Every authorization evaluated, in order. */
  readonly calls: readonly RecordedCall[];
  /** The calls IAM refused. */
  denials(): RecordedCall[];
  /**
   * Requests refused before IAM: bad, expired or unknown signatures, and browser POST uploads
   * whose form S3 would refuse (policy expired or not met, too big, extra fields).
   */
  readonly signatureRefusals: readonly SignatureRefusal[];
  /**
   * Arms a fault: the next `count` allowed calls (after SigV4 and IAM) to `service` authorized as
   * `action` that `match` accepts are answered with its AWS error, in the service's own shape
   * (JSON, or XML for S3), and never reach the service (see `./injected-faults.ts`).
   */
  injectFault(fault: FaultSpec): InjectedFault;
  stop(): Promise<void>;
}

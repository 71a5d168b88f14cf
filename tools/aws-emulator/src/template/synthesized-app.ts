/**
 * The read-only model of the synthesized stack that `loadSynthesizedApp` builds: every value
 * resolved to the run's local names and ARNs (region `us-east-1`, account `000000000000`,
 * partition `aws`). Resources are found by type and properties, never by logical id.
 */

import type {
  BucketSpec,
  EventRuleSpec,
  EventSourceMappingSpec,
  HttpApiSpec,
  QueueSpec,
  StateMachineSpec,
  TableSpec,
} from './resource-specs';

export type {
  BucketSpec,
  CorsRuleSpec,
  EventRuleSpec,
  EventSourceMappingSpec,
  HttpApiSpec,
  HttpRouteSpec,
  QueueSpec,
  SecondaryIndexSpec,
  StateMachineSpec,
  TableSpec,
} from './resource-specs';

/**
 * What only the running emulator knows, and the template cannot say.
 *
 * @example
 * ```ts
 * const endpoints: LocalEndpointNames = { sqsBaseUrl: 'http://127.0.0.1:4566' };
 * ```
 */
export interface LocalEndpointNames {
  /** Base of every queue URL (`<sqsBaseUrl>/<account>/<queueName>`); default `https://sqs.us-east-1.amazonaws.com`. */
  readonly sqsBaseUrl?: string;
  /** What `Fn::GetAtt [<HttpApi>, ApiEndpoint]` resolves to; default `https://<apiId>.execute-api.us-east-1.amazonaws.com`. */
  readonly httpApiEndpoint?: string;
  /** What `Fn::GetAtt [<Distribution>, DomainName]` resolves to (e.g. `127.0.0.1:3000`); default `<id>.cloudfront.net`. */
  readonly cloudFrontDomainName?: string;
}

/**
 * The identity of the local "account" every name and ARN is made in.
 *
 * @example
 * ```ts
 * const here: LocalAccount = { region: 'us-east-1', accountId: '000000000000', partition: 'aws' };
 * ```
 */
export interface LocalAccount {
  readonly region: string;
  readonly accountId: string;
  readonly partition: string;
}

/**
 * One application Lambda function of the template (deploy-time custom-resource providers are not
 * here: see `SynthesizedApp.deployTimeFunctionLogicalIds`).
 *
 * @example
 * ```ts
 * const api = app.functions.find((f) => f.handlerName === 'api');
 * await import(api.bundleFile); // its `exportName` is the handler
 * ```
 */
export interface FunctionSpec {
  readonly logicalId: string;
  readonly functionName: string;
  readonly functionArn: string;
  /** `api` for `Handler: api.handler`. */
  readonly handlerName: string;
  /** Absolute path of `<handlerName>.mjs` (or `.js`/`.cjs`) in the function's asset folder. */
  readonly bundleFile: string;
  /** `handler` for `Handler: api.handler`. */
  readonly exportName: string;
  /** The template's `Environment.Variables`, every value resolved to a string; nothing added. */
  readonly environment: Readonly<Record<string, string>>;
  /** `MemorySize`, 128 when the template leaves it out (Lambda's default). */
  readonly memoryMiB: number;
  /** `Timeout`, 3 when the template leaves it out (Lambda's default). */
  readonly timeoutSeconds: number;
  readonly roleLogicalId: string;
  readonly roleArn: string;
  readonly reservedConcurrency?: number;
  /** `nodejs24.x`, ...: the run executes the bundle only on that Node major. */
  readonly runtime: string;
  readonly architectures: readonly string[];
}

/**
 * A resource-based permission to invoke a function.
 *
 * @example
 * ```ts
 * app.lambdaPermissions.filter((p) => p.principal === 'apigateway.amazonaws.com');
 * ```
 */
export interface LambdaPermissionSpec {
  readonly functionLogicalId: string;
  readonly principal: string;
  readonly action: string;
  readonly sourceArn?: string;
}

/**
 * An IAM role and the identity policies attached to it, resolved. `managedPolicyArns` are listed
 * but not evaluated (their documents are not in the template).
 *
 * @example
 * ```ts
 * const docs = app.roles[fn.roleLogicalId].policyDocuments;
 * ```
 */
export interface RoleSpec {
  readonly roleArn: string;
  readonly roleName: string;
  readonly policyDocuments: readonly unknown[];
  readonly managedPolicyArns: readonly string[];
  readonly assumeRolePolicyDocument: unknown;
}

/**
 * The whole model.
 *
 * @example
 * ```ts
 * const app: SynthesizedApp = loadSynthesizedApp({ cdkOutDir, endpoints: {} });
 * app.functions.map((f) => f.handlerName); // ['api', 'sqs-consumer', ...]
 * ```
 */
export interface SynthesizedApp {
  readonly stackName: string;
  readonly account: LocalAccount;
  readonly templateFile: string;
  readonly functions: readonly FunctionSpec[];
  /** Functions that only serve CloudFormation custom resources at deploy time (not run). */
  readonly deployTimeFunctionLogicalIds: readonly string[];
  readonly tables: readonly TableSpec[];
  readonly buckets: readonly BucketSpec[];
  readonly queues: readonly QueueSpec[];
  readonly eventSourceMappings: readonly EventSourceMappingSpec[];
  readonly stateMachine: StateMachineSpec;
  readonly httpApi: HttpApiSpec;
  readonly eventRules: readonly EventRuleSpec[];
  readonly lambdaPermissions: readonly LambdaPermissionSpec[];
  readonly roles: Readonly<Record<string, RoleSpec>>;
  /** Bucket logical id → its resolved bucket policy document. */
  readonly bucketPolicies: Readonly<Record<string, unknown>>;
  /** Queue logical id → its resolved queue policy document. */
  readonly queuePolicies: Readonly<Record<string, unknown>>;
  readonly userPool?: {
    readonly logicalId: string;
    readonly userPoolId: string;
    readonly userPoolArn: string;
  };
  readonly userPoolClients: readonly { readonly logicalId: string; readonly clientId: string }[];
  /** Logical id → what `Ref` resolves to, for every resource the model names. */
  readonly physicalIds: Readonly<Record<string, string>>;
}

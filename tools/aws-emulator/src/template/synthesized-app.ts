/**
 * The read-only model of the synthesized stack that `loadSynthesizedApp` builds: every value
 * resolved to the run's local names and ARNs (region `us-east-1`, account `000000000000`,
 * partition `aws`). Resources are found by type and properties, never by logical id.
 */

/**
 * What only the running deployed app knows, and the template cannot say.
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
 * A DynamoDB table as the template defines it.
 *
 * @example
 * ```ts
 * const jobs = app.tables.find((t) => t.keySchema.some((k) => k.AttributeName === 'jobId'));
 * ```
 */
export interface TableSpec {
  readonly logicalId: string;
  readonly tableName: string;
  readonly tableArn: string;
  readonly keySchema: readonly { AttributeName: string; KeyType: 'HASH' | 'RANGE' }[];
  readonly attributeDefinitions: readonly {
    AttributeName: string;
    AttributeType: 'S' | 'N' | 'B';
  }[];
  readonly globalSecondaryIndexes?: readonly SecondaryIndexSpec[];
  readonly localSecondaryIndexes?: readonly SecondaryIndexSpec[];
  /** The attribute named by an enabled `TimeToLiveSpecification`. */
  readonly ttlAttribute?: string;
  readonly billingMode: 'PAY_PER_REQUEST' | 'PROVISIONED';
  readonly streamViewType?: string;
}

/**
 * A global or local secondary index of a table.
 *
 * @example
 * ```ts
 * const byStatus: SecondaryIndexSpec = {
 *   IndexName: 'byStatus',
 *   KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }],
 *   Projection: { ProjectionType: 'KEYS_ONLY' },
 * };
 * ```
 */
export interface SecondaryIndexSpec {
  readonly IndexName: string;
  readonly KeySchema: readonly { AttributeName: string; KeyType: 'HASH' | 'RANGE' }[];
  readonly Projection: {
    readonly ProjectionType?: 'ALL' | 'KEYS_ONLY' | 'INCLUDE';
    readonly NonKeyAttributes?: readonly string[];
  };
}

/**
 * One CORS rule as S3 takes it in `PutBucketCors`.
 *
 * @example
 * ```ts
 * const rule: CorsRuleSpec = { AllowedOrigins: ['https://x'], AllowedMethods: ['GET'] };
 * ```
 */
export interface CorsRuleSpec {
  readonly AllowedOrigins: readonly string[];
  readonly AllowedMethods: readonly string[];
  readonly AllowedHeaders?: readonly string[];
  readonly ExposedHeaders?: readonly string[];
  readonly MaxAgeSeconds?: number;
}

/**
 * An S3 bucket. `corsRules` come from the bucket's `CorsConfiguration` or, when the stack sets
 * them after deployment, from a `Custom::AWS` `S3.putBucketCors` call on this bucket.
 *
 * @example
 * ```ts
 * const audio = app.buckets.find((b) => b.corsRules !== undefined);
 * ```
 */
export interface BucketSpec {
  readonly logicalId: string;
  readonly bucketName: string;
  readonly bucketArn: string;
  readonly corsRules?: readonly CorsRuleSpec[];
  readonly lifecycleRules: readonly unknown[];
}

/**
 * An SQS queue (defaults as SQS applies them when the template leaves a property out).
 *
 * @example
 * ```ts
 * const withDlq = app.queues.filter((q) => q.redrive !== undefined);
 * ```
 */
export interface QueueSpec {
  readonly logicalId: string;
  readonly queueName: string;
  readonly queueUrl: string;
  readonly queueArn: string;
  readonly visibilityTimeoutSeconds: number;
  readonly messageRetentionSeconds: number;
  readonly delaySeconds: number;
  readonly receiveMessageWaitTimeSeconds: number;
  readonly fifo: boolean;
  readonly redrive?: {
    readonly deadLetterQueueLogicalId: string;
    readonly maxReceiveCount: number;
  };
}

/**
 * An SQS event source mapping (Lambda's defaults applied).
 *
 * @example
 * ```ts
 * const [mapping] = app.eventSourceMappings;
 * mapping.reportBatchItemFailures; // true when FunctionResponseTypes has ReportBatchItemFailures
 * ```
 */
export interface EventSourceMappingSpec {
  readonly logicalId: string;
  readonly functionLogicalId: string;
  readonly queueLogicalId: string;
  readonly batchSize: number;
  readonly maximumBatchingWindowSeconds: number;
  readonly maximumConcurrency?: number;
  readonly reportBatchItemFailures: boolean;
  readonly enabled: boolean;
}

/**
 * The state machine, its definition parsed after CDK's `DefinitionSubstitutions`.
 *
 * @example
 * ```ts
 * new StateMachine(app.stateMachine.definition as never);
 * ```
 */
export interface StateMachineSpec {
  readonly logicalId: string;
  readonly stateMachineArn: string;
  readonly name: string;
  readonly definition: unknown;
  readonly roleLogicalId: string;
  readonly roleArn: string;
  readonly type: 'STANDARD' | 'EXPRESS';
}

/**
 * One HTTP API route, its integration resolved to the function it invokes.
 *
 * @example
 * ```ts
 * const route: HttpRouteSpec = { routeKey: 'GET /api/quota', authorizationType: 'JWT', functionLogicalId: 'Api', payloadFormatVersion: '2.0' };
 * ```
 */
export interface HttpRouteSpec {
  readonly routeKey: string;
  readonly authorizationType: 'JWT' | 'NONE' | 'AWS_IAM' | 'CUSTOM';
  readonly functionLogicalId: string;
  readonly payloadFormatVersion: string;
  readonly authorizationScopes?: readonly string[];
}

/**
 * The HTTP API: routes, JWT authorizer and (when the stack sets it after deployment through a
 * `Custom::AWS` `ApiGatewayV2.UpdateApi` call) its CORS configuration.
 *
 * @example
 * ```ts
 * app.httpApi.jwtAuthorizer?.issuer; // 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_...'
 * ```
 */
export interface HttpApiSpec {
  readonly logicalId: string;
  readonly apiId: string;
  readonly apiEndpoint: string;
  readonly routes: readonly HttpRouteSpec[];
  readonly jwtAuthorizer?: {
    readonly issuer: string;
    readonly audience: readonly string[];
    readonly identitySource: string;
  };
  readonly cors?: unknown;
}

/**
 * An EventBridge rule and its Lambda targets (targets of other kinds are in `otherTargetArns`).
 *
 * @example
 * ```ts
 * const sfnRules = app.eventRules.filter((r) => JSON.stringify(r.eventPattern).includes('aws.states'));
 * ```
 */
export interface EventRuleSpec {
  readonly logicalId: string;
  readonly eventPattern: unknown;
  readonly state: string;
  readonly targets: readonly {
    readonly functionLogicalId: string;
    readonly retryAttempts?: number;
    readonly maximumEventAgeSeconds?: number;
    readonly deadLetterQueueLogicalId?: string;
    readonly input?: string;
  }[];
  readonly otherTargetArns: readonly string[];
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

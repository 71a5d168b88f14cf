/**
 * The resources of the model other than functions and roles: tables, buckets, queues, the
 * state machine, the HTTP API and EventBridge rules, each resolved to local names.
 *
 * @packageDocumentation
 */

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
 * const route: HttpRouteSpec = { routeKey: 'GET /api/items', authorizationType: 'JWT', functionLogicalId: 'Api', payloadFormatVersion: '2.0' };
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

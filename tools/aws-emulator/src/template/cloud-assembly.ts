import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CloudAssemblyError, UnresolvableIntrinsicError } from '../errors';
import { TemplateResolver, type CfnTemplate } from './template-resolver';
import type {
  BucketSpec,
  CorsRuleSpec,
  EventRuleSpec,
  EventSourceMappingSpec,
  FunctionSpec,
  HttpApiSpec,
  HttpRouteSpec,
  LambdaPermissionSpec,
  LocalAccount,
  LocalEndpointNames,
  QueueSpec,
  RoleSpec,
  SecondaryIndexSpec,
  StateMachineSpec,
  SynthesizedApp,
  TableSpec,
} from './synthesized-app';

/**
 * The one local "account" the deployed-app run lives in.
 *
 * @example
 * ```ts
 * `arn:${LOCAL_ACCOUNT.partition}:s3:::bucket`;
 * ```
 */
export const LOCAL_ACCOUNT: LocalAccount = {
  region: 'us-east-1',
  accountId: '000000000000',
  partition: 'aws',
};

/**
 * Where the cloud assembly is and what only the run knows.
 *
 * @example
 * ```ts
 * const options: LoadSynthesizedAppOptions = { cdkOutDir: 'dist/apps/infra/cdk.out', endpoints: {} };
 * ```
 */
export interface LoadSynthesizedAppOptions {
  /** The folder `infra:synth` writes (`manifest.json`, the templates, the asset folders). */
  readonly cdkOutDir: string;
  readonly endpoints: LocalEndpointNames;
  /** Which stack of the assembly; needed only when it has more than one. */
  readonly stackName?: string;
}

type Props = Readonly<Record<string, unknown>>;

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CloudAssemblyError(`Expected an object at ${where}`);
  }
  return value as Record<string, unknown>;
}

function asArray(value: unknown): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function optionalNumber(value: unknown, fallback: number): number;
function optionalNumber(value: unknown): number | undefined;
function optionalNumber(value: unknown, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n))
    throw new CloudAssemblyError(`Expected a number, got ${JSON.stringify(value)}`);
  return n;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new CloudAssemblyError(`Cannot read ${file}: run \`npx nx run infra:synth\` first`, {
      cause,
    });
  }
}

function findStack(
  cdkOutDir: string,
  stackName: string | undefined,
): { stackName: string; templateFile: string } {
  const manifest = asRecord(readJson(path.join(cdkOutDir, 'manifest.json')), 'manifest.json');
  const artifacts = asRecord(manifest['artifacts'] ?? {}, 'manifest.json artifacts');
  const stacks = Object.entries(artifacts)
    .map(([id, a]) => ({ id, artifact: asRecord(a, `artifact ${id}`) }))
    .filter(({ artifact }) => artifact['type'] === 'aws:cloudformation:stack')
    .map(({ id, artifact }) => {
      const properties = asRecord(artifact['properties'] ?? {}, `artifact ${id} properties`);
      return {
        stackName: String(properties['stackName'] ?? artifact['displayName'] ?? id),
        templateFile: path.join(cdkOutDir, String(properties['templateFile'])),
      };
    });
  const chosen = stackName === undefined ? stacks : stacks.filter((s) => s.stackName === stackName);
  if (chosen.length !== 1) {
    throw new CloudAssemblyError(
      `Expected one stack${stackName === undefined ? '' : ` named ${stackName}`} in ${cdkOutDir}, found ${chosen.length} (${stacks.map((s) => s.stackName).join(', ')})`,
    );
  }
  return chosen[0] as { stackName: string; templateFile: string };
}

/** Builds the model, one resource kind at a time, from a resolver over the template. */
class AppModelBuilder {
  private readonly template: CfnTemplate;

  constructor(
    private readonly resolver: TemplateResolver,
    private readonly cdkOutDir: string,
    private readonly templateFile: string,
  ) {
    this.template = resolver.template;
  }

  private props(logicalId: string): Props {
    return this.template.Resources[logicalId]?.Properties ?? {};
  }

  private resolve(logicalId: string, property: string): unknown {
    return this.resolver.resolve(
      this.props(logicalId)[property],
      `Resources.${logicalId}.Properties.${property}`,
    );
  }

  private resolveString(logicalId: string, property: string): string {
    return this.resolver.resolveString(
      this.props(logicalId)[property],
      `Resources.${logicalId}.Properties.${property}`,
    );
  }

  /** Logical id of the resource of `type` whose Ref or one of `attributes` equals `value`. */
  private findByValue(
    type: string,
    value: string,
    attributes: readonly string[],
  ): string | undefined {
    return this.resolver.logicalIdsOfType(type).find((id) => {
      if (this.resolver.ref(id) === value) return true;
      return attributes.some((a) => {
        try {
          return this.resolver.getAtt(id, a) === value;
        } catch (error) {
          if (error instanceof UnresolvableIntrinsicError) return false;
          throw error;
        }
      });
    });
  }

  private functionByNameOrArn(value: string): string | undefined {
    // A function may be named by name, ARN, or ARN with a qualifier; API Gateway wraps it in an invocation URI.
    const inner = /functions\/(arn:[^/]+)\/invocations$/.exec(value)?.[1] ?? value;
    const unqualified = inner.replace(
      /^(arn:[^:]+:lambda:[^:]+:[^:]+:function:[^:]+):[^:]+$/,
      '$1',
    );
    return this.findByValue('AWS::Lambda::Function', unqualified, ['Arn']);
  }

  /** Resolved `Create`/`Update` calls of `Custom::AWS` resources (AwsCustomResource), parsed. */
  private customAwsCalls(): {
    service: string;
    action: string;
    parameters: Record<string, unknown>;
  }[] {
    const calls: { service: string; action: string; parameters: Record<string, unknown> }[] = [];
    for (const id of this.resolver.logicalIdsOfType('Custom::AWS')) {
      for (const phase of ['Create', 'Update']) {
        const raw = this.props(id)[phase];
        if (raw === undefined) continue;
        const text = this.resolver.resolveString(raw, `Resources.${id}.Properties.${phase}`);
        const call = asRecord(JSON.parse(text), `Resources.${id}.Properties.${phase}`);
        calls.push({
          service: String(call['service'])
            .replace(/^@aws-sdk\/client-/, '')
            .toLowerCase(),
          action: String(call['action']).toLowerCase(),
          parameters: asRecord(call['parameters'] ?? {}, `Resources.${id}.${phase}.parameters`),
        });
      }
    }
    return calls;
  }

  deployTimeFunctions(): string[] {
    const tokens = new Set<string>();
    for (const [id, resource] of Object.entries(this.template.Resources)) {
      const isCustom =
        resource.Type.startsWith('Custom::') ||
        resource.Type === 'AWS::CloudFormation::CustomResource';
      if (!isCustom || !this.resolver.isIncluded(id)) continue;
      tokens.add(this.resolveString(id, 'ServiceToken'));
    }
    return this.resolver
      .logicalIdsOfType('AWS::Lambda::Function')
      .filter((id) => tokens.has(this.resolver.getAtt(id, 'Arn')));
  }

  private assetDirectory(logicalId: string): string {
    const fromMetadata = this.template.Resources[logicalId]?.Metadata?.['aws:asset:path'];
    let relative = typeof fromMetadata === 'string' ? fromMetadata : undefined;
    if (relative === undefined) {
      const code = asRecord(this.props(logicalId)['Code'] ?? {}, `${logicalId}.Code`);
      const key = typeof code['S3Key'] === 'string' ? code['S3Key'] : undefined;
      const assetsFile = this.templateFile.replace(/\.template\.json$/, '.assets.json');
      if (key !== undefined && existsSync(assetsFile)) {
        const assets = asRecord(readJson(assetsFile), assetsFile);
        const files = asRecord(assets['files'] ?? {}, `${assetsFile} files`);
        const hash = key.replace(/\.zip$/, '');
        const source = (files[hash] as { source?: { path?: string } } | undefined)?.source?.path;
        relative = source;
      }
    }
    if (relative === undefined) {
      throw new CloudAssemblyError(
        `Function ${logicalId} has no asset path (inline code is not supported)`,
      );
    }
    const dir = path.resolve(this.cdkOutDir, relative);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new CloudAssemblyError(
        `The asset of function ${logicalId} is not an unpacked folder: ${dir}`,
      );
    }
    return dir;
  }

  functions(deployTime: ReadonlySet<string>): FunctionSpec[] {
    return this.resolver
      .logicalIdsOfType('AWS::Lambda::Function')
      .filter((id) => !deployTime.has(id))
      .map((logicalId) => {
        const handler = this.resolveString(logicalId, 'Handler');
        const dot = handler.lastIndexOf('.');
        if (dot <= 0)
          throw new CloudAssemblyError(`Function ${logicalId} has a malformed Handler ${handler}`);
        const modulePath = handler.slice(0, dot);
        const dir = this.assetDirectory(logicalId);
        const bundleFile = ['.mjs', '.js', '.cjs']
          .map((ext) => path.join(dir, `${modulePath}${ext}`))
          .find((file) => existsSync(file));
        if (bundleFile === undefined) {
          throw new CloudAssemblyError(
            `Function ${logicalId}: no ${modulePath}.mjs/.js/.cjs in ${dir}`,
          );
        }
        const variables = asRecord(
          this.resolver.resolve(
            asRecord(this.props(logicalId)['Environment'] ?? {}, `${logicalId}.Environment`)[
              'Variables'
            ] ?? {},
            `Resources.${logicalId}.Properties.Environment.Variables`,
          ),
          `${logicalId}.Environment.Variables`,
        );
        const environment: Record<string, string> = {};
        for (const [name, value] of Object.entries(variables)) {
          if (typeof value === 'object' && value !== null) {
            throw new CloudAssemblyError(
              `Environment ${name} of ${logicalId} did not resolve to a scalar`,
            );
          }
          environment[name] = String(value);
        }
        const roleArn = this.resolveString(logicalId, 'Role');
        const roleLogicalId = this.findByValue('AWS::IAM::Role', roleArn, ['Arn']);
        if (roleLogicalId === undefined) {
          throw new CloudAssemblyError(
            `Function ${logicalId}'s role ${roleArn} is not a role of this template`,
          );
        }
        const reserved = this.props(logicalId)['ReservedConcurrentExecutions'];
        return {
          logicalId,
          functionName: this.resolver.ref(logicalId),
          functionArn: this.resolver.getAtt(logicalId, 'Arn'),
          handlerName: path.basename(modulePath),
          bundleFile,
          exportName: handler.slice(dot + 1),
          environment,
          memoryMiB: optionalNumber(this.resolve(logicalId, 'MemorySize'), 128),
          timeoutSeconds: optionalNumber(this.resolve(logicalId, 'Timeout'), 3),
          roleLogicalId,
          roleArn,
          ...(reserved === undefined
            ? {}
            : {
                reservedConcurrency: optionalNumber(
                  this.resolve(logicalId, 'ReservedConcurrentExecutions'),
                  0,
                ),
              }),
          runtime: String(this.resolve(logicalId, 'Runtime') ?? ''),
          architectures: asArray(this.resolve(logicalId, 'Architectures') ?? ['x86_64']).map(
            String,
          ),
        };
      });
  }

  tables(): TableSpec[] {
    return this.resolver.logicalIdsOfType('AWS::DynamoDB::Table').map((logicalId) => {
      const ttl = this.resolve(logicalId, 'TimeToLiveSpecification') as
        { AttributeName?: string; Enabled?: boolean } | undefined;
      const gsis = this.resolve(logicalId, 'GlobalSecondaryIndexes') as
        SecondaryIndexSpec[] | undefined;
      const lsis = this.resolve(logicalId, 'LocalSecondaryIndexes') as
        SecondaryIndexSpec[] | undefined;
      const stream = this.resolve(logicalId, 'StreamSpecification') as
        { StreamViewType?: string } | undefined;
      const pick = (indexes: SecondaryIndexSpec[]) =>
        indexes.map((i) => ({
          IndexName: i.IndexName,
          KeySchema: i.KeySchema,
          Projection: i.Projection,
        }));
      return {
        logicalId,
        tableName: this.resolver.ref(logicalId),
        tableArn: this.resolver.getAtt(logicalId, 'Arn'),
        keySchema: this.resolve(logicalId, 'KeySchema') as TableSpec['keySchema'],
        attributeDefinitions: this.resolve(
          logicalId,
          'AttributeDefinitions',
        ) as TableSpec['attributeDefinitions'],
        ...(gsis === undefined ? {} : { globalSecondaryIndexes: pick(gsis) }),
        ...(lsis === undefined ? {} : { localSecondaryIndexes: pick(lsis) }),
        ...(ttl?.Enabled === true && ttl.AttributeName !== undefined
          ? { ttlAttribute: ttl.AttributeName }
          : {}),
        billingMode:
          this.resolve(logicalId, 'BillingMode') === 'PAY_PER_REQUEST'
            ? 'PAY_PER_REQUEST'
            : 'PROVISIONED',
        ...(stream?.StreamViewType === undefined ? {} : { streamViewType: stream.StreamViewType }),
      };
    });
  }

  buckets(): BucketSpec[] {
    const corsCalls = this.customAwsCalls().filter(
      (c) => c.service === 's3' && c.action === 'putbucketcors',
    );
    return this.resolver.logicalIdsOfType('AWS::S3::Bucket').map((logicalId) => {
      const bucketName = this.resolver.ref(logicalId);
      const own = this.resolve(logicalId, 'CorsConfiguration') as
        { CorsRules?: Record<string, unknown>[] } | undefined;
      let corsRules: CorsRuleSpec[] | undefined = own?.CorsRules?.map((rule) => ({
        AllowedOrigins: asArray(rule['AllowedOrigins']).map(String),
        AllowedMethods: asArray(rule['AllowedMethods']).map(String),
        ...(rule['AllowedHeaders'] === undefined
          ? {}
          : { AllowedHeaders: asArray(rule['AllowedHeaders']).map(String) }),
        ...(rule['ExposedHeaders'] === undefined
          ? {}
          : { ExposedHeaders: asArray(rule['ExposedHeaders']).map(String) }),
        ...(rule['MaxAge'] === undefined ? {} : { MaxAgeSeconds: Number(rule['MaxAge']) }),
      }));
      const call = corsCalls.filter((c) => c.parameters['Bucket'] === bucketName).at(-1);
      if (call !== undefined) {
        const configuration = asRecord(
          call.parameters['CORSConfiguration'] ?? {},
          'putBucketCors CORSConfiguration',
        );
        corsRules = asArray(configuration['CORSRules']) as CorsRuleSpec[];
      }
      const lifecycle = this.resolve(logicalId, 'LifecycleConfiguration') as
        { Rules?: unknown[] } | undefined;
      return {
        logicalId,
        bucketName,
        bucketArn: this.resolver.getAtt(logicalId, 'Arn'),
        ...(corsRules === undefined ? {} : { corsRules }),
        lifecycleRules: lifecycle?.Rules ?? [],
      };
    });
  }

  queues(): QueueSpec[] {
    return this.resolver.logicalIdsOfType('AWS::SQS::Queue').map((logicalId) => {
      const redrive = this.resolve(logicalId, 'RedrivePolicy') as
        { deadLetterTargetArn?: string; maxReceiveCount?: number | string } | string | undefined;
      const policy =
        typeof redrive === 'string'
          ? (JSON.parse(redrive) as Exclude<typeof redrive, string>)
          : redrive;
      let redriveSpec: QueueSpec['redrive'];
      if (policy?.deadLetterTargetArn !== undefined) {
        const dlq = this.findByValue('AWS::SQS::Queue', policy.deadLetterTargetArn, ['Arn']);
        if (dlq === undefined)
          throw new CloudAssemblyError(`Queue ${logicalId}'s DLQ is not in the template`);
        redriveSpec = {
          deadLetterQueueLogicalId: dlq,
          maxReceiveCount: Number(policy.maxReceiveCount ?? 10),
        };
      }
      const fifo = this.resolve(logicalId, 'FifoQueue');
      return {
        logicalId,
        queueName: this.resolver.getAtt(logicalId, 'QueueName'),
        queueUrl: this.resolver.ref(logicalId),
        queueArn: this.resolver.getAtt(logicalId, 'Arn'),
        visibilityTimeoutSeconds: optionalNumber(this.resolve(logicalId, 'VisibilityTimeout'), 30),
        messageRetentionSeconds: optionalNumber(
          this.resolve(logicalId, 'MessageRetentionPeriod'),
          345_600,
        ),
        delaySeconds: optionalNumber(this.resolve(logicalId, 'DelaySeconds'), 0),
        receiveMessageWaitTimeSeconds: optionalNumber(
          this.resolve(logicalId, 'ReceiveMessageWaitTimeSeconds'),
          0,
        ),
        fifo: fifo === true || fifo === 'true',
        ...(redriveSpec === undefined ? {} : { redrive: redriveSpec }),
      };
    });
  }

  eventSourceMappings(): EventSourceMappingSpec[] {
    const mappings: EventSourceMappingSpec[] = [];
    for (const logicalId of this.resolver.logicalIdsOfType('AWS::Lambda::EventSourceMapping')) {
      const sourceArn = this.resolveString(logicalId, 'EventSourceArn');
      const queueLogicalId = this.findByValue('AWS::SQS::Queue', sourceArn, ['Arn']);
      if (queueLogicalId === undefined) continue; // streams and other sources: not modelled
      const functionLogicalId = this.functionByNameOrArn(
        this.resolveString(logicalId, 'FunctionName'),
      );
      if (functionLogicalId === undefined) {
        throw new CloudAssemblyError(
          `Event source mapping ${logicalId} names a function not in the template`,
        );
      }
      const scaling = this.resolve(logicalId, 'ScalingConfig') as
        { MaximumConcurrency?: number } | undefined;
      const maximumConcurrency = optionalNumber(scaling?.MaximumConcurrency);
      const enabled = this.resolve(logicalId, 'Enabled');
      mappings.push({
        logicalId,
        functionLogicalId,
        queueLogicalId,
        batchSize: optionalNumber(this.resolve(logicalId, 'BatchSize'), 10),
        maximumBatchingWindowSeconds: optionalNumber(
          this.resolve(logicalId, 'MaximumBatchingWindowInSeconds'),
          0,
        ),
        ...(maximumConcurrency === undefined ? {} : { maximumConcurrency }),
        reportBatchItemFailures: asArray(this.resolve(logicalId, 'FunctionResponseTypes')).includes(
          'ReportBatchItemFailures',
        ),
        enabled: enabled === undefined || enabled === true || enabled === 'true',
      });
    }
    return mappings;
  }

  stateMachine(): StateMachineSpec {
    const ids = this.resolver.logicalIdsOfType('AWS::StepFunctions::StateMachine');
    if (ids.length !== 1)
      throw new CloudAssemblyError(`Expected one state machine, found ${ids.length}`);
    const logicalId = ids[0] as string;
    const props = this.props(logicalId);
    let text: string;
    if (props['DefinitionString'] !== undefined)
      text = this.resolveString(logicalId, 'DefinitionString');
    else if (props['Definition'] !== undefined)
      text = JSON.stringify(this.resolve(logicalId, 'Definition'));
    else
      throw new CloudAssemblyError(
        `State machine ${logicalId} has no inline definition (S3 locations are not supported)`,
      );
    const substitutions = asRecord(
      this.resolve(logicalId, 'DefinitionSubstitutions') ?? {},
      'DefinitionSubstitutions',
    );
    text = text.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
      const value = substitutions[name];
      if (value === undefined)
        throw new CloudAssemblyError(
          `The definition uses ${whole}, which DefinitionSubstitutions does not define`,
        );
      return String(value);
    });
    let definition: unknown;
    try {
      definition = JSON.parse(text);
    } catch (cause) {
      throw new CloudAssemblyError(`The state machine definition is not JSON after substitution`, {
        cause,
      });
    }
    const roleArn = this.resolveString(logicalId, 'RoleArn');
    const roleLogicalId = this.findByValue('AWS::IAM::Role', roleArn, ['Arn']);
    if (roleLogicalId === undefined)
      throw new CloudAssemblyError(`The state machine's role is not in the template`);
    return {
      logicalId,
      stateMachineArn: this.resolver.ref(logicalId),
      name: this.resolver.getAtt(logicalId, 'Name'),
      definition,
      roleLogicalId,
      roleArn,
      type: this.resolve(logicalId, 'StateMachineType') === 'EXPRESS' ? 'EXPRESS' : 'STANDARD',
    };
  }

  httpApi(): HttpApiSpec {
    const apis = this.resolver
      .logicalIdsOfType('AWS::ApiGatewayV2::Api')
      .filter((id) => this.resolve(id, 'ProtocolType') === 'HTTP');
    if (apis.length !== 1)
      throw new CloudAssemblyError(`Expected one HTTP API, found ${apis.length}`);
    const logicalId = apis[0] as string;
    const apiId = this.resolver.ref(logicalId);
    const ofApi = (type: string) =>
      this.resolver.logicalIdsOfType(type).filter((id) => this.resolve(id, 'ApiId') === apiId);
    const integrations = ofApi('AWS::ApiGatewayV2::Integration');
    const authorizers = ofApi('AWS::ApiGatewayV2::Authorizer');
    let jwtAuthorizerId: string | undefined;
    const routes: HttpRouteSpec[] = ofApi('AWS::ApiGatewayV2::Route').map((routeId) => {
      const target = this.resolveString(routeId, 'Target');
      const integrationId = target.replace(/^integrations\//, '');
      const integration = integrations.find((i) => this.resolver.ref(i) === integrationId);
      if (integration === undefined)
        throw new CloudAssemblyError(`Route ${routeId} targets an unknown integration ${target}`);
      const functionLogicalId = this.functionByNameOrArn(
        this.resolveString(integration, 'IntegrationUri'),
      );
      if (functionLogicalId === undefined)
        throw new CloudAssemblyError(`Integration ${integration} is not a Lambda of this template`);
      const authorizationType = String(
        this.resolve(routeId, 'AuthorizationType') ?? 'NONE',
      ) as HttpRouteSpec['authorizationType'];
      if (authorizationType === 'JWT')
        jwtAuthorizerId ??= this.resolveString(routeId, 'AuthorizerId');
      const scopes = this.resolve(routeId, 'AuthorizationScopes');
      return {
        routeKey: this.resolveString(routeId, 'RouteKey'),
        authorizationType,
        functionLogicalId,
        payloadFormatVersion: String(this.resolve(integration, 'PayloadFormatVersion') ?? '2.0'),
        ...(scopes === undefined ? {} : { authorizationScopes: asArray(scopes).map(String) }),
      };
    });
    let jwtAuthorizer: HttpApiSpec['jwtAuthorizer'];
    const authorizer = authorizers.find((a) => this.resolver.ref(a) === jwtAuthorizerId);
    if (authorizer !== undefined) {
      const jwt = asRecord(
        this.resolve(authorizer, 'JwtConfiguration'),
        `${authorizer}.JwtConfiguration`,
      );
      jwtAuthorizer = {
        issuer: String(jwt['Issuer']),
        audience: asArray(jwt['Audience']).map(String),
        identitySource: asArray(this.resolve(authorizer, 'IdentitySource')).map(String).join(','),
      };
    }
    const corsCall = this.customAwsCalls()
      .filter(
        (c) =>
          c.service === 'apigatewayv2' &&
          c.action === 'updateapi' &&
          c.parameters['ApiId'] === apiId,
      )
      .at(-1);
    const cors =
      corsCall?.parameters['CorsConfiguration'] ?? this.resolve(logicalId, 'CorsConfiguration');
    return {
      logicalId,
      apiId,
      apiEndpoint: this.resolver.getAtt(logicalId, 'ApiEndpoint'),
      routes,
      ...(jwtAuthorizer === undefined ? {} : { jwtAuthorizer }),
      ...(cors === undefined ? {} : { cors }),
    };
  }

  eventRules(): EventRuleSpec[] {
    return this.resolver.logicalIdsOfType('AWS::Events::Rule').map((logicalId) => {
      const targets: EventRuleSpec['targets'][number][] = [];
      const otherTargetArns: string[] = [];
      for (const raw of asArray(this.resolve(logicalId, 'Targets'))) {
        const target = asRecord(raw, `${logicalId}.Targets`);
        const arn = String(target['Arn']);
        const functionLogicalId = this.functionByNameOrArn(arn);
        if (functionLogicalId === undefined) {
          otherTargetArns.push(arn);
          continue;
        }
        const retry = target['RetryPolicy'] as
          { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number } | undefined;
        const dlqArn = (target['DeadLetterConfig'] as { Arn?: string } | undefined)?.Arn;
        const deadLetterQueueLogicalId =
          dlqArn === undefined ? undefined : this.findByValue('AWS::SQS::Queue', dlqArn, ['Arn']);
        targets.push({
          functionLogicalId,
          ...(retry?.MaximumRetryAttempts === undefined
            ? {}
            : { retryAttempts: Number(retry.MaximumRetryAttempts) }),
          ...(retry?.MaximumEventAgeInSeconds === undefined
            ? {}
            : { maximumEventAgeSeconds: Number(retry.MaximumEventAgeInSeconds) }),
          ...(deadLetterQueueLogicalId === undefined ? {} : { deadLetterQueueLogicalId }),
          ...(typeof target['Input'] === 'string' ? { input: target['Input'] } : {}),
        });
      }
      const pattern = this.resolve(logicalId, 'EventPattern');
      return {
        logicalId,
        eventPattern: typeof pattern === 'string' ? JSON.parse(pattern) : pattern,
        state: String(this.resolve(logicalId, 'State') ?? 'ENABLED'),
        targets,
        otherTargetArns,
      };
    });
  }

  lambdaPermissions(): LambdaPermissionSpec[] {
    return this.resolver.logicalIdsOfType('AWS::Lambda::Permission').flatMap((logicalId) => {
      const functionLogicalId = this.functionByNameOrArn(
        this.resolveString(logicalId, 'FunctionName'),
      );
      if (functionLogicalId === undefined) return [];
      const sourceArn = this.resolve(logicalId, 'SourceArn');
      return [
        {
          functionLogicalId,
          principal: this.resolveString(logicalId, 'Principal'),
          action: this.resolveString(logicalId, 'Action'),
          ...(sourceArn === undefined ? {} : { sourceArn: String(sourceArn) }),
        },
      ];
    });
  }

  roles(): Record<string, RoleSpec> {
    const roles: Record<
      string,
      RoleSpec & { policyDocuments: unknown[]; managedPolicyArns: string[] }
    > = {};
    const byName = new Map<string, string>();
    for (const logicalId of this.resolver.logicalIdsOfType('AWS::IAM::Role')) {
      const inline = asArray(this.resolve(logicalId, 'Policies')).map(
        (p) => asRecord(p, `${logicalId}.Policies`)['PolicyDocument'],
      );
      roles[logicalId] = {
        roleArn: this.resolver.getAtt(logicalId, 'Arn'),
        roleName: this.resolver.ref(logicalId),
        policyDocuments: inline,
        managedPolicyArns: [],
        assumeRolePolicyDocument: this.resolve(logicalId, 'AssumeRolePolicyDocument'),
      };
      byName.set(this.resolver.ref(logicalId), logicalId);
    }
    const attach = (roleName: unknown, document: unknown) => {
      const role = byName.get(String(roleName));
      if (role !== undefined) roles[role]?.policyDocuments.push(document);
    };
    for (const id of this.resolver.logicalIdsOfType('AWS::IAM::Policy')) {
      const document = this.resolve(id, 'PolicyDocument');
      for (const roleName of asArray(this.resolve(id, 'Roles'))) attach(roleName, document);
    }
    const managed = new Map<string, unknown>();
    for (const id of this.resolver.logicalIdsOfType('AWS::IAM::ManagedPolicy')) {
      const document = this.resolve(id, 'PolicyDocument');
      managed.set(this.resolver.ref(id), document);
      for (const roleName of asArray(this.resolve(id, 'Roles'))) attach(roleName, document);
    }
    for (const logicalId of Object.keys(roles)) {
      for (const arn of asArray(this.resolve(logicalId, 'ManagedPolicyArns')).map(String)) {
        const role = roles[logicalId];
        if (role === undefined) continue;
        const local = managed.get(arn);
        if (local === undefined) role.managedPolicyArns.push(arn);
        else role.policyDocuments.push(local);
      }
    }
    return roles;
  }

  resourcePolicies(
    policyType: string,
    targetProperty: string,
    targetType: string,
  ): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const id of this.resolver.logicalIdsOfType(policyType)) {
      const document = this.resolve(id, 'PolicyDocument');
      for (const target of asArray(this.resolve(id, targetProperty)).map(String)) {
        const logicalId = this.findByValue(targetType, target, []);
        if (logicalId !== undefined) out[logicalId] = document;
      }
    }
    return out;
  }

  userPool(): SynthesizedApp['userPool'] {
    const [logicalId] = this.resolver.logicalIdsOfType('AWS::Cognito::UserPool');
    if (logicalId === undefined) return undefined;
    return {
      logicalId,
      userPoolId: this.resolver.ref(logicalId),
      userPoolArn: this.resolver.getAtt(logicalId, 'Arn'),
    };
  }

  userPoolClients(): SynthesizedApp['userPoolClients'] {
    return this.resolver
      .logicalIdsOfType('AWS::Cognito::UserPoolClient')
      .map((logicalId) => ({ logicalId, clientId: this.resolver.ref(logicalId) }));
  }

  physicalIds(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const id of Object.keys(this.template.Resources)) {
      if (this.resolver.isIncluded(id)) out[id] = this.resolver.ref(id);
    }
    return out;
  }
}

/**
 * Reads the cloud assembly `npx nx run infra:synth` writes and returns the stack as the local
 * run deploys it: every `Ref`/`Fn::GetAtt`/`Fn::Join`/`Fn::Sub`/`Fn::Select`/`Fn::Split`/pseudo
 * parameter resolved to local names and ARNs (region `us-east-1`, account `000000000000`); each
 * application function with its bundle file on disk and exactly the template's environment; the
 * state machine definition parsed after CDK's `DefinitionSubstitutions`. Resources are found by
 * type and by what references what, never by logical id. Throws `CloudAssemblyError` (or
 * `UnresolvableIntrinsicError`) instead of guessing.
 *
 * @example
 * ```ts
 * const app = loadSynthesizedApp({ cdkOutDir: 'dist/apps/infra/cdk.out', endpoints: { sqsBaseUrl: sqs.url } });
 * const consumer = app.functions.find((f) => f.handlerName === 'sqs-consumer');
 * consumer.environment.LUMCAST_STATE_MACHINE_ARN === app.stateMachine.stateMachineArn; // true
 * ```
 */
export function loadSynthesizedApp(options: LoadSynthesizedAppOptions): SynthesizedApp {
  const cdkOutDir = path.resolve(options.cdkOutDir);
  const { stackName, templateFile } = findStack(cdkOutDir, options.stackName);
  const template = asRecord(readJson(templateFile), templateFile) as unknown as CfnTemplate;
  if (template.Resources === undefined)
    throw new CloudAssemblyError(`${templateFile} has no Resources`);
  const resolver = new TemplateResolver(template, {
    stackName,
    account: LOCAL_ACCOUNT,
    endpoints: options.endpoints,
  });
  const builder = new AppModelBuilder(resolver, cdkOutDir, templateFile);
  const deployTime = builder.deployTimeFunctions();
  return {
    stackName,
    account: LOCAL_ACCOUNT,
    templateFile,
    functions: builder.functions(new Set(deployTime)),
    deployTimeFunctionLogicalIds: deployTime,
    tables: builder.tables(),
    buckets: builder.buckets(),
    queues: builder.queues(),
    eventSourceMappings: builder.eventSourceMappings(),
    stateMachine: builder.stateMachine(),
    httpApi: builder.httpApi(),
    eventRules: builder.eventRules(),
    lambdaPermissions: builder.lambdaPermissions(),
    roles: builder.roles(),
    bucketPolicies: builder.resourcePolicies('AWS::S3::BucketPolicy', 'Bucket', 'AWS::S3::Bucket'),
    queuePolicies: builder.resourcePolicies('AWS::SQS::QueuePolicy', 'Queues', 'AWS::SQS::Queue'),
    ...(builder.userPool() === undefined ? {} : { userPool: builder.userPool() }),
    userPoolClients: builder.userPoolClients(),
    physicalIds: builder.physicalIds(),
  };
}

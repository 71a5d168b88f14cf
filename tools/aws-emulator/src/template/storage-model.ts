import { CloudAssemblyError } from '../errors';
import { asArray, asRecord, optionalNumber, TemplateReader } from './template-reader';
import type {
  BucketSpec,
  CorsRuleSpec,
  EventSourceMappingSpec,
  QueueSpec,
  SecondaryIndexSpec,
  TableSpec,
} from './synthesized-app';

/**
 * The tables, buckets, queues and event source mappings of the template.
 *
 * @example
 * ```ts
 * new StorageModel(resolver, cdkOutDir, templateFile);
 * ```
 */
export class StorageModel extends TemplateReader {
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
}

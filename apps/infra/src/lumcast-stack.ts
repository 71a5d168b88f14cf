import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import {
  assertDashboardExport,
  assertFunctionBundles,
  assertStateMachineDefinition,
  DEFAULT_DASHBOARD_EXPORT_DIR,
  DEFAULT_FUNCTIONS_BUNDLE_DIR,
  DEFAULT_STATE_MACHINE_DEFINITION,
} from './build-outputs';
import { AudioStorage } from './constructs/audio-storage';
import { DashboardHosting } from './constructs/dashboard-hosting';
import { DataTables } from './constructs/data-tables';
import { LumcastHttpApi } from './constructs/http-api';
import { JobQueue } from './constructs/job-queue';
import { OperationalAlarms } from './constructs/operational-alarms';
import { ExecutionFailureRule } from './constructs/execution-failure-rule';
import { grantPipelineAccess } from './constructs/pipeline-access';
import { FUNCTION_SIZING, PipelineFunctions } from './constructs/pipeline-functions';
import { PodcastStateMachine } from './constructs/podcast-state-machine';
import { UserAuth } from './constructs/user-auth';
import { acknowledgeCdkProviderFindings } from './nag-acknowledgments';
import type { StageConfig } from './stage-config';

/** Longest chunk text sent to Polly in one request (Polly bills at most 3,000 characters). */
export const MAX_CHUNK_CHARS = 3000;

/**
 * Lifetime of the presigned audio and caption URLs the API returns: 6 h, longer than
 * the longest episode (60 min) played with pauses, so seeking does not hit an expired link.
 */
export const URL_EXPIRY_SECONDS = 21_600;

/** Props of {@link LumcastStack}. */
export interface LumcastStackProps extends StackProps {
  readonly config: StageConfig;
  /** Handler bundles `<name>.mjs`; default `dist/apps/functions`. */
  readonly functionsBundleDir?: string;
  /** Next's static export; default `apps/dashboard/out`. */
  readonly dashboardExportDir?: string;
  /** The shared ASL file; default `apps/functions/src/state-machine/podcast.asl.json`. */
  readonly stateMachineDefinitionPath?: string;
}

/**
 * The whole product on AWS: tables, audio bucket, job queue + DLQ, seven functions,
 * the episode state machine, the HTTP API behind Cognito, the dashboard behind
 * CloudFront (with `/api/*` on the same origin) and the alarms.
 *
 * Build outputs are checked first: a missing bundle or export throws a
 * `MissingBuildOutputError` naming the file before any construct is created.
 *
 * @example
 * ```ts
 * const app = new App({ context: { stage: 'dev' } });
 * const config = resolveStageConfig((key) => app.node.tryGetContext(key));
 * new LumcastStack(app, 'Lumcast-dev', { config });
 * ```
 */
export class LumcastStack extends Stack {
  readonly tables: DataTables;
  readonly storage: AudioStorage;
  readonly jobQueue: JobQueue;
  readonly functions: PipelineFunctions;
  readonly pipeline: PodcastStateMachine;
  readonly executionFailures: ExecutionFailureRule;
  readonly auth: UserAuth;
  readonly api: LumcastHttpApi;
  readonly dashboard: DashboardHosting;
  readonly alarms: OperationalAlarms;

  constructor(scope: Construct, id: string, props: LumcastStackProps) {
    super(scope, id, props);
    const { config } = props;
    const bundleDir = props.functionsBundleDir ?? DEFAULT_FUNCTIONS_BUNDLE_DIR;
    const exportDir = props.dashboardExportDir ?? DEFAULT_DASHBOARD_EXPORT_DIR;
    const definitionPath = props.stateMachineDefinitionPath ?? DEFAULT_STATE_MACHINE_DEFINITION;
    assertFunctionBundles(bundleDir);
    assertDashboardExport(exportDir);
    assertStateMachineDefinition(definitionPath);

    this.tables = new DataTables(this, 'Tables', { config });
    this.storage = new AudioStorage(this, 'Storage', { config });
    this.jobQueue = new JobQueue(this, 'Queue', {
      consumerTimeout: FUNCTION_SIZING['sqs-consumer'].timeout,
      deadLetterConsumerTimeout: FUNCTION_SIZING['dead-letters'].timeout,
    });

    this.functions = new PipelineFunctions(this, 'Functions', {
      config,
      bundleDir,
      environment: {
        LUMCAST_USERS_TABLE: this.tables.users.tableName,
        LUMCAST_JOBS_TABLE: this.tables.jobs.tableName,
        LUMCAST_SERIES_TABLE: this.tables.series.tableName,
        LUMCAST_AUDIO_BUCKET: this.storage.audio.bucketName,
        LUMCAST_SCRIPT_WRITER: 'bedrock',
        LUMCAST_SPEECH: 'polly',
      },
    });
    const fns = this.functions.byHandler;
    fns.api.addEnvironment('LUMCAST_QUEUE_URL', this.jobQueue.queue.queueUrl);
    fns.api.addEnvironment('LUMCAST_URL_EXPIRY_SECONDS', String(URL_EXPIRY_SECONDS));
    // Only the api reads and writes feed links.
    fns.api.addEnvironment('LUMCAST_FEEDS_TABLE', this.tables.feeds.tableName);
    fns['write-script'].addEnvironment('LUMCAST_BEDROCK_MODEL_ID', config.bedrockModelId);
    fns['write-script'].addEnvironment('LUMCAST_MAX_CHUNK_CHARS', String(MAX_CHUNK_CHARS));
    // The functions that call Polly and Bedrock take turns on the pacing table, at the account's
    // quotas (per stage: the Service Quotas figures of the account it deploys to).
    const quotas = config.providerQuotas;
    fns.synthesize.addEnvironment('LUMCAST_PACING_TABLE', this.tables.pacing.tableName);
    fns.synthesize.addEnvironment('LUMCAST_POLLY_STANDARD_TPS', String(quotas.pollyStandardTps));
    fns.synthesize.addEnvironment('LUMCAST_POLLY_NEURAL_TPS', String(quotas.pollyNeuralTps));
    fns.synthesize.addEnvironment(
      'LUMCAST_POLLY_GENERATIVE_TPS',
      String(quotas.pollyGenerativeTps),
    );
    fns['write-script'].addEnvironment('LUMCAST_PACING_TABLE', this.tables.pacing.tableName);
    fns['write-script'].addEnvironment(
      'LUMCAST_BEDROCK_REQUESTS_PER_MINUTE',
      String(quotas.bedrockRequestsPerMinute),
    );

    this.pipeline = new PodcastStateMachine(this, 'Pipeline', {
      config,
      definitionPath,
      tasks: {
        writeScript: fns['write-script'],
        synthesize: fns.synthesize,
        assemble: fns.assemble,
        callback: fns.callback,
      },
    });
    this.executionFailures = new ExecutionFailureRule(this, 'ExecutionFailures', {
      stateMachine: this.pipeline.stateMachine,
      callback: fns.callback,
    });
    const consumer = fns['sqs-consumer'];
    consumer.addEnvironment(
      'LUMCAST_STATE_MACHINE_ARN',
      this.pipeline.stateMachine.stateMachineArn,
    );
    consumer.addEventSource(
      new SqsEventSource(this.jobQueue.queue, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(1),
        reportBatchItemFailures: true,
        // Bounds how many executions start at once (each runs up to 4 Polly calls).
        maxConcurrency: 2,
      }),
    );
    // Every job ends: a message that dead-lettered (its StartExecution kept failing) ends its
    // still-queued job failed and releases its hold; one naming no job stays (the alarm).
    fns['dead-letters'].addEventSource(
      new SqsEventSource(this.jobQueue.deadLetterQueue, {
        batchSize: 10,
        maxBatchingWindow: Duration.seconds(1),
        reportBatchItemFailures: true,
        maxConcurrency: 2,
      }),
    );

    grantPipelineAccess(this, {
      functions: fns,
      users: this.tables.users,
      jobs: this.tables.jobs,
      series: this.tables.series,
      feeds: this.tables.feeds,
      pacing: this.tables.pacing,
      audio: this.storage.audio,
      queue: this.jobQueue.queue,
      stateMachine: this.pipeline.stateMachine,
      bedrockModelId: config.bedrockModelId,
    });

    this.auth = new UserAuth(this, 'Auth', { config });
    this.api = new LumcastHttpApi(this, 'Api', { config });
    this.dashboard = new DashboardHosting(this, 'Dashboard', {
      config,
      apiHost: this.api.endpointHost,
      logBucket: this.storage.accessLogs,
      exportDir,
      cognitoOrigin: this.auth.domain.baseUrl(),
      audioOrigin: `https://${this.storage.audio.bucketRegionalDomainName}`,
    });
    const client = this.auth.addDashboardClient(this.dashboard.origin);
    this.api.addAuthorizedRoutes({ userPool: this.auth.userPool, client, handler: fns.api });
    this.api.addPublicFeedRoutes({ handler: fns.api });
    this.api.restrictCorsTo(this.dashboard.origin);
    this.storage.allowBrowserReadsFrom(this.dashboard.origin);
    this.dashboard.deploySite(exportDir, {
      identity: 'cognito',
      region: this.region,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: client.userPoolClientId,
      cognitoDomain: this.auth.domain.baseUrl(),
    });

    this.alarms = new OperationalAlarms(this, 'Alarms', {
      config,
      deadLetterQueue: this.jobQueue.deadLetterQueue,
      stateMachine: this.pipeline.stateMachine,
      callback: fns.callback,
      executionFailureDeadLetterQueue: this.executionFailures.deadLetterQueue,
    });

    acknowledgeCdkProviderFindings(this, this.dashboard.siteBucket);

    new CfnOutput(this, 'DashboardUrl', { value: `${this.dashboard.origin}/` });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: client.userPoolClientId });
    new CfnOutput(this, 'CognitoDomain', { value: this.auth.domain.baseUrl() });
    new CfnOutput(this, 'StateMachineArn', { value: this.pipeline.stateMachine.stateMachineArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: this.alarms.topic.topicArn });
  }
}

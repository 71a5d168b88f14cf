import { Stack, Validations } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { Function } from 'aws-cdk-lib/aws-lambda';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import {
  FUNCTION_ACCESS,
  OBJECT_PREFIXES,
  PIPELINE_TABLES,
  type FunctionAccess,
  type ObjectFamily,
  type PipelineTable,
} from '@lumcast/pipeline';
import { HANDLER_NAMES, type HandlerName } from '../build-outputs';
import { grantInvokeModel } from './bedrock-model';

/** Everything whose access {@link grantPipelineAccess} wires. */
export interface PipelineAccessTargets {
  readonly functions: Readonly<Record<HandlerName, Function>>;
  readonly users: Table;
  readonly jobs: Table;
  readonly series: Table;
  readonly feeds: Table;
  /** The pacing table (`@lumcast/pacing`): only the functions that acquire turns may update it. */
  readonly pacing: Table;
  readonly audio: Bucket;
  readonly queue: IQueue;
  readonly stateMachine: IStateMachine;
  readonly bedrockModelId: string;
}

/**
 * S3 key patterns of the audio bucket, `<prefix>*` for each prefix the pipeline
 * derives from its object keys ({@link OBJECT_PREFIXES}).
 */
export const AUDIO_KEYS: Readonly<Record<ObjectFamily, string>> = Object.freeze({
  chunks: `${OBJECT_PREFIXES.chunks}*`,
  scripts: `${OBJECT_PREFIXES.scripts}*`,
  episodes: `${OBJECT_PREFIXES.episodes}*`,
  sources: `${OBJECT_PREFIXES.sources}*`,
});

const X_RAY_AND_WILDCARD_REASON =
  'X-Ray tracing (xray:PutTraceSegments, PutTelemetryRecords) only accepts Resource "*"; ' +
  'every other statement of this role names its table, bucket prefix, queue or model.';

/**
 * Least privilege, function by function, built from the pipeline's own
 * declaration of what each function's code sends ({@link FUNCTION_ACCESS}):
 * exact actions on the named table, `dynamodb:Query` on each index the function queries by that
 * index's own ARN (`<table ARN>/index/<name>`, no wildcard), `<prefix>*` of the audio bucket, the queue,
 * the state machine, Polly and the one Bedrock model, and nothing else. (The
 * platform adds each function's own log group and X-Ray; the SQS event source
 * adds the consumer's receive permissions.)
 */
export function grantPipelineAccess(scope: Construct, targets: PipelineAccessTargets): void {
  const { functions, audio, queue, stateMachine } = targets;
  const tables: Readonly<Record<PipelineTable, Table>> = {
    users: targets.users,
    jobs: targets.jobs,
    series: targets.series,
    feeds: targets.feeds,
    pacing: targets.pacing,
  };

  for (const name of HANDLER_NAMES) {
    const fn = functions[name];
    const access = FUNCTION_ACCESS[name];
    for (const table of PIPELINE_TABLES) {
      const actions = access.tables[table];
      if (actions === undefined || actions.length === 0) continue;
      Grant.addToPrincipal({
        grantee: fn,
        actions: [...actions],
        resourceArns: [tables[table].tableArn],
      });
    }
    for (const table of PIPELINE_TABLES) {
      const indexes = access.indexQueries?.[table] ?? [];
      if (indexes.length === 0) continue;
      Grant.addToPrincipal({
        grantee: fn,
        actions: ['dynamodb:Query'],
        resourceArns: indexes.map((index) => `${tables[table].tableArn}/index/${index}`),
      });
    }
    for (const family of Object.keys(AUDIO_KEYS) as ObjectFamily[]) {
      const actions = access.objects[family];
      if (actions === undefined || actions.length === 0) continue;
      Grant.addToPrincipal({
        grantee: fn,
        actions: [...actions],
        resourceArns: [audio.arnForObjects(AUDIO_KEYS[family])],
      });
    }
    if (access.bucketListing !== undefined) {
      Grant.addToPrincipal({
        grantee: fn,
        actions: [...access.bucketListing],
        resourceArns: [audio.bucketArn],
      });
    }
    if (access.queue !== undefined) {
      Grant.addToPrincipal({
        grantee: fn,
        actions: [...access.queue],
        resourceArns: [queue.queueArn],
      });
    }
    if (access.stateMachine !== undefined) {
      Grant.addToPrincipal({
        grantee: fn,
        actions: [...access.stateMachine],
        resourceArns: [stateMachine.stateMachineArn],
      });
    }
    if (access.speech !== undefined) {
      Grant.addToPrincipal({ grantee: fn, actions: [...access.speech], resourceArns: ['*'] });
    }
    if (access.model !== undefined) grantInvokeModel(scope, fn, targets.bedrockModelId);
    acknowledgeFindings(scope, fn, audio, access);
  }
}

function acknowledgeFindings(
  scope: Construct,
  fn: Function,
  audio: Bucket,
  access: FunctionAccess,
): void {
  if (fn.role === undefined) return;
  const bucketLogicalId = Stack.of(scope).resolve((audio.node.defaultChild as CfnBucket).logicalId);
  const prefixFinding = (keys: string): string =>
    `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${keys}]`;
  Validations.of(fn.role).acknowledge(
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        access.speech !== undefined
          ? `${X_RAY_AND_WILDCARD_REASON} Polly SynthesizeSpeech has no resource of its own ` +
            '(only lexicons, which Lumcast does not use), so it also needs Resource "*".'
          : X_RAY_AND_WILDCARD_REASON,
    },
    ...(Object.keys(access.objects) as ObjectFamily[]).map((family) => ({
      id: prefixFinding(AUDIO_KEYS[family]),
      reason:
        `Object access is limited to the "${AUDIO_KEYS[family]}" key prefix of the audio bucket: ` +
        'per-user, per-job keys are created at run time, so the prefix is the narrowest fixed scope.',
    })),
  );
}

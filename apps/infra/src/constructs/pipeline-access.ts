import { Stack, Validations } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Grant } from 'aws-cdk-lib/aws-iam';
import type { Function } from 'aws-cdk-lib/aws-lambda';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { HandlerName } from '../build-outputs';
import { grantInvokeModel } from './bedrock-model';

/**
 * Everything whose access {@link grantPipelineAccess} wires.
 *
 * @example
 * ```ts
 * grantPipelineAccess(stack, { functions, users, jobs, series, audio, queue, stateMachine, bedrockModelId });
 * ```
 */
export interface PipelineAccessTargets {
  readonly functions: Readonly<Record<HandlerName, Function>>;
  readonly users: Table;
  readonly jobs: Table;
  readonly series: Table;
  readonly audio: Bucket;
  readonly queue: IQueue;
  readonly stateMachine: IStateMachine;
  readonly bedrockModelId: string;
}

/**
 * S3 key patterns of the audio bucket (pipeline contract).
 *
 * @example
 * ```ts
 * audio.grants.actionsOnObjectKeys(fn, AUDIO_KEYS.episodes, 's3:GetObject');
 * ```
 */
export const AUDIO_KEYS = {
  chunks: 'chunks/*',
  scripts: 'scripts/*',
  episodes: 'episodes/*',
} as const;

const X_RAY_AND_WILDCARD_REASON =
  'X-Ray tracing (xray:PutTraceSegments, PutTelemetryRecords) only accepts Resource "*"; ' +
  'every other statement of this role names its table, bucket prefix, queue or model.';

/**
 * Least privilege, function by function, exactly as the pipeline contract lists
 * what each one touches. Only exact actions (no `*` actions on tables or the
 * bucket); object permissions are limited to their key prefix; only the
 * callback may write the users table (the quota).
 *
 * @example
 * ```ts
 * grantPipelineAccess(stack, { functions, users, jobs, series, audio, queue, stateMachine, bedrockModelId });
 * ```
 */
export function grantPipelineAccess(scope: Construct, targets: PipelineAccessTargets): void {
  const { functions, users, jobs, series, audio, queue, stateMachine } = targets;
  const objects = (fn: Function, keys: string, ...actions: string[]): Grant =>
    audio.grants.actionsOnObjectKeys(fn, keys, ...actions);

  const api = functions.api;
  jobs.grants.actions(api, 'dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:Query');
  users.grants.actions(api, 'dynamodb:GetItem');
  queue.grantSendMessages(api);
  objects(api, AUDIO_KEYS.episodes, 's3:GetObject');

  const consumer = functions['sqs-consumer'];
  users.grants.actions(consumer, 'dynamodb:GetItem');
  jobs.grants.actions(consumer, 'dynamodb:GetItem', 'dynamodb:UpdateItem');
  stateMachine.grantStartExecution(consumer);
  // Consuming the queue is granted by the event source (ReceiveMessage, DeleteMessage, ...).

  const writeScript = functions['write-script'];
  jobs.grants.actions(writeScript, 'dynamodb:GetItem', 'dynamodb:UpdateItem');
  series.grants.actions(writeScript, 'dynamodb:Query');
  objects(writeScript, AUDIO_KEYS.scripts, 's3:PutObject');
  grantInvokeModel(scope, writeScript, targets.bedrockModelId);

  const synthesize = functions.synthesize;
  Grant.addToPrincipal({
    grantee: synthesize,
    actions: ['polly:SynthesizeSpeech'],
    resourceArns: ['*'],
  });
  objects(synthesize, AUDIO_KEYS.chunks, 's3:PutObject');
  jobs.grants.actions(synthesize, 'dynamodb:UpdateItem');

  const assemble = functions.assemble;
  objects(assemble, AUDIO_KEYS.chunks, 's3:GetObject');
  objects(assemble, AUDIO_KEYS.episodes, 's3:PutObject');
  jobs.grants.actions(assemble, 'dynamodb:UpdateItem');

  const callback = functions.callback;
  users.grants.actions(callback, 'dynamodb:GetItem', 'dynamodb:UpdateItem');
  jobs.grants.actions(callback, 'dynamodb:GetItem', 'dynamodb:UpdateItem');
  objects(callback, AUDIO_KEYS.episodes, 's3:DeleteObject');
  series.grants.actions(callback, 'dynamodb:PutItem');

  const bucketLogicalId = Stack.of(scope).resolve((audio.node.defaultChild as CfnBucket).logicalId);
  const prefixFinding = (keys: string): string =>
    `AwsSolutions-IAM5[Resource::<${bucketLogicalId}.Arn>/${keys}]`;
  for (const fn of Object.values(functions)) {
    if (fn.role === undefined) continue;
    Validations.of(fn.role).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          fn === synthesize
            ? `${X_RAY_AND_WILDCARD_REASON} Polly SynthesizeSpeech has no resource of its own ` +
              '(only lexicons, which Lumcast does not use), so it also needs Resource "*".'
            : X_RAY_AND_WILDCARD_REASON,
      },
      ...Object.values(AUDIO_KEYS).map((keys) => ({
        id: prefixFinding(keys),
        reason:
          `Object access is limited to the "${keys}" key prefix of the audio bucket: ` +
          'per-user, per-job keys are created at run time, so the prefix is the narrowest fixed scope.',
      })),
    );
  }
}

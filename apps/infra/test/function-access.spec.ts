import type { CfnElement } from 'aws-cdk-lib';
import {
  FUNCTION_ACCESS,
  OBJECT_PREFIXES,
  PIPELINE_FUNCTIONS,
  type ObjectFamily,
  type PipelineTable,
} from '@lumcast/pipeline';
import { HANDLER_NAMES, type HandlerName } from '../src/build-outputs';
import { EVENT_SOURCE_ACTIONS, permissionsOfRole } from './support/iam';
import { logicalIdOf, synthesizeLumcast, type SynthesizedLumcast } from './support/synthesize';

const FOUNDATION_MODEL = 'anthropic.claude-3-5-haiku-20241022-v1:0';

let synthesized: SynthesizedLumcast;
let names: Record<string, string>;

beforeAll(() => {
  synthesized = synthesizeLumcast({ stage: 'dev', bedrockModelId: FOUNDATION_MODEL });
  const { stack } = synthesized;
  names = {
    [logicalIdOf(stack, stack.tables.users)]: 'users',
    [logicalIdOf(stack, stack.tables.jobs)]: 'jobs',
    [logicalIdOf(stack, stack.tables.series)]: 'series',
    [logicalIdOf(stack, stack.tables.feeds)]: 'feeds',
    [logicalIdOf(stack, stack.tables.pacing)]: 'pacing',
    [logicalIdOf(stack, stack.storage.audio)]: 'audio',
    [logicalIdOf(stack, stack.jobQueue.queue)]: 'queue',
    [logicalIdOf(stack, stack.jobQueue.deadLetterQueue)]: 'deadLetterQueue',
    [logicalIdOf(stack, stack.pipeline.stateMachine)]: 'stateMachine',
    [logicalIdOf(stack, stack.executionFailures.deadLetterQueue)]: 'executionFailureDlq',
  };
});

afterAll(() => synthesized.builds.remove());

/** What the platform adds to every role, whatever the code does: its own logs and X-Ray. */
const PLATFORM: Record<string, string[]> = {
  'own-logs': ['logs:CreateLogStream', 'logs:PutLogEvents'],
  '*': ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'],
};

/**
 * What Lambda's wiring adds to the callback's role: the on-failure destination of its
 * asynchronous invocations (the execution-status rule), the rule's dead-letter queue.
 */
const ASYNC_FAILURE_DESTINATION = { executionFailureDlq: ['sqs:SendMessage'] };

function granted(handler: HandlerName): Record<string, string[]> {
  const { stack, template } = synthesized;
  const fn = stack.functions.byHandler[handler];
  if (fn.role === undefined) throw new Error(`${handler} has no role`);
  const ownLogs = stack.resolve((fn.logGroup.node.defaultChild as CfnElement).logicalId) as string;
  const bedrock = `arn:<partition>:bedrock:<region>::foundation-model/${FOUNDATION_MODEL}`;
  const renderedBedrock = JSON.stringify({
    'Fn::Join': [
      '',
      [
        'arn:',
        { Ref: 'AWS::Partition' },
        ':bedrock:',
        { Ref: 'AWS::Region' },
        `::foundation-model/${FOUNDATION_MODEL}`,
      ],
    ],
  });
  const permissions = permissionsOfRole(template, logicalIdOf(stack, fn.role), {
    ...names,
    [ownLogs]: 'own-logs',
  });
  return Object.fromEntries(
    Object.entries(permissions).map(([label, actions]) => [
      label === renderedBedrock ? bedrock : label,
      actions,
    ]),
  );
}

/** The declaration rendered with the same labels as {@link granted}, plus the platform's part. */
function declared(handler: HandlerName): Record<string, string[]> {
  const access = FUNCTION_ACCESS[handler];
  const expected: Record<string, Set<string>> = {};
  const add = (label: string, actions: readonly string[] = []): void => {
    if (actions.length === 0) return;
    expected[label] ??= new Set();
    for (const action of actions) expected[label].add(action);
  };
  for (const [table, actions] of Object.entries(access.tables)) add(table, actions);
  for (const [table, indexes] of Object.entries(access.indexQueries ?? {})) {
    for (const index of indexes) add(`${table}:index/${index}`, ['dynamodb:Query']);
  }
  for (const [family, actions] of Object.entries(access.objects)) {
    add(`audio:${OBJECT_PREFIXES[family as ObjectFamily]}*`, actions);
  }
  add('audio', access.bucketListing);
  add('queue', access.queue);
  add('stateMachine', access.stateMachine);
  add('*', access.speech);
  add(`arn:<partition>:bedrock:<region>::foundation-model/${FOUNDATION_MODEL}`, access.model);
  for (const [label, actions] of Object.entries(PLATFORM)) add(label, actions);
  if (handler === 'sqs-consumer') add('queue', EVENT_SOURCE_ACTIONS);
  if (handler === 'dead-letters') add('deadLetterQueue', EVENT_SOURCE_ACTIONS);
  if (handler === 'callback') {
    for (const [label, actions] of Object.entries(ASYNC_FAILURE_DESTINATION)) add(label, actions);
  }
  return Object.fromEntries(
    Object.entries(expected).map(([label, actions]) => [label, [...actions].sort()]),
  );
}

describe('the pipeline access declaration', () => {
  it('names exactly the functions the CDK app deploys', () => {
    expect([...PIPELINE_FUNCTIONS].sort()).toEqual([...HANDLER_NAMES].sort());
  });

  it.each([...HANDLER_NAMES])(
    'is what the %s role is granted, and the role holds nothing the declaration does not name but its logs, X-Ray and event wiring',
    (handler) => {
      expect(granted(handler)).toEqual(declared(handler));
    },
  );

  it('names in indexQueries only indexes that the template gives those tables', () => {
    const { stack, template } = synthesized;
    const tables = template.findResources('AWS::DynamoDB::Table');
    for (const handler of HANDLER_NAMES) {
      for (const [table, indexes] of Object.entries(FUNCTION_ACCESS[handler].indexQueries ?? {})) {
        const id = logicalIdOf(stack, stack.tables[table as PipelineTable]);
        const existing = (
          (tables[id]?.['Properties']['GlobalSecondaryIndexes'] ?? []) as { IndexName: string }[]
        ).map((index) => index.IndexName);
        expect({ handler, table, indexes }).toEqual({
          handler,
          table,
          indexes: indexes.filter((index) => existing.includes(index)),
        });
      }
    }
  });

  it('grants the api the job update its undo path sends when SendMessage fails', () => {
    expect(granted('api')['jobs']).toContain('dynamodb:UpdateItem');
    expect(granted('api')['queue']).toEqual(['sqs:SendMessage']);
  });

  it('lets the api (a script for review), assemble and the callback read scripts, and nothing else read or write them but write-script', () => {
    const scripts = `audio:${OBJECT_PREFIXES.scripts}*`;
    const holders = HANDLER_NAMES.filter((handler) => granted(handler)[scripts] !== undefined);
    expect(holders.sort()).toEqual(['api', 'assemble', 'callback', 'write-script']);
    expect(granted('api')[scripts]).toEqual(['s3:GetObject']);
    expect(granted('assemble')[scripts]).toEqual(['s3:GetObject']);
    expect(granted('callback')[scripts]).toEqual(['s3:GetObject']);
  });
});

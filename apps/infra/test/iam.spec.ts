import type { CfnElement } from 'aws-cdk-lib';
import { HANDLER_NAMES, type HandlerName } from '../src/build-outputs';
import { DEFAULT_BEDROCK_MODEL_ID } from '@lumcast/script-generation';
import {
  actionsOf,
  EVENT_SOURCE_ACTIONS,
  permissionsOfRole,
  resourcesOf,
  statementsOfRole,
  type RenderedStatement,
} from './support/iam';
import { logicalIdOf, synthesizeLumcast, type SynthesizedLumcast } from './support/synthesize';

const FOUNDATION_MODEL = 'anthropic.claude-3-5-haiku-20241022-v1:0';

let synthesized: SynthesizedLumcast;
let names: Record<string, string>;

function roleIdOf(handler: HandlerName): string {
  const role = synthesized.stack.functions.byHandler[handler].role;
  if (role === undefined) throw new Error(`${handler} has no role`);
  return logicalIdOf(synthesized.stack, role);
}

function permissionsOf(handler: HandlerName): Record<string, string[]> {
  const fn = synthesized.stack.functions.byHandler[handler];
  const ownLogs = synthesized.stack.resolve(
    (fn.logGroup.node.defaultChild as CfnElement).logicalId,
  ) as string;
  return permissionsOfRole(synthesized.template, roleIdOf(handler), {
    ...names,
    [ownLogs]: 'own-logs',
  });
}

beforeAll(() => {
  // A plain foundation model here; the default (an inference profile) is covered below.
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
  for (const handler of HANDLER_NAMES) {
    names[logicalIdOf(stack, stack.functions.byHandler[handler])] = `fn:${handler}`;
  }
});

afterAll(() => synthesized.builds.remove());

const logs = ['logs:CreateLogStream', 'logs:PutLogEvents'];
const xray = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];

describe('function roles', () => {
  it("give the api function exactly what the contract lists (the quota reservation, the job update and release of its undo path, the feeds, reading a job's script and storing its edited versions, and a series' host profiles)", () => {
    expect(permissionsOf('api')).toEqual({
      jobs: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
      'jobs:index/series-episodes': ['dynamodb:Query'],
      users: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
      feeds: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
      'feeds:index/user-feeds': ['dynamodb:Query'],
      series: ['dynamodb:GetItem', 'dynamodb:PutItem'],
      queue: ['sqs:SendMessage'],
      'audio:episodes/*': ['s3:GetObject'],
      'audio:scripts/*': ['s3:GetObject', 's3:PutObject'],
      'audio:sources/*': ['s3:PutObject'],
      'own-logs': logs,
      '*': xray,
    });
  });

  it('give the sqs-consumer the queue, a job read and StartExecution, and no quota access', () => {
    expect(permissionsOf('sqs-consumer')).toEqual({
      jobs: ['dynamodb:GetItem'],
      stateMachine: ['states:StartExecution'],
      queue: EVENT_SOURCE_ACTIONS,
      'own-logs': logs,
      '*': xray,
    });
  });

  it('give the dead-letters function its queue, a job read and update, and the quota release, nothing else', () => {
    expect(permissionsOf('dead-letters')).toEqual({
      jobs: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      users: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
      deadLetterQueue: EVENT_SOURCE_ACTIONS,
      'own-logs': logs,
      '*': xray,
    });
  });

  it('give write-script the jobs, a series query, script objects and InvokeModel on the one model', () => {
    const permissions = permissionsOf('write-script');
    const bedrock = Object.keys(permissions).filter((label) => label.includes('bedrock'));
    expect(bedrock).toHaveLength(1);
    expect(bedrock[0]).toBe(
      JSON.stringify({
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
      }),
    );
    expect(permissions).toEqual({
      jobs: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      series: ['dynamodb:Query'],
      // Its turn at the model's requests per minute, shared by every container.
      pacing: ['dynamodb:UpdateItem'],
      'audio:scripts/*': ['s3:GetObject', 's3:PutObject'],
      'audio:sources/*': ['s3:GetObject'],
      // So a source never uploaded is S3's 404, not a 403 (S3 hides missing keys without it).
      audio: ['s3:ListBucket'],
      [bedrock[0] ?? 'missing']: ['bedrock:InvokeModel'],
      'own-logs': logs,
      '*': xray,
    });
  });

  it("give synthesize Polly SynthesizeSpeech only, chunk objects (a render's under episodes), job progress and its turn at Polly", () => {
    expect(permissionsOf('synthesize')).toEqual({
      'audio:chunks/*': ['s3:PutObject'],
      'audio:episodes/*': ['s3:PutObject'],
      jobs: ['dynamodb:UpdateItem'],
      pacing: ['dynamodb:UpdateItem'],
      'own-logs': logs,
      '*': ['polly:SynthesizeSpeech', ...xray],
    });
  });

  it("give assemble script and chunk reads, episode writes (and a render's chunk reads) and job status", () => {
    expect(permissionsOf('assemble')).toEqual({
      'audio:scripts/*': ['s3:GetObject'],
      'audio:chunks/*': ['s3:GetObject'],
      'audio:episodes/*': ['s3:GetObject', 's3:PutObject'],
      jobs: ['dynamodb:UpdateItem'],
      'own-logs': logs,
      '*': xray,
    });
  });

  it('give the callback the users table (the quota), jobs, script reads, episode deletes and series writes', () => {
    expect(permissionsOf('callback')).toEqual({
      'audio:scripts/*': ['s3:GetObject'],
      executionFailureDlq: ['sqs:SendMessage'],
      users: [
        'dynamodb:ConditionCheckItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ],
      jobs: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      'audio:episodes/*': ['s3:DeleteObject'],
      series: ['dynamodb:PutItem'],
      'own-logs': logs,
      '*': xray,
    });
  });
});

describe('least privilege across the whole template', () => {
  const tableAndBucketPrefixes = ['dynamodb:', 's3:'];

  it('has no wildcard action on any table or bucket in a Lumcast function role', () => {
    for (const handler of HANDLER_NAMES) {
      for (const statement of statementsOfRole(synthesized.template, roleIdOf(handler))) {
        for (const action of actionsOf(statement)) {
          if (tableAndBucketPrefixes.some((prefix) => action.startsWith(prefix))) {
            expect(`${handler}: ${action}`).not.toContain('*');
          }
        }
      }
    }
  });

  it('lets only the api (which reserves), the callback (which settles and releases) and the dead-letters function (which releases) write the users table', () => {
    const usersId = Object.entries(names).find(([, name]) => name === 'users')?.[0];
    const writers = new Set<string>();
    const policies = synthesized.template.findResources('AWS::IAM::Policy');
    for (const [policyId, policy] of Object.entries(policies)) {
      for (const statement of policy['Properties']['PolicyDocument']['Statement']) {
        const onUsers = resourcesOf(statement).some((resource) =>
          JSON.stringify(resource).includes(`"${usersId}"`),
        );
        const writes = actionsOf(statement).some((action) =>
          /^dynamodb:(UpdateItem|PutItem|DeleteItem|BatchWriteItem|\*)$/.test(action),
        );
        if (onUsers && writes) writers.add(policyId);
      }
    }
    const roles = [...writers].flatMap(
      (policyId) => policies[policyId]?.['Properties']['Roles'] as unknown[],
    );
    expect(roles).toHaveLength(3);
    expect(roles).toEqual(
      expect.arrayContaining([
        { Ref: roleIdOf('api') },
        { Ref: roleIdOf('callback') },
        { Ref: roleIdOf('dead-letters') },
      ]),
    );
  });

  it('lets only the api Query an index, and only the series-episodes and user-feeds indexes, each by its exact ARN', () => {
    const { stack } = synthesized;
    const arnOfIndex = (table: 'jobs' | 'feeds', index: string): unknown => ({
      'Fn::Join': [
        '',
        [{ 'Fn::GetAtt': [logicalIdOf(stack, stack.tables[table]), 'Arn'] }, `/index/${index}`],
      ],
    });
    const policies = synthesized.template.findResources('AWS::IAM::Policy');
    const onIndexes = Object.values(policies).flatMap((policy) =>
      (policy['Properties']['PolicyDocument']['Statement'] as RenderedStatement[]).flatMap(
        (statement) =>
          resourcesOf(statement)
            .filter((resource) => JSON.stringify(resource).includes('/index'))
            .map((resource) => ({
              roles: policy['Properties']['Roles'] as unknown[],
              actions: actionsOf(statement),
              resource,
            })),
      ),
    );
    const api = [{ Ref: roleIdOf('api') }];
    expect(onIndexes).toHaveLength(2);
    expect(onIndexes).toEqual(
      expect.arrayContaining([
        {
          roles: api,
          actions: ['dynamodb:Query'],
          resource: arnOfIndex('jobs', 'series-episodes'),
        },
        { roles: api, actions: ['dynamodb:Query'], resource: arnOfIndex('feeds', 'user-feeds') },
      ]),
    );
    expect(JSON.stringify(policies)).not.toMatch(/\/index\/?\*/);
  });

  it('lets only the api reach the feeds table', () => {
    const feedsId = logicalIdOf(synthesized.stack, synthesized.stack.tables.feeds);
    const policies = synthesized.template.findResources('AWS::IAM::Policy');
    const holders = Object.values(policies)
      .filter((policy) =>
        (policy['Properties']['PolicyDocument']['Statement'] as RenderedStatement[]).some(
          (statement) =>
            resourcesOf(statement).some((resource) =>
              JSON.stringify(resource).includes(`"${feedsId}"`),
            ),
        ),
      )
      .flatMap((policy) => policy['Properties']['Roles'] as unknown[]);
    expect(holders).toEqual([{ Ref: roleIdOf('api') }]);
  });

  it('grants Bedrock and Polly to no function but write-script and synthesize', () => {
    for (const handler of HANDLER_NAMES) {
      const actions = statementsOfRole(synthesized.template, roleIdOf(handler)).flatMap(actionsOf);
      const bedrock = actions.filter((action) => action.startsWith('bedrock:'));
      const polly = actions.filter((action) => action.startsWith('polly:'));
      expect({ handler, bedrock }).toEqual({
        handler,
        bedrock: handler === 'write-script' ? ['bedrock:InvokeModel'] : [],
      });
      expect({ handler, polly }).toEqual({
        handler,
        polly: handler === 'synthesize' ? ['polly:SynthesizeSpeech'] : [],
      });
    }
  });

  it('lets the state machine invoke exactly the four pipeline functions', () => {
    const role = synthesized.stack.pipeline.stateMachine.role;
    const permissions = permissionsOfRole(
      synthesized.template,
      logicalIdOf(synthesized.stack, role),
      names,
    );
    const invocable = Object.entries(permissions)
      .filter(([, actions]) => actions.includes('lambda:InvokeFunction'))
      .map(([label]) => label)
      .sort();
    expect(invocable).toEqual(['fn:assemble', 'fn:callback', 'fn:synthesize', 'fn:write-script']);
  });
});

describe('Bedrock model grants', () => {
  it("scope the default (the script writer's global inference profile) to that profile and its model", () => {
    const profiled = synthesizeLumcast({ stage: 'dev' });
    try {
      const role = profiled.stack.functions.byHandler['write-script'].role;
      if (role === undefined) throw new Error('write-script has no role');
      const statements = statementsOfRole(
        profiled.template,
        logicalIdOf(profiled.stack, role),
      ).filter((statement) => actionsOf(statement).includes('bedrock:InvokeModel'));
      const rendered = JSON.stringify(statements);
      const underlying = DEFAULT_BEDROCK_MODEL_ID.replace(/^global\./, '');
      expect(DEFAULT_BEDROCK_MODEL_ID).toMatch(/^global\./);
      expect(statements).toHaveLength(2);
      expect(rendered).toContain(`:inference-profile/${DEFAULT_BEDROCK_MODEL_ID}`);
      expect(rendered).toContain(`:bedrock:*::foundation-model/${underlying}`);
      expect(statements[1]?.Condition).toEqual({
        StringEquals: {
          'bedrock:InferenceProfileArn': resourcesOf(statements[0] as RenderedStatement)[0],
        },
      });
      const env = JSON.stringify(
        profiled.template.findResources('AWS::Lambda::Function')[
          logicalIdOf(profiled.stack, profiled.stack.functions.byHandler['write-script'])
        ],
      );
      expect(env).toContain(`"LUMCAST_BEDROCK_MODEL_ID":"${DEFAULT_BEDROCK_MODEL_ID}"`);
    } finally {
      profiled.builds.remove();
    }
  });
});

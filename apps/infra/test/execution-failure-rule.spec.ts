import { UNSUCCESSFUL_EXECUTION_STATUSES } from '@lumcast/pipeline';
import { logicalIdOf, synthesizeLumcast, type SynthesizedLumcast } from './support/synthesize';

let dev: SynthesizedLumcast;
let ids: { rule: string; dlq: string; callback: string; stateMachine: string };

beforeAll(() => {
  dev = synthesizeLumcast({ stage: 'dev' });
  const { stack } = dev;
  ids = {
    rule: logicalIdOf(stack, stack.executionFailures.rule),
    dlq: logicalIdOf(stack, stack.executionFailures.deadLetterQueue),
    callback: logicalIdOf(stack, stack.functions.byHandler.callback),
    stateMachine: logicalIdOf(stack, stack.pipeline.stateMachine),
  };
});
afterAll(() => dev.builds.remove());

function resource(type: string, logicalId: string): Record<string, unknown> {
  const found = dev.template.findResources(type)[logicalId];
  if (found === undefined) throw new Error(`no ${type} ${logicalId}`);
  return found['Properties'] as Record<string, unknown>;
}

describe('the execution-status rule', () => {
  it("matches this state machine's FAILED, TIMED_OUT and ABORTED executions only", () => {
    expect(resource('AWS::Events::Rule', ids.rule)['EventPattern']).toEqual({
      source: ['aws.states'],
      'detail-type': ['Step Functions Execution Status Change'],
      detail: {
        stateMachineArn: [{ Ref: ids.stateMachine }],
        status: ['FAILED', 'TIMED_OUT', 'ABORTED'],
      },
    });
    expect([...UNSUCCESSFUL_EXECUTION_STATUSES]).toEqual(['FAILED', 'TIMED_OUT', 'ABORTED']);
    expect(resource('AWS::Events::Rule', ids.rule)['State']).toBe('ENABLED');
  });

  it('targets the callback with its own retry policy and dead-letter queue, passing the event whole', () => {
    const targets = resource('AWS::Events::Rule', ids.rule)['Targets'] as Record<string, unknown>[];
    expect(targets).toHaveLength(1);
    expect(targets[0]).toEqual({
      Id: expect.any(String),
      Arn: { 'Fn::GetAtt': [ids.callback, 'Arn'] },
      RetryPolicy: { MaximumEventAgeInSeconds: 86_400, MaximumRetryAttempts: 185 },
      DeadLetterConfig: { Arn: { 'Fn::GetAtt': [ids.dlq, 'Arn'] } },
    });
  });

  it('lets only this rule invoke the callback through EventBridge', () => {
    dev.template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [ids.callback, 'Arn'] },
      Principal: 'events.amazonaws.com',
      SourceArn: { 'Fn::GetAtt': [ids.rule, 'Arn'] },
    });
  });

  it("retries the callback's failed asynchronous invocations, then sends the event to the same queue", () => {
    const configs = Object.values(dev.template.findResources('AWS::Lambda::EventInvokeConfig'));
    expect(configs).toHaveLength(1);
    expect(configs[0]?.['Properties']).toEqual({
      FunctionName: { Ref: ids.callback },
      Qualifier: '$LATEST',
      MaximumEventAgeInSeconds: 21_600,
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [ids.dlq, 'Arn'] } } },
    });
  });

  it('has an encrypted, TLS-only dead-letter queue that only this rule may send to from EventBridge', () => {
    expect(resource('AWS::SQS::Queue', ids.dlq)).toEqual(
      expect.objectContaining({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 1_209_600 }),
    );
    const policies = Object.values(dev.template.findResources('AWS::SQS::QueuePolicy')).filter(
      (policy) => JSON.stringify(policy['Properties']['Queues']).includes(ids.dlq),
    );
    expect(policies).toHaveLength(1);
    const statements = policies[0]?.['Properties']['PolicyDocument']['Statement'] as Record<
      string,
      unknown
    >[];
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Deny',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
        expect.objectContaining({
          Effect: 'Allow',
          Action: 'sqs:SendMessage',
          Principal: { Service: 'events.amazonaws.com' },
          Condition: { ArnEquals: { 'aws:SourceArn': { 'Fn::GetAtt': [ids.rule, 'Arn'] } } },
        }),
      ]),
    );
    expect(statements).toHaveLength(2);
  });
});

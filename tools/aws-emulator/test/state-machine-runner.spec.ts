import { EventRules } from '../src/events/event-rules';
import type { InvocationResult } from '../src/lambda/lambda-runtime';
import {
  StateMachineRunner,
  scaleDefinition,
  type ExecutionStatusChangeEvent,
} from '../src/sfn/state-machine-runner';
import type { EventRuleSpec, StateMachineSpec } from '../src/template/synthesized-app';

const fn = (name: string) => `arn:aws:lambda:us-east-1:000000000000:function:${name}`;
const stateMachineArn = 'arn:aws:states:us-east-1:000000000000:stateMachine:Pipeline';
const spec = (definition: unknown): StateMachineSpec => ({
  logicalId: 'Pipeline',
  stateMachineArn,
  name: 'Pipeline',
  definition,
  roleLogicalId: 'Role',
  roleArn: 'arn:aws:iam::000000000000:role/sfn',
  type: 'STANDARD',
});
const definition = {
  StartAt: 'Work',
  TimeoutSeconds: 20,
  States: {
    Work: {
      Type: 'Task',
      Resource: fn('work'),
      Retry: [
        { ErrorEquals: ['Lambda.TooManyRequestsException'], IntervalSeconds: 10, MaxAttempts: 2 },
      ],
      Catch: [{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'Failed' }],
      End: true,
    },
    Failed: { Type: 'Task', Resource: fn('report'), End: true },
  },
};

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function runnerWith(
  invoke: (arn: string, input: unknown, executionArn: string) => Promise<InvocationResult>,
  timeScale = 0.01,
) {
  const events: ExecutionStatusChangeEvent[] = [];
  const load = StateMachineRunner.load({
    stateMachine: spec(definition),
    invoke,
    timeScale,
    onStatusChange: (e) => events.push(e),
  });
  return { load, events };
}

describe('scaleDefinition', () => {
  it('scales every time field, nested ones too, and nothing else', () => {
    expect(
      scaleDefinition(
        {
          TimeoutSeconds: 100,
          States: {
            A: { Type: 'Wait', Seconds: 10, Next: 'B' },
            B: {
              Type: 'Task',
              Retry: [{ IntervalSeconds: 2, MaxDelaySeconds: 60, MaxAttempts: 3 }],
            },
          },
        },
        0.5,
      ),
    ).toEqual({
      TimeoutSeconds: 50,
      States: {
        A: { Type: 'Wait', Seconds: 5, Next: 'B' },
        B: { Type: 'Task', Retry: [{ IntervalSeconds: 1, MaxDelaySeconds: 30, MaxAttempts: 3 }] },
      },
    });
  });
});

describe('StateMachineRunner', () => {
  it('invokes each Task for the execution that runs it', async () => {
    const callers: [unknown, string][] = [];
    const { load } = runnerWith(async (_arn, input, executionArn) => {
      callers.push([input, executionArn]);
      return { payload: 'done' };
    });
    const runner = await load;
    for (const name of ['job-a', 'job-b'])
      await runner.handle('StartExecution', { stateMachineArn, name, input: `{"n":"${name}"}` });
    await runner.idle();
    const execution = (name: string) =>
      `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    expect(callers).toEqual(
      expect.arrayContaining([
        [{ n: 'job-a' }, execution('job-a')],
        [{ n: 'job-b' }, execution('job-b')],
      ]),
    );
    expect(callers).toHaveLength(2);
  });

  it('surfaces a function error as Step Functions does: errorType as Error, the JSON payload as Cause', async () => {
    const seen: unknown[] = [];
    const { load, events } = runnerWith(async (arn, input) => {
      if (arn === fn('work'))
        return {
          payload: { errorType: 'AccessDenied', errorMessage: 'no s3:GetObject', trace: [] },
          functionError: 'Unhandled',
        };
      seen.push(input);
      return { payload: 'reported' };
    });
    const runner = await load;
    await runner.handle('StartExecution', {
      stateMachineArn,
      name: 'job-1',
      input: '{"jobId":"job-1"}',
    });
    await runner.idle();
    expect(seen).toEqual([
      {
        jobId: 'job-1',
        error: {
          Error: 'AccessDenied',
          Cause: JSON.stringify({
            errorType: 'AccessDenied',
            errorMessage: 'no s3:GetObject',
            trace: [],
          }),
        },
      },
    ]);
    expect(events.map((e) => e.detail.status)).toEqual(['RUNNING', 'SUCCEEDED']);
  });

  it('maps a throttled invocation to Lambda.TooManyRequestsException, which the Retry covers', async () => {
    let calls = 0;
    const runner = await runnerWith(async (arn) => {
      if (arn === fn('work') && (calls += 1) === 1)
        throw Object.assign(new Error('Rate Exceeded'), { name: 'TooManyRequestsException' });
      return { payload: { done: true } };
    }).load;
    const { executionArn } = (await runner.handle('StartExecution', {
      stateMachineArn,
      name: 'job-2',
      input: '{}',
    })) as { executionArn: string };
    await runner.idle();
    expect(calls).toBe(2);
    expect(await runner.handle('DescribeExecution', { executionArn })).toMatchObject({
      status: 'SUCCEEDED',
      output: '{"done":true}',
    });
  });

  it('refuses a second StartExecution with a known name as ExecutionAlreadyExists', async () => {
    const runner = await runnerWith(async () => ({ payload: {} })).load;
    await runner.handle('StartExecution', { stateMachineArn, name: 'job-3', input: '{}' });
    await runner.idle();
    await expect(
      runner.handle('StartExecution', { stateMachineArn, name: 'job-3', input: '{}' }),
    ).rejects.toMatchObject({ name: 'ExecutionAlreadyExists' });
  });

  it('ends a stopped execution ABORTED and an execution past the definition TimeoutSeconds TIMED_OUT, with status events', async () => {
    const { load, events } = runnerWith(
      () => new Promise((resolve) => setTimeout(() => resolve({ payload: 'late' }), 2_000)),
    );
    const runner = await load;
    const { executionArn } = (await runner.handle('StartExecution', {
      stateMachineArn,
      name: 'job-4',
      input: '{}',
    })) as { executionArn: string };
    await runner.handle('StopExecution', { executionArn, error: 'Stopped', cause: 'test' });
    await until(() =>
      events.some((e) => e.detail.name === 'job-4' && e.detail.status === 'ABORTED'),
    );
    await runner.handle('StartExecution', { stateMachineArn, name: 'job-5', input: '{}' });
    await until(() =>
      events.some((e) => e.detail.name === 'job-5' && e.detail.status === 'TIMED_OUT'),
    );
    expect(events.find((e) => e.detail.status === 'TIMED_OUT')).toMatchObject({
      source: 'aws.states',
      'detail-type': 'Step Functions Execution Status Change',
      detail: { stateMachineArn, error: 'States.Timeout' },
    });
  });
});

describe('EventRules', () => {
  const rule: EventRuleSpec = {
    logicalId: 'Finish',
    state: 'ENABLED',
    eventPattern: {
      source: ['aws.states'],
      'detail-type': ['Step Functions Execution Status Change'],
      detail: { status: ['FAILED', 'TIMED_OUT', 'ABORTED'], stateMachineArn: [stateMachineArn] },
    },
    targets: [
      {
        functionLogicalId: 'Callback',
        retryAttempts: 2,
        maximumEventAgeSeconds: 3600,
        deadLetterQueueLogicalId: 'RuleDlq',
      },
    ],
    otherTargetArns: [],
  };
  const event = (status: string) => ({
    id: status,
    source: 'aws.states',
    'detail-type': 'Step Functions Execution Status Change',
    detail: { status, stateMachineArn },
  });

  it('invokes the target only for the statuses the pattern names', async () => {
    const invoked: unknown[] = [];
    const bus = new EventRules({
      rules: [rule],
      timeScale: 0.001,
      invoke: async (_id, e) => (invoked.push(e), { payload: null }),
      sendToDeadLetterQueue: async () => undefined,
    });
    for (const status of ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'])
      bus.put(event(status));
    await bus.idle();
    expect(invoked.map((e) => (e as { id: string }).id)).toEqual([
      'FAILED',
      'TIMED_OUT',
      'ABORTED',
    ]);
  });

  it('retries a refused delivery by the retry policy, then sends the event to the dead-letter queue', async () => {
    const dead: string[] = [];
    let attempts = 0;
    const bus = new EventRules({
      rules: [rule],
      timeScale: 0.001,
      invoke: async () => {
        attempts += 1;
        throw Object.assign(new Error('throttled'), { name: 'TooManyRequestsException' });
      },
      sendToDeadLetterQueue: async (queue, body) =>
        void dead.push(`${queue}:${JSON.parse(body).id}`),
    });
    bus.put(event('FAILED'));
    await bus.idle();
    expect(attempts).toBe(3);
    expect(dead).toEqual(['RuleDlq:FAILED']);
    expect(bus.deliveries).toEqual([
      expect.objectContaining({
        outcome: 'dead-lettered',
        attempts: 3,
        errorType: 'TooManyRequestsException',
      }),
    ]);
  });
});

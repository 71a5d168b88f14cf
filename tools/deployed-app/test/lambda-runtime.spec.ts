import { LambdaRuntime } from '../lambda-runtime';
import { bundles } from './support';

const fixture = bundles(
  {
    env: `export const handler = async (_e, ctx) => ({ greeting: process.env.GREETING, name: process.env.AWS_LAMBDA_FUNCTION_NAME, memory: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE, region: process.env.AWS_REGION, key: process.env.AWS_ACCESS_KEY_ID, remaining: ctx.getRemainingTimeInMillis() > 0 });`,
    boom: `export const handler = async () => { const e = new Error('bad input'); e.name = 'ScriptRejectedError'; throw e; };`,
    slow: `export const handler = () => new Promise((r) => setTimeout(() => r('late'), 60_000));`,
    counter: `let n = 0; export const handler = async () => ++n;`,
    wait: `export const handler = (e) => new Promise((r) => setTimeout(() => r(e), e.ms));`,
    slowInit: `await new Promise((r) => setTimeout(r, 1500)); export const handler = async () => 'ready';`,
  },
  {
    slow: { timeoutSeconds: 2 },
    wait: { reservedConcurrency: 1 },
    slowInit: { timeoutSeconds: 1 },
  },
);
const runtime = new LambdaRuntime({
  functions: fixture.functions,
  runEnvironment: () => ({ AWS_ACCESS_KEY_ID: 'AKIDLOCAL' }),
  timeScale: 0.25,
});

afterAll(async () => {
  await runtime.stop();
  fixture.cleanup();
});

describe('LambdaRuntime', () => {
  it('runs a bundle with the template environment plus what Lambda sets', async () => {
    const answer = await runtime.invoke('env', {});
    expect(answer.functionError).toBeUndefined();
    expect(answer.payload).toEqual({
      greeting: 'hello',
      name: 'local-env',
      memory: '128',
      region: 'us-east-1',
      key: 'AKIDLOCAL',
      remaining: true,
    });
  });

  it('answers a thrown error as Lambda does, with FunctionError Unhandled', async () => {
    const answer = await runtime.invoke(
      'arn:aws:lambda:us-east-1:000000000000:function:local-boom',
      {},
    );
    expect(answer.functionError).toBe('Unhandled');
    expect(answer.payload).toMatchObject({
      errorType: 'ScriptRejectedError',
      errorMessage: 'bad input',
    });
    expect((answer.payload as { trace: string[] }).trace.length).toBeGreaterThan(0);
  });

  it('does not count INIT (the bundle import) in the timeout, as Lambda does not', async () => {
    const answer = await runtime.invoke('slowInit', {});
    expect(answer).toEqual({ payload: 'ready' });
  });

  it('fails a run past the (scaled) timeout as Sandbox.Timedout, naming the template timeout', async () => {
    const answer = await runtime.invoke('slow', {});
    expect(answer).toEqual({
      functionError: 'Unhandled',
      payload: {
        errorType: 'Sandbox.Timedout',
        errorMessage: 'Task timed out after 2.00 seconds',
        trace: [],
      },
    });
  });

  it('reuses a warm container between invocations', async () => {
    const first = await runtime.invoke('counter', {});
    const second = await runtime.invoke('counter', {});
    expect([first.payload, second.payload]).toEqual([1, 2]);
  });

  it('throttles an invocation past the reserved concurrency', async () => {
    const running = runtime.invoke('wait', { ms: 300 });
    await expect(runtime.invoke('wait', { ms: 1 })).rejects.toMatchObject({
      name: 'TooManyRequestsException',
    });
    await expect(running).resolves.toEqual({ payload: { ms: 300 } });
  });

  it('refuses an unknown function', async () => {
    await expect(runtime.invoke('nope', {})).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });
});

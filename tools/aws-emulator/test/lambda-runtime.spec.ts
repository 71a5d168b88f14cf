import { availableParallelism } from 'node:os';
import { RuntimeMismatchError } from '../src/errors';
import { assertNodeRuntime, LambdaRuntime } from '../src/lambda/lambda-runtime';
import { bundles } from './support';

const fixture = bundles(
  {
    env: `export const handler = async (_e, ctx) => ({ greeting: process.env.GREETING, name: process.env.AWS_LAMBDA_FUNCTION_NAME, memory: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE, region: process.env.AWS_REGION, key: process.env.AWS_ACCESS_KEY_ID, remaining: ctx.getRemainingTimeInMillis() > 0 });`,
    boom: `export const handler = async () => { const e = new Error('bad input'); e.name = 'ScriptRejectedError'; throw e; };`,
    slow: `export const handler = () => new Promise((r) => setTimeout(() => r('late'), 60_000));`,
    counter: `let n = 0; export const handler = async () => ++n;`,
    wait: `export const handler = (e) => new Promise((r) => setTimeout(() => r(e), e.ms));`,
    nap: `export const handler = (e) => new Promise((r) => setTimeout(() => r(e), e.ms));`,
    slowInit: `await new Promise((r) => setTimeout(r, 1500)); export const handler = async () => 'ready';`,
    spin: `export const handler = async (e) => { let x = 0; for (let i = 0; i < e.n; i++) x += Math.sqrt(i); return x > 0; };`,
  },
  {
    slow: { timeoutSeconds: 2 },
    wait: { reservedConcurrency: 1 },
    slowInit: { timeoutSeconds: 1 },
    spin: { timeoutSeconds: 2 },
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

  it("counts a crowded container's time on its own clock, so queueing for this machine's cores is no timeout", async () => {
    // Calibrate: iterations for about 1 s of one core, on this machine, now.
    const probe = 20_000_000;
    await runtime.invoke('spin', { n: probe });
    const probeMs = Math.max(1, runtime.invocations.at(-1)!.durationMs);
    const oneSecond = Math.round((probe * 1000) / probeMs);
    // 8 per core at once: each needs ~1 s of CPU, so each takes several seconds of wall-clock
    // time, past the 2 s timeout, as 40 cold api containers on two cores did in the load test.
    const crowd = 8 * availableParallelism();
    const before = runtime.invocations.length;
    const answers = await Promise.all(
      Array.from({ length: crowd }, () => runtime.invoke('spin', { n: oneSecond })),
    );
    expect(answers).toEqual(answers.map(() => ({ payload: true })));
    const longest = Math.max(...runtime.invocations.slice(before).map((i) => i.durationMs));
    expect(longest).toBeGreaterThan(2000);
  });

  it('records Duration on every invocation and Init Duration on a cold start only, as the REPORT line does', async () => {
    const before = runtime.invocations.length;
    await runtime.invoke('wait', { ms: 50 });
    await runtime.invoke('wait', { ms: 50 });
    const [cold, warm] = runtime.invocations.slice(before);
    expect(cold!.durationMs).toBeGreaterThanOrEqual(45);
    expect(cold!.initDurationMs).toBeGreaterThanOrEqual(0);
    expect(warm!.durationMs).toBeGreaterThanOrEqual(45);
    expect(warm).not.toHaveProperty('initDurationMs');
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

  it('runs at most maxContainersOf(fn) containers of a function at once, the rest waiting in order, none timed out', async () => {
    const crowded = new LambdaRuntime({
      functions: fixture.functions,
      timeScale: 0.25,
      maxContainersOf: (fn) => (fn.logicalId === 'nap' ? 2 : undefined),
    });
    try {
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => crowded.invoke('nap', { ms: 300 + i })),
      );
      // Six 300 ms runs, two at a time: three rounds, never one.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(answers).toEqual(Array.from({ length: 6 }, (_, i) => ({ payload: { ms: 300 + i } })));
    } finally {
      await crowded.stop();
    }
  });

  it('gives the next free container to the caller served least, not to the longest backlog', async () => {
    const crowded = new LambdaRuntime({
      functions: fixture.functions,
      timeScale: 0.25,
      maxContainersOf: (fn) => (fn.logicalId === 'nap' ? 1 : undefined),
    });
    try {
      const answered: string[] = [];
      const nap = (caller: string) =>
        crowded.invoke('nap', { ms: 100 }, { caller }).then(() => answered.push(caller));
      await nap('long');
      const backlog = [nap('long'), nap('long'), nap('long')];
      await new Promise((resolve) => setTimeout(resolve, 20));
      await Promise.all([...backlog, nap('short')]);
      expect(answered).toEqual(['long', 'long', 'short', 'long', 'long']);
    } finally {
      await crowded.stop();
    }
  });

  it('refuses an unknown function', async () => {
    await expect(runtime.invoke('nope', {})).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });
});

describe('assertNodeRuntime', () => {
  const fn = (runtime: string) => ({ functionName: 'api', runtime });

  it("accepts a function whose runtime is this Node's major", () => {
    expect(() => assertNodeRuntime([fn('nodejs24.x')], '24.22.3')).not.toThrow();
    expect(() => assertNodeRuntime([fn('nodejs22.x')], 'v22.23.5')).not.toThrow();
    expect(() =>
      assertNodeRuntime([fn(`nodejs${process.versions.node.split('.')[0]}.x`)]),
    ).not.toThrow();
  });

  it('refuses another major with a RuntimeMismatchError naming the function and both versions', () => {
    const refusal = (() => {
      try {
        assertNodeRuntime(
          [fn('nodejs24.x'), { functionName: 'assemble', runtime: 'nodejs22.x' }],
          '24.22.3',
        );
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(RuntimeMismatchError);
    expect(refusal).toMatchObject({
      name: 'RuntimeMismatchError',
      runtime: 'nodejs22.x',
      nodeVersion: '24.22.3',
    });
    expect((refusal as Error).message).toMatch(/assemble runs on nodejs22\.x.*Node\.js 24\.22\.3/s);
    expect(() => assertNodeRuntime([fn('nodejs20.x')], '20.20.2')).not.toThrow();
    expect(() => assertNodeRuntime([fn('nodejs2.x')], '24.22.3')).toThrow(RuntimeMismatchError);
  });

  it('refuses a runtime that is not Node.js', () => {
    expect(() => assertNodeRuntime([fn('python3.13')], '24.22.3')).toThrow(
      /api has runtime "python3.13", which is no Node\.js runtime/,
    );
  });

  it('is checked when a LambdaRuntime is made, before any container starts', () => {
    const other = Number(process.versions.node.split('.')[0]) - 2;
    const functions = fixture.functions.map((fn) => ({ ...fn, runtime: `nodejs${other}.x` }));
    expect(() => new LambdaRuntime({ functions })).toThrow(RuntimeMismatchError);
  });
});

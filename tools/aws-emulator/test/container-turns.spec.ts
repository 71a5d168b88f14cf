import { ContainerTurns } from '../src/lambda/container-turns';
import type { FunctionSpec } from '../src/template/synthesized-app';

const fn = (logicalId: string) => ({ logicalId }) as FunctionSpec;
const synthesize = fn('Synthesize');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A turn taker that records, in order, the callers granted a turn, each holding it `holdMs`. */
function recordingTaker(turns: ContainerTurns) {
  const granted: string[] = [];
  const take = async (caller: string, holdMs: number) => {
    const release = await turns.take(synthesize, caller);
    granted.push(caller);
    await sleep(holdMs);
    release();
  };
  return { granted, take };
}

describe('ContainerTurns', () => {
  it('never makes a function without a maximum wait', async () => {
    const turns = new ContainerTurns(() => undefined);
    const releases = await Promise.all(
      Array.from({ length: 50 }, () => turns.take(synthesize, 'x')),
    );
    expect(releases).toHaveLength(50);
  });

  it('runs at most the maximum at once', async () => {
    const turns = new ContainerTurns(() => 2);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const release = await turns.take(synthesize, `caller-${i % 3}`);
        running += 1;
        most = Math.max(most, running);
        await sleep(5);
        running -= 1;
        release();
      }),
    );
    expect(most).toBe(2);
  });

  it('serves invocations naming no caller in the order they asked', async () => {
    const turns = new ContainerTurns(() => 1);
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, async (_, i) => {
        const release = await turns.take(synthesize);
        order.push(i);
        await sleep(2);
        release();
      }),
    );
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives a caller that has had no container time the next turn before a long backlog', async () => {
    const turns = new ContainerTurns(() => 1);
    const { granted, take } = recordingTaker(turns);
    // A long job has held the container once, holds it again and queues two more; a short job
    // then asks twice.
    await take('long', 20);
    const pending = ['long', 'long', 'long'].map((caller) => take(caller, 10));
    await sleep(1);
    pending.push(take('short', 10), take('short', 10));
    await Promise.all(pending);
    expect(granted).toEqual(['long', 'long', 'short', 'short', 'long', 'long']);
  });

  it('orders callers by the time they held turns, not by how many turns they had', async () => {
    const turns = new ContainerTurns(() => 1);
    const { granted, take } = recordingTaker(turns);
    // a's turns take 40 ms, b's 10 ms: after a's first, b has three before a is least served again.
    await Promise.all([take('a', 40), take('a', 40), take('b', 10), take('b', 10), take('b', 10)]);
    expect(granted).toEqual(['a', 'b', 'b', 'b', 'a']);
  });

  it('counts the time each caller held a turn', async () => {
    const turns = new ContainerTurns(() => 1);
    const release = await turns.take(synthesize, 'execution-1');
    await sleep(30);
    release();
    expect(turns.servedMs('execution-1')).toBeGreaterThanOrEqual(25);
    expect(turns.servedMs('execution-2')).toBe(0);
  });

  it('keeps each function to its own maximum', async () => {
    const turns = new ContainerTurns((f) => (f.logicalId === 'Synthesize' ? 1 : 3));
    const held = await turns.take(synthesize, 'a');
    const others = await Promise.all([1, 2, 3].map(() => turns.take(fn('Assemble'), 'b')));
    expect(others).toHaveLength(3);
    let second = false;
    const waiting = turns.take(synthesize, 'b').then((release) => {
      second = true;
      return release;
    });
    await sleep(5);
    expect(second).toBe(false);
    held();
    (await waiting)();
    expect(second).toBe(true);
  });
});

import type { AcquireRequest, AcquireResult, ProviderPacer } from '@lumcast/pacing';
import { ProviderTurns, TURN_POLICY } from '../src/pacing/provider-turns';

const NOW = Date.parse('2026-12-07T10:00:00.400Z');

/** A pacer that answers what the test says and records what it was asked (a narrow unit test). */
function answering(answer: (request: AcquireRequest) => AcquireResult) {
  const asked: AcquireRequest[] = [];
  const pacer = {
    acquire: async (request: AcquireRequest) => {
      asked.push(request);
      return answer(request);
    },
  } as unknown as ProviderPacer;
  return { pacer, asked };
}

function turnsWith(pacer: ProviderPacer) {
  const slept: number[] = [];
  const turns = new ProviderTurns({
    pacer,
    key: 'polly:neural',
    quotaPerSecond: 8,
    now: () => new Date(NOW),
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  return { turns, slept };
}

const granted = (offsetMs: number): AcquireResult => ({
  outcome: 'granted',
  startAt: new Date(NOW + offsetMs),
});

describe('ProviderTurns.reserved', () => {
  it.each([
    ['a start now', 0, []],
    ['a start 1.2 s away', 1200, [1200]],
    [
      'a start exactly at the wait limit',
      TURN_POLICY.lambdaWaitLimitMs,
      [TURN_POLICY.lambdaWaitLimitMs],
    ],
  ])('sleeps until %s and goes', async (_, offsetMs, sleeps) => {
    const { pacer, asked } = answering(() => granted(offsetMs));
    const { turns, slept } = turnsWith(pacer);
    expect(await turns.reserved()).toEqual({ kind: 'go' });
    expect(slept).toEqual(sleeps);
    expect(asked).toEqual([
      {
        key: 'polly:neural',
        ratePerSecond: 8 * TURN_POLICY.headroom,
        maxWaitMs: TURN_POLICY.lineHorizonMs,
      },
    ]);
  });

  it('hands a start further than the wait limit to the state machine, waking it in whole seconds before the start', async () => {
    const { pacer } = answering(() => granted(9000));
    const { turns, slept } = turnsWith(pacer);
    // Start at 10:00:09.400; wake 1 s before it, truncated to the second: 10:00:08.
    expect(await turns.reserved()).toEqual({
      kind: 'wait',
      waitUntil: '2026-12-07T10:00:08.000Z',
      startAt: '2026-12-07T10:00:09.400Z',
    });
    expect(slept).toEqual([]);
  });

  it('keeps a held start that is still ahead without asking the pacer again', async () => {
    const { pacer, asked } = answering(() => granted(0));
    const { turns, slept } = turnsWith(pacer);
    expect(await turns.reserved('2026-12-07T10:00:02.400Z')).toEqual({ kind: 'go' });
    expect(asked).toEqual([]);
    expect(slept).toEqual([2000]);
  });

  it('asks for a new place when the held start has passed (a late invocation, or a Retry after the call)', async () => {
    const { pacer, asked } = answering(() => granted(500));
    const { turns } = turnsWith(pacer);
    expect(await turns.reserved('2026-12-07T10:00:00.100Z')).toEqual({ kind: 'go' });
    expect(asked).toHaveLength(1);
  });

  it('waits, holding nothing, until a deferred line would fit, rounded up to the second', async () => {
    const { pacer } = answering(() => ({ outcome: 'deferred', retryAt: new Date(NOW + 4000) }));
    const { turns } = turnsWith(pacer);
    expect(await turns.reserved()).toEqual({ kind: 'wait', waitUntil: '2026-12-07T10:00:05.000Z' });
  });
});

describe('ProviderTurns.short', () => {
  it('accepts no line longer than a function waits, and sleeps a granted start', async () => {
    const { pacer, asked } = answering(() => granted(800));
    const { turns, slept } = turnsWith(pacer);
    expect(await turns.short()).toEqual({ kind: 'go' });
    expect(asked[0]?.maxWaitMs).toBe(TURN_POLICY.lambdaWaitLimitMs);
    expect(slept).toEqual([800]);
  });

  it('asks the function to come back when the line is longer', async () => {
    const { pacer } = answering(() => ({ outcome: 'deferred', retryAt: new Date(NOW + 61_000) }));
    const { turns, slept } = turnsWith(pacer);
    expect(await turns.short()).toEqual({ kind: 'wait', waitUntil: '2026-12-07T10:01:02.000Z' });
    expect(slept).toEqual([]);
  });
});

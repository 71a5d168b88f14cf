import { QuotaContentionError } from '../src/errors';
import {
  AIM_AGAIN,
  BACK_OFF,
  backOffMs,
  retryTransaction,
  type Round,
} from '../src/retry-transaction';

/** A budget whose sleep only records how long it was asked to wait. */
function fakeBudget(maxAttempts: number, random: () => number = () => 1) {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { budget: { maxAttempts, sleep, random }, waits };
}

/** A round that answers each entry of `script` in turn, counting its calls. */
function scripted<T>(script: readonly Round<T>[]) {
  let calls = 0;
  const round = async (): Promise<Round<T>> => {
    const answer = script[calls];
    calls += 1;
    if (answer === undefined) throw new Error('round called more often than scripted');
    return answer;
  };
  return { round, calls: () => calls };
}

describe('retryTransaction', () => {
  it('returns the first answer a round gives, running it once and never sleeping', async () => {
    const { budget, waits } = fakeBudget(10);
    const { round, calls } = scripted(['done']);
    await expect(retryTransaction(budget, 'u-1', round)).resolves.toBe('done');
    expect(calls()).toBe(1);
    expect(waits).toEqual([]);
  });

  it('backs off after each conflicted round, doubling up to 640 ms, then returns the answer', async () => {
    const { budget, waits } = fakeBudget(10);
    const conflicts = Array.from({ length: 7 }, (): Round<string> => BACK_OFF);
    const { round, calls } = scripted<string>([...conflicts, 'charged']);
    await expect(retryTransaction(budget, 'u-1', round)).resolves.toBe('charged');
    expect(calls()).toBe(8);
    expect(waits).toEqual([20, 40, 80, 160, 320, 640, 640]);
  });

  it('goes straight on after a round that re-aimed, with no wait', async () => {
    const { budget, waits } = fakeBudget(10);
    const { round, calls } = scripted<string>([AIM_AGAIN, AIM_AGAIN, 'reserved']);
    await expect(retryTransaction(budget, 'u-1', round)).resolves.toBe('reserved');
    expect(calls()).toBe(3);
    expect(waits).toEqual([]);
  });

  it('throws QuotaContentionError naming the user and the attempts once every round is spent', async () => {
    const { budget, waits } = fakeBudget(3);
    const { round, calls } = scripted<string>([BACK_OFF, AIM_AGAIN, BACK_OFF]);
    const error = await retryTransaction(budget, 'u-busy', round).catch((caught) => caught);
    expect(error).toBeInstanceOf(QuotaContentionError);
    expect(error).toMatchObject({ attempts: 3 });
    expect((error as Error).message).toContain('"u-busy"');
    expect(calls()).toBe(3);
    // The last conflicted round still waits before giving up, as the loops it replaced did.
    expect(waits).toEqual([20, 80]);
  });

  it('does not retry an error a round throws: it propagates unchanged after one round', async () => {
    const { budget } = fakeBudget(10);
    const failure = new Error('ValidationException');
    let calls = 0;
    const round = async (): Promise<Round<string>> => {
      calls += 1;
      throw failure;
    };
    await expect(retryTransaction(budget, 'u-1', round)).rejects.toBe(failure);
    expect(calls).toBe(1);
  });
});

describe('backOffMs', () => {
  it('scales the jitter between 0 and 10 × 2^min(attempt, 6) ms', () => {
    expect(backOffMs(1, () => 0)).toBe(0);
    expect(backOffMs(1, () => 0.5)).toBe(10);
    expect(backOffMs(3, () => 1)).toBe(80);
    expect(backOffMs(12, () => 1)).toBe(640);
  });

  it('draws from Math.random by default, within the bound', () => {
    for (let attempt = 1; attempt <= 8; attempt += 1) {
      const ms = backOffMs(attempt);
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(10 * 2 ** Math.min(attempt, 6));
    }
  });
});

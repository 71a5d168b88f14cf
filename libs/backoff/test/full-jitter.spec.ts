import { fullJitterMs } from '../src/full-jitter';

/** A fake `random` that always draws `value`. */
const draws = (value: number) => () => value;

/** Draws from `[0, 1)` and its edges, including the smallest and largest doubles Math.random gives. */
const RANDOM_VALUES = [0, 2 ** -53, 0.1, 0.25, 1 / 3, 0.5, 0.7, 0.999_999, 1 - 2 ** -53, 1];
const RETRIES = Array.from({ length: 21 }, (_, retry) => retry);

describe('fullJitterMs', () => {
  it.each([
    { retry: 0, random: 0.5, delay: 50 },
    { retry: 1, random: 0.5, delay: 100 },
    { retry: 3, random: 0.5, delay: 400 },
    { retry: 5, random: 0.5, delay: 1_000 },
    { retry: 30, random: 0.5, delay: 1_000 },
    { retry: 4, random: 0, delay: 0 },
    { retry: 2, random: 0.25, delay: 100 },
  ])(
    'waits $delay ms at retry $retry when random() draws $random (base 100 ms, cap 2,000 ms)',
    ({ retry, random, delay }) => {
      expect(fullJitterMs(retry, { baseMs: 100, capMs: 2_000, random: draws(random) })).toBe(delay);
    },
  );

  it('leaves a fractional delay unrounded', () => {
    expect(fullJitterMs(0, { baseMs: 10, capMs: 640, random: draws(0.123) })).toBeCloseTo(1.23, 12);
  });
});

// The three callers' delays as they were computed before they shared `fullJitterMs`; each must be
// unchanged for every `random()` value.
describe('the callers keep the delays they computed before', () => {
  it.each(RANDOM_VALUES)(
    'quota: random() × 10 × 2^min(attempt, 6) for attempts 0–20 at random() = %p',
    (random) => {
      const before = RETRIES.map((attempt) => random * 10 * 2 ** Math.min(attempt, 6));
      const after = RETRIES.map((attempt) =>
        fullJitterMs(attempt, { baseMs: 10, capMs: 640, random: draws(random) }),
      );
      expect(after).toEqual(before);
    },
  );

  it.each(
    RANDOM_VALUES.flatMap((random) => [
      { caller: 'Bedrock', baseMs: 500, capMs: 20_000, random },
      { caller: 'Polly', baseMs: 100, capMs: 5_000, random },
    ]),
  )(
    '$caller: ⌊random() × min($capMs, $baseMs × 2^retry)⌋ for retries 0–20 at random() = $random',
    ({ baseMs, capMs, random }) => {
      const before = RETRIES.map((retry) =>
        Math.floor(random * Math.min(capMs, baseMs * 2 ** retry)),
      );
      const after = RETRIES.map((retry) =>
        Math.floor(fullJitterMs(retry, { baseMs, capMs, random: draws(random) })),
      );
      expect(after).toEqual(before);
    },
  );
});

// The cases of script-generation's former `backoffDelay` (base 500 ms, cap 20 s, whole ms).
describe('the Bedrock writer’s backoff (base 500 ms, cap 20 s, whole milliseconds)', () => {
  const bedrock = (retry: number, random: number) =>
    Math.floor(fullJitterMs(retry, { baseMs: 500, capMs: 20_000, random: draws(random) }));

  it('doubles the ceiling per retry and scales it by the jitter', () => {
    expect([0, 1, 2, 3].map((retry) => bedrock(retry, 0.5))).toEqual([250, 500, 1_000, 2_000]);
  });

  it('never exceeds the largest ceiling and can be zero', () => {
    expect(bedrock(30, 0.999_999)).toBeLessThan(20_000);
    expect(bedrock(30, 0.999_999)).toBeGreaterThan(19_990);
    expect(bedrock(3, 0)).toBe(0);
  });
});

import { backoffDelay } from '../src/retry';
import { splitSentences } from '../src/text-boundaries';

describe('backoffDelay', () => {
  const options = { baseDelayMs: 500, maxDelayMs: 20_000 };

  it('doubles the ceiling per retry and scales it by the jitter', () => {
    expect(
      [0, 1, 2, 3].map((retry) => backoffDelay(retry, { ...options, random: () => 0.5 })),
    ).toEqual([250, 500, 1_000, 2_000]);
  });

  it('never exceeds the largest ceiling and can be zero', () => {
    expect(backoffDelay(30, { ...options, random: () => 0.999_999 })).toBeLessThan(20_000);
    expect(backoffDelay(30, { ...options, random: () => 0.999_999 })).toBeGreaterThan(19_990);
    expect(backoffDelay(3, { ...options, random: () => 0 })).toBe(0);
  });
});

describe('splitSentences', () => {
  it('splits at sentence ends but not after abbreviations or before lower-case words', () => {
    expect(splitSentences('Dr. Who arrived. He said no. Then, e.g. later, he left!  Bye')).toEqual([
      'Dr. Who arrived.',
      'He said no.',
      'Then, e.g. later, he left!',
      'Bye',
    ]);
  });

  it('collapses whitespace inside a sentence and ignores blank text', () => {
    expect(splitSentences('One\n  two.\n\nThree.')).toEqual(['One two.', 'Three.']);
    expect(splitSentences(' \n ')).toEqual([]);
  });
});

import {
  acceptedWordRange,
  LENGTH_TOLERANCE,
  SPEECH_FILL,
  SPEECH_RATES,
  targetWords,
  wordsPerMinute,
} from '../src/speech/rate';

describe('wordsPerMinute', () => {
  it('gives the calibrated Polly rate by quality by default', () => {
    expect(wordsPerMinute('standard')).toBe(160);
    expect(wordsPerMinute('neural')).toBe(155);
    expect(wordsPerMinute('generative')).toBe(150);
  });

  it('gives the measured espeak-ng rate for the local engine', () => {
    expect(wordsPerMinute('neural', { engine: 'espeak-ng' })).toBe(
      SPEECH_RATES['espeak-ng'].neural,
    );
    expect(SPEECH_RATES['espeak-ng'].neural).toBe(196);
  });
});

describe('targetWords', () => {
  it('multiplies minutes by the rate and the share of the minutes a script aims to fill', () => {
    expect(SPEECH_FILL).toBe(0.9);
    expect(targetWords(10, 'generative')).toBe(1_350);
    expect(targetWords(1, 'standard', { engine: 'espeak-ng' })).toBe(176);
  });

  it('keeps the longest accepted script within about the requested minutes, so the charge matches the estimate', () => {
    for (const minutes of [1, 5, 15, 60]) {
      for (const quality of ['standard', 'neural', 'generative'] as const) {
        const { max } = acceptedWordRange(targetWords(minutes, quality));
        expect(max / wordsPerMinute(quality)).toBeLessThanOrEqual(minutes * 1.04);
      }
    }
  });
});

describe('acceptedWordRange', () => {
  it('spans ±15 % of the target', () => {
    expect(LENGTH_TOLERANCE).toBe(0.15);
    expect(acceptedWordRange(1_000)).toEqual({ min: 850, max: 1_150 });
  });
});

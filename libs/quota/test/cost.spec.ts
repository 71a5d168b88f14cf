import { quotaCost } from '../src/cost';
import { QuotaInputError } from '../src/errors';
import type { VoiceQuality } from '../src/voice-quality';

describe('quotaCost', () => {
  it.each([
    ['standard', 60, 1],
    ['standard', 61, 2],
    ['standard', 0.2, 1],
    ['neural', 15 * 60, 30],
    ['neural', 14 * 60 + 59.9, 30],
    ['generative', 15 * 60, 60],
    ['generative', 61, 8],
    ['generative', 0, 0],
  ] as const)('charges a %s episode of %p seconds %p slots', (quality, seconds, slots) => {
    expect(quotaCost(quality, seconds)).toBe(slots);
  });

  it('rejects an unknown voice quality', () => {
    expect(() => quotaCost('ultra' as VoiceQuality, 60)).toThrow(QuotaInputError);
    expect(() => quotaCost('ultra' as VoiceQuality, 60)).toThrow(/quality/);
  });

  it.each([
    -1,
    -0.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '60' as unknown as number,
    undefined as unknown as number,
  ])('rejects a duration of %p seconds', (seconds) => {
    expect(() => quotaCost('standard', seconds)).toThrow(QuotaInputError);
  });
});

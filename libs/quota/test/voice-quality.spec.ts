import { SLOTS_PER_MINUTE, VOICE_QUALITIES, isVoiceQuality } from '../src/voice-quality';

describe('voice qualities', () => {
  it('charges 1, 2 and 4 slots per minute for standard, neural and generative', () => {
    expect(SLOTS_PER_MINUTE).toEqual({ standard: 1, neural: 2, generative: 4 });
  });

  it('lists every quality that has a price', () => {
    expect([...VOICE_QUALITIES].sort()).toEqual(Object.keys(SLOTS_PER_MINUTE).sort());
  });

  it('recognises only the known qualities', () => {
    expect(isVoiceQuality('generative')).toBe(true);
    expect(isVoiceQuality('ultra')).toBe(false);
    expect(isVoiceQuality(undefined)).toBe(false);
  });
});

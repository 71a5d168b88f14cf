import {
  DEFAULT_POLLY_VOICES,
  POLLY_HOST_VOICES,
  POLLY_STANDARD_VOICES,
  POLLY_VOICES_BY_ENGINE,
  type PollyEngine,
  type PollyLanguage,
  pollyVoiceAvailability,
} from '../src/index';

const ENGINES: PollyEngine[] = ['standard', 'neural', 'generative'];

describe('Polly voice catalog', () => {
  it('holds the whole standard table: 60 entries in 29 languages, as AWS counts them', () => {
    const lists = Object.values(POLLY_STANDARD_VOICES);

    expect(lists).toHaveLength(29);
    expect(lists.reduce((sum, list) => sum + (list?.length ?? 0), 0)).toBe(60);
  });

  it('lists the en-US standard voices AWS documents, without Matthew or Justin', () => {
    expect(POLLY_STANDARD_VOICES['en-US']).toEqual([
      'Ivy',
      'Joanna',
      'Kendra',
      'Kimberly',
      'Salli',
      'Joey',
      'Kevin',
    ]);
    expect(pollyVoiceAvailability('standard', 'Matthew')).toBe('unavailable');
    expect(pollyVoiceAvailability('standard', 'Justin')).toBe('unavailable');
  });

  it.each([
    ['standard', 'Joanna', 'available'],
    ['standard', 'Danielle', 'unavailable'],
    ['neural', 'Danielle', 'available'],
    ['neural', 'Nicole', 'unavailable'],
    ['neural', 'Joanna', 'unconfirmed'],
    ['generative', 'Ruth', 'available'],
    ['generative', 'Emma', 'unavailable'],
    ['generative', 'Stephen', 'unconfirmed'],
  ] as const)('says %s %s is %s', (engine, voice, expected) => {
    expect(pollyVoiceAvailability(engine, voice)).toBe(expected);
  });

  it('gives every language two different host voices, each listed for its engine in that language', () => {
    for (const engine of ENGINES) {
      for (const [language, pair] of Object.entries(POLLY_HOST_VOICES[engine])) {
        expect(pair).toHaveLength(2);
        expect(pair?.[0]).not.toBe(pair?.[1]);
        for (const voice of pair ?? []) {
          expect(POLLY_VOICES_BY_ENGINE[engine][language as PollyLanguage]).toContain(voice);
        }
      }
    }
  });

  it('has host voices for en-US and en-GB on every engine, and several more languages on standard', () => {
    for (const engine of ENGINES) {
      expect(Object.keys(POLLY_HOST_VOICES[engine])).toEqual(
        expect.arrayContaining(['en-US', 'en-GB']),
      );
    }
    expect(Object.keys(POLLY_HOST_VOICES.standard).length).toBeGreaterThanOrEqual(8);
  });

  it('uses the en-US hosts as DEFAULT_POLLY_VOICES', () => {
    expect(DEFAULT_POLLY_VOICES).toEqual({
      standard: POLLY_HOST_VOICES.standard['en-US'],
      neural: POLLY_HOST_VOICES.neural['en-US'],
      generative: POLLY_HOST_VOICES.generative['en-US'],
    });
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(POLLY_STANDARD_VOICES)).toBe(true);
    expect(Object.isFrozen(POLLY_STANDARD_VOICES['en-US'])).toBe(true);
    expect(Object.isFrozen(POLLY_HOST_VOICES.neural)).toBe(true);
  });
});

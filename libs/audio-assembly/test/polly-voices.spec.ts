import { DEFAULT_POLLY_VOICES, POLLY_HOST_VOICES } from '../src/polly/host-voices';
import {
  POLLY_GENERATIVE_VOICES,
  POLLY_NEURAL_VOICES,
  POLLY_STANDARD_VOICES,
  POLLY_VOICES_BY_ENGINE,
  type PollyEngine,
  type PollyLanguage,
  pollyVoiceAvailability,
} from '../src/polly/voices';

const ENGINES: PollyEngine[] = ['standard', 'neural', 'generative'];

const entries = (engine: PollyEngine) =>
  Object.entries(POLLY_VOICES_BY_ENGINE[engine]) as [PollyLanguage, readonly string[]][];

const count = (engine: PollyEngine) =>
  entries(engine).reduce((sum, [, voices]) => sum + voices.length, 0);

describe('Polly voice catalog', () => {
  it('holds the whole standard table: 60 entries in 29 languages, as AWS counts them', () => {
    const lists = Object.values(POLLY_STANDARD_VOICES);

    expect(lists).toHaveLength(29);
    expect(count('standard')).toBe(60);
  });

  it('holds the whole neural column: 36 languages, as the "Neural voices" page counts them', () => {
    expect(Object.keys(POLLY_NEURAL_VOICES)).toHaveLength(36);
    expect(count('neural')).toBe(64);
  });

  it('holds the whole generative column: 43 voices, as the "Generative voices" page counts them', () => {
    expect(Object.keys(POLLY_GENERATIVE_VOICES)).toHaveLength(23);
    expect(count('generative')).toBe(43);
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

  it('lists Vicki and Daniel as the German neural voices, and Lennart as generative only', () => {
    expect(POLLY_NEURAL_VOICES['de-DE']).toEqual(['Vicki', 'Daniel']);
    expect(POLLY_GENERATIVE_VOICES['de-DE']).toEqual(['Vicki', 'Daniel', 'Lennart']);
    expect(pollyVoiceAvailability('neural', 'Lennart')).toBe('unavailable');
  });

  it('lists the French voices per engine with their ASCII IDs', () => {
    expect(POLLY_NEURAL_VOICES['fr-FR']).toEqual(['Lea', 'Remi']);
    expect(POLLY_GENERATIVE_VOICES['fr-FR']).toEqual(['Ambre', 'Celine', 'Florian', 'Lea', 'Remi']);
    expect(POLLY_NEURAL_VOICES['fr-CA']).toEqual(['Gabrielle', 'Liam']);
    expect(POLLY_NEURAL_VOICES['fr-BE']).toEqual(['Isabelle']);
  });

  it('gives Kajal the generative engine in en-IN but not in hi-IN, where she is neural only', () => {
    expect(POLLY_GENERATIVE_VOICES['en-IN']).toEqual(['Kajal']);
    expect(POLLY_GENERATIVE_VOICES['hi-IN']).toBeUndefined();
    expect(POLLY_NEURAL_VOICES['hi-IN']).toEqual(['Kajal']);
  });

  it('has no neural or generative voice for the languages whose every row says "No"', () => {
    for (const language of ['arb', 'en-GB-WLS', 'is-IS', 'ro-RO', 'ru-RU', 'cy-GB'] as const) {
      expect(POLLY_NEURAL_VOICES[language]).toBeUndefined();
      expect(POLLY_GENERATIVE_VOICES[language]).toBeUndefined();
    }
  });

  it.each([
    ['standard', 'Joanna', 'available'],
    ['standard', 'Danielle', 'unavailable'],
    ['neural', 'Danielle', 'available'],
    ['neural', 'Joanna', 'available'],
    ['neural', 'Nicole', 'unavailable'],
    ['neural', 'Celine', 'unavailable'],
    ['neural', 'Tiffany', 'unavailable'],
    ['neural', 'Sabrina', 'available'],
    ['generative', 'Ruth', 'available'],
    ['generative', 'Stephen', 'available'],
    ['generative', 'Hannah', 'available'],
    ['generative', 'Emma', 'unavailable'],
    ['generative', 'Mathieu', 'unavailable'],
    ['generative', 'Gregory', 'unavailable'],
  ] as const)('says %s %s is %s', (engine, voice, expected) => {
    expect(pollyVoiceAvailability(engine, voice)).toBe(expected);
  });

  it('refuses, on every engine, a voice Polly does not have and a long-form-only voice', () => {
    for (const engine of ENGINES) {
      expect(pollyVoiceAvailability(engine, 'Nobody')).toBe('unavailable');
      expect(pollyVoiceAvailability(engine, 'Patrick')).toBe('unavailable');
    }
  });

  it('never answers unconfirmed, now that every row of the table is read', () => {
    const voices = new Set(ENGINES.flatMap((engine) => entries(engine).flatMap(([, v]) => v)));
    for (const engine of ENGINES) {
      for (const voice of [...voices, 'Nobody']) {
        expect(pollyVoiceAvailability(engine, voice)).not.toBe('unconfirmed');
      }
    }
  });

  it('has a non-empty list for every language of every engine', () => {
    for (const engine of ENGINES) {
      for (const [language, voices] of entries(engine)) {
        expect([engine, language, voices.length > 0]).toEqual([engine, language, true]);
      }
    }
  });

  it('lists no voice twice within a language for one engine', () => {
    for (const engine of ENGINES) {
      for (const [language, voices] of entries(engine)) {
        expect({ engine, language, voices: [...new Set(voices)] }).toEqual({
          engine,
          language,
          voices,
        });
      }
    }
  });

  it("writes every language code in Polly's form and every voice ID in ASCII letters", () => {
    for (const engine of ENGINES) {
      for (const [language, voices] of entries(engine)) {
        expect(language).toMatch(/^[a-z]{2,3}(-[A-Z]{2}(-[A-Z]{3})?)?$/);
        for (const voice of voices) expect(voice).toMatch(/^[A-Z][a-z]+$/);
      }
    }
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

  it('starts DEFAULT_POLLY_VOICES with the en-US host pair of each engine', () => {
    for (const engine of ENGINES) {
      expect(DEFAULT_POLLY_VOICES[engine].slice(0, 2)).toEqual(POLLY_HOST_VOICES[engine]['en-US']);
    }
  });

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(POLLY_STANDARD_VOICES)).toBe(true);
    expect(Object.isFrozen(POLLY_STANDARD_VOICES['en-US'])).toBe(true);
    expect(Object.isFrozen(POLLY_NEURAL_VOICES['de-DE'])).toBe(true);
    expect(Object.isFrozen(POLLY_GENERATIVE_VOICES)).toBe(true);
    expect(Object.isFrozen(POLLY_HOST_VOICES.neural)).toBe(true);
  });
});

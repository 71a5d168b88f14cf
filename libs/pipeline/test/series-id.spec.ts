import { SERIES_ID_MAX_CHARS } from '@lumcast/script-generation';
import { normalizeSeriesId, seriesIdProblem } from '../src/series/series-id';

describe('seriesIdProblem', () => {
  it('accepts a plain name, a CJK name and a name of exactly the limit', () => {
    expect(seriesIdProblem('rivers of europe')).toBeUndefined();
    expect(seriesIdProblem('河流')).toBeUndefined();
    expect(seriesIdProblem('x'.repeat(SERIES_ID_MAX_CHARS))).toBeUndefined();
  });

  it('refuses a name one character over the limit as too long', () => {
    expect(seriesIdProblem('x'.repeat(SERIES_ID_MAX_CHARS + 1))).toBe('too_long');
  });

  it.each([
    ['a tab', 'a\tb'],
    ['a line break', 'a\nb'],
    ['a NUL', 'a\u0000'],
    ['DEL', 'a\u007f'],
    ['an escape', '\u001b[31m'],
  ])('refuses a name holding %s as control characters', (_label, seriesId) => {
    expect(seriesIdProblem(seriesId)).toBe('control_characters');
  });
});

describe('normalizeSeriesId', () => {
  it('reads an absent, null or empty id as no series', () => {
    expect(normalizeSeriesId(undefined)).toBeUndefined();
    expect(normalizeSeriesId(null)).toBeUndefined();
    expect(normalizeSeriesId('')).toBeUndefined();
  });

  it('trims a valid id', () => {
    expect(normalizeSeriesId('  rivers  ')).toBe('rivers');
  });

  it('refuses blanks, non-strings and ids the rule refuses', () => {
    expect(normalizeSeriesId('   ')).toBe(false);
    expect(normalizeSeriesId(42)).toBe(false);
    expect(normalizeSeriesId(['rivers'])).toBe(false);
    expect(normalizeSeriesId('a\tb')).toBe(false);
    expect(normalizeSeriesId('x'.repeat(SERIES_ID_MAX_CHARS + 1))).toBe(false);
  });
});

import { SERIES_ID_MAX_CHARS } from '@lumcast/script-generation';

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Why a series id is refused: longer than {@link SERIES_ID_MAX_CHARS}, or holding control characters. */
export type SeriesIdProblem = 'too_long' | 'control_characters';

/**
 * The one rule for a series id, shared by the HTTP API and the dashboard's form: once trimmed,
 * 1–`SERIES_ID_MAX_CHARS` characters and no control characters (C0 or DEL). Returns why a
 * trimmed, non-empty id is refused, or `undefined` if it is accepted.
 *
 * @example
 * ```ts
 * seriesIdProblem('rivers'); // undefined
 * seriesIdProblem('a\tb'); // 'control_characters'
 * seriesIdProblem('x'.repeat(201)); // 'too_long'
 * ```
 */
export function seriesIdProblem(seriesId: string): SeriesIdProblem | undefined {
  if (CONTROL_CHARACTERS.test(seriesId)) return 'control_characters';
  if (seriesId.length > SERIES_ID_MAX_CHARS) return 'too_long';
  return undefined;
}

/**
 * Reads an optional series id from untrusted input: absent, `null` or `''` means "no series"
 * (`undefined`); a string is trimmed and must pass {@link seriesIdProblem}. Returns the id, or
 * `false` when the input is not a valid series id (the caller words the refusal).
 *
 * @example
 * ```ts
 * normalizeSeriesId('  rivers '); // 'rivers'
 * normalizeSeriesId(undefined); // undefined
 * normalizeSeriesId(42); // false
 * ```
 */
export function normalizeSeriesId(seriesId: unknown): string | undefined | false {
  if (seriesId === undefined || seriesId === null || seriesId === '') return undefined;
  if (typeof seriesId !== 'string') return false;
  const series = seriesId.trim();
  if (series === '' || seriesIdProblem(series) !== undefined) return false;
  return series;
}

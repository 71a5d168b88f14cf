import { SERIES_ID_MAX_CHARS } from '@lumcast/script-generation';
import { normalizeText, textFault, type TextProblem } from '../text/text-rule';

/**
 * Why a series id is refused: longer than {@link SERIES_ID_MAX_CHARS}, or a character the text
 * rule refuses in an id (`TextProblem`: control characters, bidirectional controls and marks,
 * zero-width and other invisible characters, noncharacters, lone surrogates, nothing visible).
 */
export type SeriesIdProblem = 'too_long' | TextProblem;

/**
 * The one rule for a series id, shared by the HTTP API and the dashboard's form: once trimmed,
 * 1–`SERIES_ID_MAX_CHARS` characters, and the text rule for ids (`textFault(…, 'id')`): no
 * control, bidirectional or invisible character, so two ids that look the same are the same.
 * Returns why a trimmed, non-empty id (in NFC) is refused, or `undefined` if it is accepted.
 *
 * @example
 * ```ts
 * seriesIdProblem('rivers'); // undefined
 * seriesIdProblem('a\tb'); // 'control_characters'
 * seriesIdProblem('rivers\u200b'); // 'invisible_characters'
 * seriesIdProblem('x'.repeat(201)); // 'too_long'
 * ```
 */
export function seriesIdProblem(seriesId: string): SeriesIdProblem | undefined {
  const fault = textFault(seriesId, 'id');
  if (fault) return fault.problem;
  if (seriesId.length > SERIES_ID_MAX_CHARS) return 'too_long';
  return undefined;
}

/**
 * Reads an optional series id from untrusted input: absent, `null` or `''` means "no series"
 * (`undefined`); a string is put in NFC, must pass {@link seriesIdProblem} (before trimming, so
 * an invisible character at either end is refused rather than cut) and is trimmed. Returns the
 * id, or `false` when the input is not a valid series id (the caller words the refusal).
 */
export function normalizeSeriesId(seriesId: unknown): string | undefined | false {
  if (seriesId === undefined || seriesId === null || seriesId === '') return undefined;
  if (typeof seriesId !== 'string') return false;
  const text = normalizeText(seriesId);
  const series = text.trim();
  if (series === '' || textFault(text, 'id') || seriesIdProblem(series) !== undefined) return false;
  return series;
}

import { SERIES_ID_MAX_CHARS } from '@lumcast/script-generation';

// The HTTP API's rule for `seriesId` (libs/pipeline/src/api/podcast-request.ts, `parseSeriesId`),
// which @lumcast/pipeline does not export: 1–SERIES_ID_MAX_CHARS characters once trimmed, no
// control characters. test/series-id.spec.ts runs both on the same inputs, so they cannot drift.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Why the API would refuse a (trimmed, non-empty) series id, or `undefined` if it accepts it.
 *
 * @example
 * ```ts
 * seriesIdProblem('rivers'); // undefined
 * seriesIdProblem('a\tb'); // 'control_characters'
 * ```
 */
export function seriesIdProblem(seriesId: string): 'too_long' | 'control_characters' | undefined {
  if (CONTROL_CHARACTERS.test(seriesId)) return 'control_characters';
  if (seriesId.length > SERIES_ID_MAX_CHARS) return 'too_long';
  return undefined;
}

import { requestSeriesId } from './request-text';
import { PodcastRequestError } from '../errors';

/**
 * The series id a route's path names (`/api/series/{seriesId}/…`), percent-decoded (the local
 * server hands the path over encoded, API Gateway decoded; the router has already refused a
 * capture that does not decode) and held to the series rule (`requestSeriesId`): a refused id
 * is a 400 `invalid_field` on `seriesId`.
 *
 * @example
 * ```ts
 * pathSeriesId('deep%20sea'); // 'deep sea'
 * ```
 */
export function pathSeriesId(captured: string): string {
  const seriesId = requestSeriesId(decodeURIComponent(captured));
  if (seriesId === undefined) {
    throw new PodcastRequestError('invalid_field', 'seriesId must not be empty.', 'seriesId');
  }
  return seriesId;
}

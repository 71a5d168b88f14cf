import { PodcastRequestError } from '../errors';
import { requestSeriesId } from './request-text';

/**
 * Parses a `POST /api/feeds` body (raw text): `{}` for a feed of all the caller's episodes, or
 * `{ "seriesId": "…" }` for one series (the series module's rule for ids). Unknown fields are
 * refused rather than ignored; an empty body means `{}`. Throws `PodcastRequestError` (a 400).
 */
export function parseFeedRequest(rawBody: string | undefined): { seriesId?: string } {
  let body: unknown = {};
  if (rawBody !== undefined && rawBody.trim() !== '') {
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new PodcastRequestError('malformed_json', 'The request body must be a JSON object.');
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PodcastRequestError('malformed_json', 'The request body must be a JSON object.');
  }
  const unknown = Object.keys(body).find((key) => key !== 'seriesId');
  if (unknown) {
    throw new PodcastRequestError('unknown_field', `Unknown field "${unknown}".`, unknown);
  }
  const seriesId = requestSeriesId((body as { seriesId?: unknown }).seriesId);
  return seriesId === undefined ? {} : { seriesId };
}

import { isSourceFileType, SOURCE_FILE_TYPES, type SourceFileType } from '../sources/source-files';
import { PodcastRequestError } from './podcast-request';

/**
 * Parses a `POST /api/sources` body (raw text): `{ "contentType": "application/pdf" }`, one of
 * `SOURCE_FILE_TYPES` (PDF, HTML, Markdown, plain text). The type is what the upload form will
 * require of the file, and what its text is read as. Unknown fields are refused. Throws
 * `PodcastRequestError` (a 400) naming the field.
 */
export function parseSourceRequest(rawBody: string | undefined): { contentType: SourceFileType } {
  let body: unknown;
  try {
    body = JSON.parse(rawBody ?? '');
  } catch {
    throw new PodcastRequestError('malformed_json', 'The request body must be a JSON object.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PodcastRequestError('malformed_json', 'The request body must be a JSON object.');
  }
  const unknown = Object.keys(body).find((key) => key !== 'contentType');
  if (unknown) {
    throw new PodcastRequestError('unknown_field', `Unknown field "${unknown}".`, unknown);
  }
  const { contentType } = body as { contentType?: unknown };
  if (!isSourceFileType(contentType)) {
    throw new PodcastRequestError(
      'invalid_field',
      `contentType must be one of ${Object.keys(SOURCE_FILE_TYPES).join(', ')} (a PDF, HTML, Markdown or plain-text file).`,
      'contentType',
    );
  }
  return { contentType };
}

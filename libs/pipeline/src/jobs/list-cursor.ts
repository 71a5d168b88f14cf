import { JOB_ID_PATTERN } from './job-id';

/**
 * A cursor that is not one this API handed out (not base64url JSON of a job id).
 *
 * @example
 * ```ts
 * try { decodeListCursor('???'); } catch (error) { error instanceof InvalidListCursorError; } // true
 * ```
 */
export class InvalidListCursorError extends Error {
  override readonly name = 'InvalidListCursorError';
}

/**
 * The opaque cursor of a job list page: the last listed job id, base64url JSON. It carries
 * no user id — the list is always of the caller's own jobs — so a cursor cannot reach
 * another user's jobs.
 *
 * @example
 * ```ts
 * const cursor = encodeListCursor('j-0mipvs3k00-5f1c9a0b7e2d4c66');
 * decodeListCursor(cursor); // 'j-0mipvs3k00-5f1c9a0b7e2d4c66'
 * ```
 */
export function encodeListCursor(lastJobId: string): string {
  return Buffer.from(JSON.stringify({ after: lastJobId }), 'utf8').toString('base64url');
}

/**
 * The job id a cursor continues after; throws {@link InvalidListCursorError} for anything
 * {@link encodeListCursor} did not make.
 *
 * @example
 * ```ts
 * decodeListCursor(encodeListCursor(jobId)) === jobId; // true
 * ```
 */
export function decodeListCursor(cursor: string): string {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch (error) {
    throw new InvalidListCursorError('The cursor is not one this API returned.', { cause: error });
  }
  const after = (parsed as { after?: unknown } | null)?.after;
  if (typeof after !== 'string' || !JOB_ID_PATTERN.test(after)) {
    throw new InvalidListCursorError('The cursor is not one this API returned.');
  }
  return after;
}

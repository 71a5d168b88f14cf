import { InvalidListCursorError } from '../errors';
import { JOB_ID_PATTERN } from './job-id';

// Re-exported for the list routes, which catch it by this module.
export { InvalidListCursorError } from '../errors';

/** What a cursor's `at` looks like: the ISO-8601 UTC `createdAt` a job is stored with. */
const CREATED_AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

const REFUSAL = 'The cursor is not one this API returned.';

/**
 * The position a list page ended at: the last listed job, and its `createdAt` for a list in
 * creation order (a series' episodes, on the `series-episodes` index).
 */
export interface ListPosition {
  jobId: string;
  createdAt?: string;
}

/**
 * The opaque cursor of a job list page: the last listed job id (and, for a list sorted by
 * `createdAt`, its creation time), base64url JSON. It carries no user or series id — a list
 * is always of the caller's own jobs, keyed by the query — so a cursor cannot reach another
 * user's jobs.
 */
export function encodeListCursor(lastJobId: string, createdAt?: string): string {
  const position =
    createdAt === undefined ? { after: lastJobId } : { after: lastJobId, at: createdAt };
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/**
 * The job id a cursor continues after; throws {@link InvalidListCursorError} for anything
 * {@link encodeListCursor} did not make.
 */
export function decodeListCursor(cursor: string): string {
  return decodePosition(cursor).jobId;
}

/**
 * The job id and `createdAt` a cursor of a list in creation order continues after; throws
 * {@link InvalidListCursorError} for anything else, including a cursor without `createdAt`.
 */
export function decodeCreatedCursor(cursor: string): Required<ListPosition> {
  const { jobId, createdAt } = decodePosition(cursor);
  if (createdAt === undefined) throw new InvalidListCursorError(REFUSAL);
  return { jobId, createdAt };
}

function decodePosition(cursor: string): ListPosition {
  let parsed: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new Error('not base64url');
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch (error) {
    throw new InvalidListCursorError(REFUSAL, { cause: error });
  }
  const { after, at } = (parsed ?? {}) as { after?: unknown; at?: unknown };
  if (typeof after !== 'string' || !JOB_ID_PATTERN.test(after)) {
    throw new InvalidListCursorError(REFUSAL);
  }
  if (at === undefined) return { jobId: after };
  if (typeof at !== 'string' || !CREATED_AT_PATTERN.test(at) || Number.isNaN(Date.parse(at))) {
    throw new InvalidListCursorError(REFUSAL);
  }
  return { jobId: after, createdAt: at };
}

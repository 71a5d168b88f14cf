import { SERIES_ID_MAX_CHARS } from '@lumcast/script-generation';
import * as z from '../config/zod-mini';
import { SeriesInputError } from '../errors';

// The ids every series input carries, checked before any I/O by the memory and the listing.

/**
 * A trimmed, non-empty id of at most {@link SERIES_ID_MAX_CHARS} characters, named `field`
 * in its messages.
 *
 * @example
 * ```ts
 * const jobId = seriesIdSchemaFor('jobId');
 * ```
 */
export function seriesIdSchemaFor(field: string) {
  return z.string({ error: `${field} must be a string` }).check(
    z.trim(),
    z.minLength(1, { error: `${field} must not be empty` }),
    z.maxLength(SERIES_ID_MAX_CHARS, {
      error: `${field} must be at most ${SERIES_ID_MAX_CHARS} characters`,
    }),
  );
}

/**
 * A user id as the series keys hold it: a {@link seriesIdSchemaFor} id without `#`, so
 * `<userId>#<seriesId>` splits one way only.
 *
 * @example
 * ```ts
 * seriesUserIdSchema.safeParse('a#b').success; // false
 * ```
 */
export const seriesUserIdSchema = seriesIdSchemaFor('userId').check(
  z.refine((id) => !id.includes('#'), { error: 'userId must not contain "#"' }),
);

/**
 * The partition key of a user's series, in the memory table and the jobs table's
 * `series-episodes` index alike: `<userId>#<seriesId>`.
 *
 * @example
 * ```ts
 * userSeriesKey('alice', 'rivers'); // 'alice#rivers'
 * ```
 */
export function userSeriesKey(userId: string, seriesId: string): string {
  return `${userId}#${seriesId}`;
}

/**
 * Parses a series input, or throws {@link SeriesInputError} naming the first field at fault.
 *
 * @example
 * ```ts
 * const checked = parseSeriesInput(recallSchema, { userId: 'u-1', seriesId: 'rivers' });
 * ```
 */
export function parseSeriesInput<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(input)';
  throw new SeriesInputError(field, issue?.message ?? 'invalid input', { cause: result.error });
}

/**
 * Checks a table name option before any I/O.
 *
 * @example
 * ```ts
 * checkTableName(options.tableName); // throws SeriesInputError('tableName', …) when empty
 * ```
 */
export function checkTableName(tableName: unknown): string {
  if (typeof tableName !== 'string' || tableName.trim() === '') {
    throw new SeriesInputError('tableName', 'tableName must not be empty');
  }
  return tableName;
}

import { SERIES_ID_MAX_CHARS } from '@lumcast/script-generation';
import * as z from '../config/zod-mini';
import { SeriesInputError } from '../errors';

// The ids every series input carries, checked before any I/O by the memory and the listing.

/**
 * A trimmed, non-empty id of at most {@link SERIES_ID_MAX_CHARS} characters, named `field`
 * in its messages.
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
 */
export const seriesUserIdSchema = seriesIdSchemaFor('userId').check(
  z.refine((id) => !id.includes('#'), { error: 'userId must not contain "#"' }),
);

/**
 * An optional whole number from 1 to `max`, named `field` in its messages (a recall budget,
 * a page size).
 */
export function optionalCountSchema(field: string, max: number) {
  const range = `${field} must be between 1 and ${max}`;
  return z.optional(
    z
      .number({ error: `${field} must be a number` })
      .check(
        z.int({ error: `${field} must be a whole number` }),
        z.minimum(1, { error: range }),
        z.maximum(max, { error: range }),
      ),
  );
}

/** Parses a series input, or throws {@link SeriesInputError} naming the first field at fault. */
export function parseSeriesInput<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(input)';
  throw new SeriesInputError(field, issue?.message ?? 'invalid input', { cause: result.error });
}

/** Checks a table name option before any I/O. */
export function checkTableName(tableName: unknown): string {
  if (typeof tableName !== 'string' || tableName.trim() === '') {
    throw new SeriesInputError('tableName', 'tableName must not be empty');
  }
  return tableName;
}

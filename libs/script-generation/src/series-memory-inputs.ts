import { ScriptInputError } from './errors';
import {
  SCRIPT_KEY_POINT_MAX_CHARS,
  SCRIPT_KEY_POINTS_MAX,
  SCRIPT_SUMMARY_MAX_CHARS,
  SCRIPT_TITLE_MAX_CHARS,
} from './podcast-script';
import { SERIES_CONTEXT_MAX_CHARS, SERIES_ID_MAX_CHARS } from './script-request';
import * as z from './zod-mini';

// The inputs SeriesMemory checks before any I/O: what `remember` stores and what `recall` asks.

const idSchema = (field: string) =>
  z.string({ error: `${field} must be a string` }).check(
    z.trim(),
    z.minLength(1, { error: `${field} must not be empty` }),
    z.maxLength(SERIES_ID_MAX_CHARS, {
      error: `${field} must be at most ${SERIES_ID_MAX_CHARS} characters`,
    }),
  );

const userIdSchema = idSchema('userId').check(
  z.refine((id) => !id.includes('#'), { error: 'userId must not contain "#"' }),
);

const textSchema = (field: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .check(
      z.trim(),
      z.minLength(1, { error: `${field} must not be empty` }),
      z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
    );

/** What `SeriesMemory.remember` accepts. */
export const rememberSchema = z.object({
  userId: userIdSchema,
  seriesId: idSchema('seriesId'),
  jobId: idSchema('jobId'),
  title: textSchema('title', SCRIPT_TITLE_MAX_CHARS),
  summary: textSchema('summary', SCRIPT_SUMMARY_MAX_CHARS),
  keyPoints: z
    .array(textSchema('key point', SCRIPT_KEY_POINT_MAX_CHARS), {
      error: 'keyPoints must be an array of strings',
    })
    .check(
      z.maxLength(SCRIPT_KEY_POINTS_MAX, { error: `at most ${SCRIPT_KEY_POINTS_MAX} key points` }),
    ),
});

const budgetRange = `budgetChars must be between 1 and ${SERIES_CONTEXT_MAX_CHARS}`;

/** What `SeriesMemory.recall` accepts. */
export const recallSchema = z.object({
  userId: userIdSchema,
  seriesId: idSchema('seriesId'),
  budgetChars: z.optional(
    z
      .number({ error: 'budgetChars must be a number' })
      .check(
        z.int({ error: 'budgetChars must be a whole number' }),
        z.minimum(1, { error: budgetRange }),
        z.maximum(SERIES_CONTEXT_MAX_CHARS, { error: budgetRange }),
      ),
  ),
});

/**
 * Parses a series-memory input, or throws {@link ScriptInputError} naming the first field at fault.
 *
 * @example
 * ```ts
 * const checked = parseSeriesMemoryInput(recallSchema, { userId: 'u-1', seriesId: 'rivers' });
 * ```
 */
export function parseSeriesMemoryInput<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(input)';
  throw new ScriptInputError(field, issue?.message ?? 'invalid input', { cause: result.error });
}

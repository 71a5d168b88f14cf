import {
  SCRIPT_KEY_POINT_MAX_CHARS,
  SCRIPT_KEY_POINTS_MAX,
  SCRIPT_SUMMARY_MAX_CHARS,
  SCRIPT_TITLE_MAX_CHARS,
  SERIES_CONTEXT_MAX_CHARS,
} from '@lumcast/script-generation';
import * as z from '../config/zod-mini';
import { optionalCountSchema, seriesIdSchemaFor, seriesUserIdSchema } from './series-inputs';

// The inputs SeriesMemory checks before any I/O: what `remember` stores and what `recall` asks.

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
  userId: seriesUserIdSchema,
  seriesId: seriesIdSchemaFor('seriesId'),
  jobId: seriesIdSchemaFor('jobId'),
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

/** What `SeriesMemory.recall` accepts. */
export const recallSchema = z.object({
  userId: seriesUserIdSchema,
  seriesId: seriesIdSchemaFor('seriesId'),
  budgetChars: optionalCountSchema('budgetChars', SERIES_CONTEXT_MAX_CHARS),
});

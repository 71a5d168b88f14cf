import { QUOTA_HISTORY_WEEKS } from '@lumcast/quota';
import * as z from '../config/zod-mini';

/** Weeks `GET /api/usage/history` answers when `weeks` is not given. */
export const DEFAULT_HISTORY_WEEKS = 8;

const historyQuerySchema = z.strictObject({
  weeks: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(QUOTA_HISTORY_WEEKS))),
});

/** The outcome of {@link parseHistoryQuery}: the weeks asked for, or the field at fault and why. */
export type HistoryQueryResult =
  { success: true; weeks: number } | { success: false; field: string; message: string };

/**
 * Validates `?weeks=N` of `GET /api/usage/history`: a whole number from 1 to 26
 * (default 8); any other parameter is refused rather than ignored.
 */
export function parseHistoryQuery(
  parameters: Record<string, string | undefined> | undefined,
): HistoryQueryResult {
  const parsed = historyQuerySchema.safeParse(parameters ?? {});
  if (parsed.success) return { success: true, weeks: parsed.data.weeks ?? DEFAULT_HISTORY_WEEKS };
  const issue = parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const field = issue.keys[0] ?? 'query';
    return { success: false, field, message: `Unknown query parameter "${field}".` };
  }
  return {
    success: false,
    field: 'weeks',
    message: `weeks must be a whole number from 1 to ${QUOTA_HISTORY_WEEKS}.`,
  };
}

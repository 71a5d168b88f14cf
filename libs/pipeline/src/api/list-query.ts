import * as z from '../config/zod-mini';

const listQuerySchema = z.strictObject({
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});

/** The validated query of `GET /api/podcasts`. */
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The outcome of {@link parseListQuery}: the query, or the field at fault and why. */
export type ListQueryResult =
  { success: true; data: ListQuery } | { success: false; field: string; message: string };

/**
 * Validates `?cursor=…&limit=…` of `GET /api/podcasts`: `limit` is an integer from 1 to 100
 * (default 100), `cursor` is what the previous page returned as `nextCursor`; any other
 * parameter is refused rather than ignored.
 */
export function parseListQuery(
  parameters: Record<string, string | undefined> | undefined,
): ListQueryResult {
  const parsed = listQuerySchema.safeParse(parameters ?? {});
  if (parsed.success) return { success: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const field =
    issue?.code === 'unrecognized_keys'
      ? (issue.keys[0] ?? 'query')
      : String(issue?.path[0] ?? 'query');
  const message =
    field === 'limit'
      ? 'limit must be a whole number from 1 to 100.'
      : field === 'cursor'
        ? 'cursor must be the nextCursor of a previous page.'
        : `Unknown query parameter "${field}".`;
  return { success: false, field, message };
}

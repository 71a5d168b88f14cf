import * as z from '../config/zod-mini';

/**
 * The body of every 4xx/5xx answer: a stable `code`, a message for people, the field at fault
 * when there is one, and numbers where they help (`remaining`, `retryAt`…). Built by the api's
 * `apiError`.
 */
export const apiErrorBodySchema = z.object({
  error: z.looseObject({ code: z.string(), message: z.string(), field: z.optional(z.string()) }),
});

/** The body of every 4xx/5xx answer ({@link apiErrorBodySchema}). */
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

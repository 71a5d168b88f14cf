import * as z from '../config/zod-mini';
import { httpUrlOrPathSchema } from './http-url';

/**
 * The 201 body of `POST /api/sources`: the id to give `POST /api/podcasts`, and the form to upload
 * the file with (`multipart/form-data` to `uploadUrl`, an absolute http(s) URL in AWS or a path
 * on the same origin locally: every `uploadFields` entry, then the file as `file`), within
 * `maxBytes` and before `expiresAt`. Built by the `createSource` route.
 */
export const sourceUploadSchema = z.object({
  sourceId: z.string().check(z.minLength(1)),
  uploadUrl: httpUrlOrPathSchema,
  uploadFields: z.record(z.string(), z.string()),
  maxBytes: z.number(),
  expiresAt: z.string(),
});

/** The 201 body of `POST /api/sources` ({@link sourceUploadSchema}). */
export type SourceUpload = z.infer<typeof sourceUploadSchema>;

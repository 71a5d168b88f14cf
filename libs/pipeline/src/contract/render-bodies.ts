import * as z from '../config/zod-mini';
import { jobStatusSchema } from './body-enums';
import { scriptEditTurnSchema } from './script-edit-body';

/**
 * `POST /api/podcasts/{jobId}/render`: the script version to speak. It must be the job's latest
 * (else 409 `stale_version`); the render reserves exactly that version's quote.
 */
export const renderRequestSchema = z.strictObject({
  version: z.number().check(z.int(), z.minimum(1)),
});

/** A render of a job's script ({@link renderRequestSchema}). */
export type RenderRequest = z.infer<typeof renderRequestSchema>;

/**
 * The body of the 202 answer to `POST /api/podcasts/{jobId}/render`: the version being spoken,
 * the job's status, the slots reserved (the quote: slots per minute × the new audio's whole
 * minutes), and how many chunks are new and how many are reused from earlier renders.
 */
export const renderAcceptedSchema = z.object({
  jobId: z.string(),
  version: z.number(),
  status: jobStatusSchema,
  estimatedCost: z.number(),
  chunksToSynthesize: z.number(),
  chunksReused: z.number(),
});

/** The body of the 202 answer to `POST /api/podcasts/{jobId}/render` ({@link renderAcceptedSchema}). */
export type RenderAccepted = z.infer<typeof renderAcceptedSchema>;

/**
 * `POST /api/podcasts/{jobId}/script/quote`: a script as it is being edited (the same body as
 * `PUT …/script`), quoted without keeping a version.
 */
export const scriptQuoteRequestSchema = z.strictObject({
  version: z.number().check(z.int(), z.minimum(1)),
  turns: z.array(scriptEditTurnSchema),
});

/**
 * The answer to `POST /api/podcasts/{jobId}/script/quote`: the edited script's speaking time, the
 * part of it that would be new audio, and what rendering it would cost (`estimatedCost`, for the
 * new audio only), with the chunks it would synthesize and reuse.
 */
export const scriptQuoteSchema = z.object({
  estimatedSeconds: z.number(),
  newSeconds: z.number(),
  estimatedCost: z.number(),
  chunksToSynthesize: z.number(),
  chunksReused: z.number(),
});

/** The answer to `POST /api/podcasts/{jobId}/script/quote` ({@link scriptQuoteSchema}). */
export type ScriptQuote = z.infer<typeof scriptQuoteSchema>;

/**
 * One render of a job, as `GET /api/podcasts/{jobId}` lists them (oldest first): the script
 * version spoken, the slots it charged (0 until it settles, and for a failed render), its
 * chunks synthesized and reused, and where it is (with why it failed).
 */
export const episodeRenderSchema = z.object({
  version: z.number(),
  charged: z.number(),
  chunksSynthesized: z.number(),
  chunksReused: z.number(),
  /** Where it is: `rendering` (the job keeps serving its previous audio), `rendered`, `failed`. */
  status: z.optional(z.enum(['rendering', 'rendered', 'failed'])),
  /** Why a failed render failed, in one sentence (nothing was charged). */
  error: z.optional(z.string()),
});

/** One render of a job ({@link episodeRenderSchema}). */
export type EpisodeRender = z.infer<typeof episodeRenderSchema>;

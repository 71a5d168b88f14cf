import { z } from 'zod';

/** Identifies one job; the input of WriteScript and the base of every step input. */
export const jobRefSchema = z.object({
  userId: z.string().min(1),
  jobId: z.string().min(1),
});

/** One speech chunk as it travels through the state machine's Map. */
export const speechChunkItemSchema = z.object({
  index: z.number().int().min(0),
  text: z.string().min(1),
  hostIndex: z.union([z.literal(0), z.literal(1)]),
});

/** Input of the synthesize step (one Map item). */
export const synthesizeInputSchema = jobRefSchema.extend({
  quality: z.enum(['standard', 'neural', 'generative']),
  totalChunks: z.number().int().min(1),
  chunk: speechChunkItemSchema,
});

/** What the synthesize step returns for one chunk. */
export const synthesizedChunkSchema = z.object({
  index: z.number().int().min(0),
  key: z.string().min(1),
});

/** Input of the assemble step. */
export const assembleInputSchema = jobRefSchema.extend({
  synthesized: z.array(synthesizedChunkSchema).min(1),
});

/** What the assemble step returns: the measured episode. */
export const assembledEpisodeSchema = z.object({
  audioKey: z.string().min(1),
  captionsKey: z.string().min(1),
  durationSeconds: z.number().positive(),
  chapters: z.array(
    z.object({ title: z.string(), startSeconds: z.number(), endSeconds: z.number() }),
  ),
});

/** Input of the callback: success with the measured episode, or failure with the caught error. */
export const callbackInputSchema = z.discriminatedUnion('outcome', [
  jobRefSchema.extend({ outcome: z.literal('succeeded'), audio: assembledEpisodeSchema }),
  jobRefSchema.extend({
    outcome: z.literal('failed'),
    error: z.object({ Error: z.string().optional(), Cause: z.string().optional() }).optional(),
    /** The execution's state when it failed: `audio` is there when assembly had succeeded. */
    state: z.looseObject({ audio: assembledEpisodeSchema.optional() }).optional(),
  }),
]);

export type JobRef = z.infer<typeof jobRefSchema>;
export type SpeechChunkItem = z.infer<typeof speechChunkItemSchema>;
export type SynthesizeInput = z.infer<typeof synthesizeInputSchema>;
export type SynthesizedChunk = z.infer<typeof synthesizedChunkSchema>;
export type AssembleInput = z.infer<typeof assembleInputSchema>;
export type AssembledEpisode = z.infer<typeof assembledEpisodeSchema>;
export type CallbackInput = z.infer<typeof callbackInputSchema>;

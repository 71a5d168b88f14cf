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

/**
 * The statuses of a finished-but-unsuccessful execution that the execution-status
 * rule forwards to the callback.
 *
 * @example
 * ```ts
 * UNSUCCESSFUL_EXECUTION_STATUSES.includes('ABORTED'); // true
 * ```
 */
export const UNSUCCESSFUL_EXECUTION_STATUSES = ['FAILED', 'TIMED_OUT', 'ABORTED'] as const;

/** The execution input (`{ userId, jobId }`), which the event carries as a JSON string. */
const executionInputSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'detail.input is not JSON' });
      return z.NEVER;
    }
  })
  .pipe(jobRefSchema);

/**
 * An EventBridge "Step Functions Execution Status Change" event for an execution
 * that failed, timed out or was aborted (`detail.input` is the execution input).
 *
 * @example
 * ```ts
 * const event = executionStatusChangeSchema.parse(rawEvent);
 * event.detail.input.jobId;
 * ```
 */
export const executionStatusChangeSchema = z.object({
  source: z.literal('aws.states'),
  'detail-type': z.literal('Step Functions Execution Status Change'),
  detail: z.object({
    executionArn: z.string().min(1),
    status: z.enum(UNSUCCESSFUL_EXECUTION_STATUSES),
    input: executionInputSchema,
    error: z.string().nullish(),
    cause: z.string().nullish(),
  }),
});

/**
 * What the callback function accepts: a state machine callback input, or an
 * execution-status event, which becomes the failure input of its job (without the
 * execution's state: the failure path then reads the measured episode from the job).
 *
 * @example
 * ```ts
 * callbackEventSchema.parse(eventBridgeEvent); // { userId, jobId, outcome: 'failed', error }
 * ```
 */
export const callbackEventSchema = z.union([
  callbackInputSchema,
  executionStatusChangeSchema.transform(({ detail }): CallbackInput => ({
    ...detail.input,
    outcome: 'failed',
    error: {
      Error: detail.error ?? `States.Execution${statusWord(detail.status)}`,
      Cause:
        detail.cause ??
        `The execution ${detail.executionArn} ended ${detail.status} before it reported.`,
    },
  })),
]);

function statusWord(status: (typeof UNSUCCESSFUL_EXECUTION_STATUSES)[number]): string {
  return { FAILED: 'Failed', TIMED_OUT: 'TimedOut', ABORTED: 'Aborted' }[status];
}

export type JobRef = z.infer<typeof jobRefSchema>;
export type SpeechChunkItem = z.infer<typeof speechChunkItemSchema>;
export type SynthesizeInput = z.infer<typeof synthesizeInputSchema>;
export type SynthesizedChunk = z.infer<typeof synthesizedChunkSchema>;
export type AssembleInput = z.infer<typeof assembleInputSchema>;
export type AssembledEpisode = z.infer<typeof assembledEpisodeSchema>;
export type CallbackInput = z.infer<typeof callbackInputSchema>;
export type ExecutionStatusChange = z.infer<typeof executionStatusChangeSchema>;

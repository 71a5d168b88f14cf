import * as z from '../config/zod-mini';

/** Identifies one job; the input of the whole-script path and the base of every step input. */
export const jobRefSchema = z.object({
  userId: z.string().check(z.minLength(1)),
  jobId: z.string().check(z.minLength(1)),
});

/** One speech chunk as it travels through the state machine's Map. */
export const speechChunkItemSchema = z.object({
  index: z.number().check(z.int(), z.minimum(0)),
  text: z.string().check(z.minLength(1)),
  hostIndex: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /**
   * The voice the host chose in its series' profile (one of `GET /api/options`' voices for the
   * job's quality and language); absent: the engine's default voice for the host.
   */
  voice: z.optional(z.string().check(z.minLength(1))),
  /** Its address (`chunkAddress`): its audio is stored at `objectKeys.chunkAt`. */
  address: z.optional(z.string().check(z.minLength(1))),
});

/**
 * Which render of the job's script an execution runs (`POST …/render`), or 0 (or absent) for
 * the job's own episode: the state machine carries it from its input (`$.render`).
 */
const renderNumberSchema = z.optional(z.number().check(z.int(), z.minimum(0)));

/**
 * A step's answer when its provider's turn is later: the state machine waits until `waitUntil`
 * (an ISO timestamp) and invokes the step again, handing back `startAt`, the start it reserved.
 */
export const providerTurnWaitSchema = z.object({
  waitUntil: z.iso.datetime(),
  startAt: z.optional(z.iso.datetime()),
});

/** Input of the synthesize step (one Map item). */
export const synthesizeInputSchema = z.extend(jobRefSchema, {
  quality: z.enum(['standard', 'neural', 'generative']),
  /** Absent from executions started before languages: those speak en-US. */
  language: z.optional(z.string().check(z.minLength(1))),
  totalChunks: z.number().check(z.int(), z.minimum(1)),
  chunk: speechChunkItemSchema,
  /** The previous invocation's answer, when it was to wait for Polly's turn. */
  turn: z.optional(providerTurnWaitSchema),
});

/** What the synthesize step returns for one chunk. */
export const synthesizedChunkSchema = z.object({
  index: z.number().check(z.int(), z.minimum(0)),
  key: z.string().check(z.minLength(1)),
});

/** Input of the assemble step. */
export const assembleInputSchema = z.extend(jobRefSchema, {
  render: renderNumberSchema,
  /** The chunks the Map spoke: every chunk of an episode; a render's new ones only (maybe none). */
  synthesized: z.array(synthesizedChunkSchema),
});

/** What the assemble step returns: the measured episode. */
export const assembledEpisodeSchema = z.object({
  audioKey: z.string().check(z.minLength(1)),
  captionsKey: z.string().check(z.minLength(1)),
  durationSeconds: z.number().check(z.positive()),
  /** Optional: executions started before it was measured carry none. */
  audioBytes: z.optional(z.number().check(z.int(), z.positive())),
  chapters: z.array(
    z.object({ title: z.string(), startSeconds: z.number(), endSeconds: z.number() }),
  ),
  /** A render's: the measured seconds of the chunks it newly spoke, which it is charged for. */
  newSeconds: z.optional(z.number().check(z.minimum(0))),
});

/** Input of the callback: success with the measured episode, or failure with the caught error. */
export const callbackInputSchema = z.discriminatedUnion('outcome', [
  z.extend(jobRefSchema, {
    render: renderNumberSchema,
    outcome: z.literal('succeeded'),
    audio: assembledEpisodeSchema,
  }),
  z.extend(jobRefSchema, {
    render: renderNumberSchema,
    outcome: z.literal('failed'),
    error: z.optional(z.object({ Error: z.optional(z.string()), Cause: z.optional(z.string()) })),
    /** The execution's state when it failed: `audio` is there when assembly had succeeded. */
    state: z.optional(z.looseObject({ audio: z.optional(assembledEpisodeSchema) })),
  }),
]);

/**
 * The statuses of a finished-but-unsuccessful execution that the execution-status
 * rule forwards to the callback.
 */
export const UNSUCCESSFUL_EXECUTION_STATUSES = ['FAILED', 'TIMED_OUT', 'ABORTED'] as const;

/** The execution input (`{ userId, jobId, render? }`), which the event carries as a JSON string. */
const executionInputSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.issues.push({ code: 'custom', message: 'detail.input is not JSON', input: text });
        return z.NEVER;
      }
    }),
  ),
  z.extend(jobRefSchema, { render: renderNumberSchema }),
);

/**
 * An EventBridge "Step Functions Execution Status Change" event for an execution
 * that failed, timed out or was aborted (`detail.input` is the execution input).
 */
export const executionStatusChangeSchema = z.object({
  source: z.literal('aws.states'),
  'detail-type': z.literal('Step Functions Execution Status Change'),
  detail: z.object({
    executionArn: z.string().check(z.minLength(1)),
    status: z.enum(UNSUCCESSFUL_EXECUTION_STATUSES),
    input: executionInputSchema,
    error: z.nullish(z.string()),
    cause: z.nullish(z.string()),
  }),
});

/**
 * What the callback function accepts: a state machine callback input, or an
 * execution-status event, which becomes the failure input of its job (without the
 * execution's state: the failure path then reads the measured episode from the job).
 */
export const callbackEventSchema = z.union([
  callbackInputSchema,
  z.pipe(
    executionStatusChangeSchema,
    z.transform(({ detail }: ExecutionStatusChange): CallbackInput => ({
      ...detail.input,
      outcome: 'failed',
      error: {
        Error: detail.error ?? `States.Execution${statusWord(detail.status)}`,
        Cause:
          detail.cause ??
          `The execution ${detail.executionArn} ended ${detail.status} before it reported.`,
      },
    })),
  ),
]);

function statusWord(status: (typeof UNSUCCESSFUL_EXECUTION_STATUSES)[number]): string {
  return { FAILED: 'Failed', TIMED_OUT: 'TimedOut', ABORTED: 'Aborted' }[status];
}

export type JobRef = z.infer<typeof jobRefSchema>;
export type SpeechChunkItem = z.infer<typeof speechChunkItemSchema>;
export type SynthesizeInput = z.infer<typeof synthesizeInputSchema>;
export type SynthesizedChunk = z.infer<typeof synthesizedChunkSchema>;
export type ProviderTurnWait = z.infer<typeof providerTurnWaitSchema>;
export type AssembleInput = z.infer<typeof assembleInputSchema>;
export type AssembledEpisode = z.infer<typeof assembledEpisodeSchema>;
export type CallbackInput = z.infer<typeof callbackInputSchema>;
export type ExecutionStatusChange = z.infer<typeof executionStatusChangeSchema>;

import {
  podcastScriptSchema,
  scriptOutlineSchema,
  scriptRequestSchema,
} from '@lumcast/script-generation';
import * as z from '../config/zod-mini';
import { jobRefSchema } from './step-inputs';

/** Input of the WriteOutline phase of the write-script function. */
export const writeOutlineInputSchema = z.extend(jobRefSchema, { phase: z.literal('outline') });

/** Input of one WriteChapter phase (one item of the chapters Map): `part` counts from 0. */
export const writeChapterInputSchema = z.extend(jobRefSchema, {
  phase: z.literal('chapter'),
  part: z.number().check(z.int(), z.minimum(0)),
});

/** Input of the FinishScript phase. */
export const finishScriptInputSchema = z.extend(jobRefSchema, { phase: z.literal('finish') });

/** Input of the PlanRender phase: the first task of render `render` of the job's script. */
export const planRenderInputSchema = z.extend(jobRefSchema, {
  phase: z.literal('render'),
  render: z.number().check(z.int(), z.minimum(1)),
});

/**
 * Input of the write-script function: one of its phases (PlanRender included), or (no `phase`) the whole
 * script in one invocation, as before scripts were written in parts.
 */
export const writeScriptFunctionInputSchema = z.union([
  z.discriminatedUnion('phase', [
    writeOutlineInputSchema,
    writeChapterInputSchema,
    finishScriptInputSchema,
    planRenderInputSchema,
  ]),
  z.strictObject(jobRefSchema.shape),
]);

/** What WriteOutline returns: the parts the chapters Map writes (`[0]` for a whole script). */
export const writeOutlineOutputSchema = z.object({
  parts: z.array(z.number().check(z.int(), z.minimum(0))).check(z.minLength(1)),
});

/** What WriteOutline stores at `objectKeys.scriptOutline`: the request and its plan. */
export const storedOutlineSchema = z.object({
  request: scriptRequestSchema,
  plan: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('whole') }),
    z.object({ kind: z.literal('chapters'), outline: scriptOutlineSchema }),
  ]),
});

/** What WriteChapter stores at `objectKeys.scriptPart`: a whole script, or one chapter. */
export const storedScriptPartSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('script'), script: podcastScriptSchema }),
  z.object({
    kind: z.literal('chapter'),
    chapter: z.object({
      title: z.string(),
      segments: z.array(z.object({ speaker: z.string(), text: z.string() })).check(z.minLength(1)),
    }),
  }),
]);

export type WriteOutlineInput = z.infer<typeof writeOutlineInputSchema>;
export type WriteChapterInput = z.infer<typeof writeChapterInputSchema>;
export type FinishScriptInput = z.infer<typeof finishScriptInputSchema>;
export type WriteScriptFunctionInput = z.infer<typeof writeScriptFunctionInputSchema>;
export type WriteOutlineOutput = z.infer<typeof writeOutlineOutputSchema>;
export type StoredOutline = z.infer<typeof storedOutlineSchema>;
export type StoredScriptPart = z.infer<typeof storedScriptPartSchema>;

import * as z from '../config/zod-mini';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { readStoredJson } from '../steps/read-stored-object';

/**
 * What `POST …/render` stores for render `number` (`objectKeys.renderPlan`) and the steps of its
 * execution read: the version, the job's quality and language, whether it is the job's first
 * render (from `script_ready`), the chapter titles and every chunk (`RenderChunk`) in order.
 */
export const renderArtifactSchema = z.object({
  number: z.number().check(z.int(), z.minimum(1)),
  version: z.number().check(z.int(), z.minimum(1)),
  quality: z.enum(['standard', 'neural', 'generative']),
  language: z.string().check(z.minLength(1)),
  first: z.boolean(),
  chapterTitles: z.array(z.string()),
  chunks: z
    .array(
      z.object({
        index: z.number().check(z.int(), z.minimum(0)),
        text: z.string().check(z.minLength(1)),
        speaker: z.string(),
        hostIndex: z.union([z.literal(0), z.literal(1), z.literal(2)]),
        chapterIndex: z.number().check(z.int(), z.minimum(0)),
        segmentIndex: z.number().check(z.int(), z.minimum(0)),
        voice: z.optional(z.string().check(z.minLength(1))),
        address: z.string().check(z.minLength(1)),
        synthesize: z.boolean(),
        seconds: z.number(),
      }),
    )
    .check(z.minLength(1)),
});

/** The stored plan of one render ({@link renderArtifactSchema}). */
export type RenderArtifact = z.infer<typeof renderArtifactSchema>;

/**
 * The ledger id of render `n` of a job: the job id and the number, so each render holds,
 * settles or releases its own slots exactly once (a redelivered message or a retried request
 * never charges twice), apart from the job's own record.
 *
 * @example
 * ```ts
 * renderLedgerId('j-1', 2); // 'j-1-render-2'
 * ```
 */
export function renderLedgerId(jobId: string, n: number): string {
  return `${jobId}-render-${n}`;
}

/** Stores render `artifact.number`'s plan under `objectKeys.renderPlan`. */
export async function storeRenderArtifact(
  store: ObjectStore,
  jobId: string,
  artifact: RenderArtifact,
): Promise<void> {
  await store.put(
    objectKeys.renderPlan(jobId, artifact.number),
    JSON.stringify(artifact),
    'application/json',
  );
}

/** Reads render `n`'s plan; `ObjectNotFoundError` when it is missing. */
export async function readRenderArtifact(
  store: ObjectStore,
  jobId: string,
  n: number,
): Promise<RenderArtifact> {
  return renderArtifactSchema.parse(
    await readStoredJson(store, objectKeys.renderPlan(jobId, n), `render ${n} of job ${jobId}`),
  );
}

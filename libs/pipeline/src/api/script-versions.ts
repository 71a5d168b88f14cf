import { createHash } from 'node:crypto';
import { podcastScriptSchema, type PodcastScript } from '@lumcast/script-generation';
import * as z from '../config/zod-mini';
import type { JobRecord } from '../jobs/job';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { readStoredJson } from '../steps/read-stored-object';

/**
 * One version of a job's script: its number (1 as written, one more per edit), the script, the
 * stable id of each of its turns (in order through the chapters) and the number the next new
 * turn's id takes (`t<nextTurn>`; ids are never reused, even a deleted turn's).
 */
export interface ScriptVersion {
  version: number;
  script: PodcastScript;
  turnIds: string[];
  nextTurn: number;
}

/** The part of the written script artifact (`ScriptArtifact`) version 1 is read from. */
const writtenSchema = z.object({ script: podcastScriptSchema });

/** An edited version as {@link storeScriptVersion} stores it. */
const editedSchema = z.object({
  version: z.number(),
  script: podcastScriptSchema,
  turnIds: z.array(z.string()),
  nextTurn: z.number(),
});

/**
 * The latest version of a job's script: the one its record names (`scriptKey`), or version 1,
 * the script as written, whose turns are `t1`, `t2`, … in order.
 *
 * @example
 * ```ts
 * const latest = await readLatestScript(store, job); // { version: 1, script, turnIds: ['t1', …], nextTurn: 4 }
 * ```
 */
export async function readLatestScript(
  store: ObjectStore,
  job: Pick<JobRecord, 'userId' | 'jobId' | 'scriptVersion' | 'scriptKey'>,
): Promise<ScriptVersion> {
  if (job.scriptKey === undefined) {
    const { script } = writtenSchema.parse(
      await readStoredJson(
        store,
        objectKeys.script(job.userId, job.jobId),
        `the script of job ${job.jobId}`,
      ),
    );
    const turns = script.chapters.flatMap((chapter) => chapter.segments);
    return {
      version: 1,
      script,
      turnIds: turns.map((_, index) => `t${index + 1}`),
      nextTurn: turns.length + 1,
    };
  }
  return editedSchema.parse(
    await readStoredJson(
      store,
      job.scriptKey,
      `version ${job.scriptVersion ?? '?'} of the script of job ${job.jobId}`,
    ),
  );
}

/**
 * Stores an edited version under its own key (`objectKeys.scriptVersion`, named by a digest of
 * its content, so two different edits of the same version never share an object and a repeated
 * one writes the same bytes) and answers the key. Nothing names it until the job's record does
 * (`JobsTable.recordScriptVersion`).
 *
 * @example
 * ```ts
 * const key = await storeScriptVersion(store, jobId, edited); // 'scripts/j-…/v2-3f1c….json'
 * ```
 */
export async function storeScriptVersion(
  store: ObjectStore,
  jobId: string,
  version: ScriptVersion,
): Promise<string> {
  const body = JSON.stringify(version);
  const digest = createHash('sha256').update(body).digest('hex').slice(0, 16);
  const key = objectKeys.scriptVersion(jobId, version.version, digest);
  await store.put(key, body, 'application/json');
  return key;
}

import { joinScriptParts, planSpeech, ScriptOutputError } from '@lumcast/script-generation';
import { isFinalStatus } from '../jobs/job';
import type { JobsTable } from '../jobs/jobs-table';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { storedOutlineSchema, storedScriptPartSchema } from './script-part-inputs';
import { JobStateError } from './step-errors';
import type { ScriptArtifact, WriteScriptOutput } from './write-script';

/** Dependencies of {@link createFinishScriptStep}. */
export interface FinishScriptDeps {
  jobs: JobsTable;
  store: ObjectStore;
  maxChunkChars: number;
}

/**
 * The FinishScript phase: reads the stored outline and every part, joins and validates the
 * whole script (`ScriptOutputError` when the joined script is invalid), makes the speech
 * plan, stores the script artifact at `objectKeys.script` exactly as a script written in
 * one invocation, marks the job `synthesizing` and hands the chunks to the synthesize Map.
 *
 * @example
 * ```ts
 * const { chunks } = await createFinishScriptStep({ jobs, store, maxChunkChars: 3000 })({ phase: 'finish', userId, jobId });
 * ```
 */
export function createFinishScriptStep(deps: FinishScriptDeps) {
  const read = async (key: string): Promise<unknown> =>
    JSON.parse(new TextDecoder().decode(await deps.store.get(key)));
  return async function finishScript({
    userId,
    jobId,
  }: {
    userId: string;
    jobId: string;
  }): Promise<WriteScriptOutput> {
    const job = await deps.jobs.get(userId, jobId);
    if (!job || isFinalStatus(job.status)) {
      throw new JobStateError(`Job ${jobId} of ${userId} is missing or already final`);
    }
    const stored = storedOutlineSchema.parse(await read(objectKeys.scriptOutline(userId, jobId)));
    const count = stored.plan.kind === 'whole' ? 1 : stored.plan.outline.chapters.length;
    const parts = await Promise.all(
      Array.from({ length: count }, async (_, index) =>
        storedScriptPartSchema.parse(await read(objectKeys.scriptPart(userId, jobId, index))),
      ),
    );
    let script;
    if (stored.plan.kind === 'whole') {
      const [only] = parts;
      if (only?.kind !== 'script') throw new JobStateError(`Job ${jobId} has no whole script`);
      script = only.script;
    } else {
      const chapters = parts.map((part, index) => {
        if (part.kind !== 'chapter') {
          throw new JobStateError(`Part ${index} of job ${jobId} is not a chapter`);
        }
        return part.chapter;
      });
      const joined = joinScriptParts(stored.plan.outline, chapters);
      if (!joined.ok) {
        throw new ScriptOutputError(
          joined.issues,
          `the joined script of job ${jobId} is invalid: ${joined.issues.slice(0, 3).join('; ')}`,
        );
      }
      script = joined.script;
    }
    const plan = planSpeech(script, { maxChars: deps.maxChunkChars });
    const artifact: ScriptArtifact = { script, plan };
    await deps.store.put(
      objectKeys.script(userId, jobId),
      JSON.stringify(artifact),
      'application/json',
    );
    // A job that became final meanwhile must not send its chunks to Polly (paid work).
    if (!(await deps.jobs.setStatus(userId, jobId, 'synthesizing', { totalChunks: plan.length }))) {
      throw new JobStateError(`Job ${jobId} of ${userId} became final before synthesis`);
    }
    return {
      quality: stored.request.quality,
      totalChunks: plan.length,
      chunks: plan.map(({ index, text, hostIndex }) => ({ index, text, hostIndex })),
    };
  };
}

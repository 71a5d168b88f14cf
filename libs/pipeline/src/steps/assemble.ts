import { assembleEpisode } from '@lumcast/audio-assembly';
import type { JobsTable } from '../jobs/jobs-table';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { readStoredJson, readStoredObject } from './read-stored-object';
import { JobStateError } from '../errors';
import type { AssembledEpisode, AssembleInput } from './step-inputs';
import { createAssembleRenderStep } from './assemble-render';
import { storeEpisode } from './stored-episode';
import { recordChunkAddresses } from '../renders/render-updates';
import type { ScriptArtifact } from './store-script-for-synthesis';

/** Dependencies of {@link createAssembleStep}. */
export interface AssembleDeps {
  jobs: JobsTable;
  store: ObjectStore;
  now?: () => Date;
}

/**
 * The assemble step: joins the synthesized chunks frame-exactly into one MP3
 * with ID3 chapters, writes WebVTT captions aligned to it, and returns the
 * measured duration the callback charges for. The measured episode is also
 * recorded on the job ({@link JobsTable.recordAssembled}). A missing script or chunk is an
 * `ObjectNotFoundError` naming it (not retried: the failure path ends the job, uncharged).
 * A render's input (`render` > 0) is assembled by `createAssembleRenderStep`.
 */
export function createAssembleStep(deps: AssembleDeps) {
  const assembleRender = createAssembleRenderStep(deps);
  return async function assemble({
    userId,
    jobId,
    render,
    synthesized,
  }: AssembleInput): Promise<AssembledEpisode> {
    if (render) return assembleRender({ userId, jobId, render });
    if (!(await deps.jobs.setStatus(userId, jobId, 'assembling'))) {
      throw new JobStateError(`Job ${jobId} of ${userId} is missing or already final`);
    }
    const artifact = (await readStoredJson(
      deps.store,
      objectKeys.script(userId, jobId),
      `the script of job ${jobId}`,
    )) as ScriptArtifact;
    const ordered = [...synthesized].sort((a, b) => a.index - b.index);
    if (ordered.length !== artifact.plan.length || ordered.some((chunk, i) => chunk.index !== i)) {
      throw new JobStateError(
        `Job ${jobId}: ${ordered.length} synthesized chunks do not match the plan's ${artifact.plan.length}`,
      );
    }
    const chunkAudio = await Promise.all(
      ordered.map((chunk) =>
        readStoredObject(deps.store, chunk.key, `chunk ${chunk.index} of job ${jobId}`),
      ),
    );
    const episode = assembleEpisode(chunkAudio, {
      chapterTitles: artifact.script.chapters.map((chapter) => chapter.title),
      plan: artifact.plan,
    });
    const assembled = await storeEpisode(deps.store, episode, {
      audioKey: objectKeys.episodeAudio(userId, jobId),
      captionsKey: objectKeys.episodeCaptions(userId, jobId),
    });
    // Kept on the job too: a failure path that runs without the execution's state (the
    // execution-status rule) can then still finish a charged job `ready`.
    if (!(await deps.jobs.recordAssembled(userId, jobId, assembled))) {
      throw new JobStateError(
        `Job ${jobId} of ${userId} stopped assembling before it was recorded`,
      );
    }
    // Its chunks are stored by address: a later render of the job's script reuses them.
    const addresses = artifact.plan.flatMap((chunk) => (chunk.address ? [chunk.address] : []));
    if (addresses.length > 0) {
      await recordChunkAddresses(deps.jobs, userId, jobId, addresses, deps.now?.() ?? new Date());
    }
    return assembled;
  };
}

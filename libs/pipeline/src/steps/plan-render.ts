import { JobStateError } from '../errors';
import type { JobsTable } from '../jobs/jobs-table';
import type { ObjectStore } from '../ports/object-store';
import { readRenderArtifact } from '../renders/render-artifact';
import { markRenderStarted } from '../renders/render-updates';
import type { WriteScriptOutput } from './store-script-for-synthesis';

/** Dependencies of a render's steps (PlanRender, and Assemble of a render). */
export interface RenderStepDeps {
  jobs: JobsTable;
  store: ObjectStore;
  now?: () => Date;
}

/** Which render of which job a render's step works on. */
export interface RenderRef {
  userId: string;
  jobId: string;
  render: number;
}

/**
 * The PlanRender phase of the write-script function (the first task of a render's execution):
 * reads the render's plan (`objectKeys.renderPlan`, stored by `POST …/render`), marks the render
 * taken up (a first render moves the job to `synthesizing`) and hands the synthesize Map only the
 * chunks whose address is new, each with its address (and its host's chosen voice); the rest are reused. A render
 * that is no longer the job's active one throws {@link JobStateError}: nothing is spoken.
 */
export function createPlanRenderStep(deps: RenderStepDeps) {
  const now = deps.now ?? (() => new Date());
  return async function planRender({
    userId,
    jobId,
    render,
  }: RenderRef): Promise<WriteScriptOutput> {
    const artifact = await readRenderArtifact(deps.store, jobId, render);
    const spoken = artifact.chunks.filter((chunk) => chunk.synthesize);
    const started = await markRenderStarted(
      deps.jobs,
      userId,
      jobId,
      { number: render, first: artifact.first, totalChunks: spoken.length },
      now(),
    );
    if (!started) throw new JobStateError(`Render ${render} of job ${jobId} is not running`);
    return {
      quality: artifact.quality,
      language: artifact.language,
      totalChunks: artifact.chunks.length,
      chunks: spoken.map(({ index, text, hostIndex, voice, address }) => ({
        index,
        text,
        hostIndex,
        ...(voice === undefined ? {} : { voice }),
        address,
      })),
    };
  };
}

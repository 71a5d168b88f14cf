import { assembleEpisode, mp3Info } from '@lumcast/audio-assembly';
import { JobStateError } from '../errors';
import { objectKeys } from '../ports/object-store';
import { readRenderArtifact } from '../renders/render-artifact';
import { recordRenderAssembled } from '../renders/render-updates';
import { readStoredObject } from './read-stored-object';
import { storeEpisode } from './stored-episode';
import type { RenderRef, RenderStepDeps } from './plan-render';
import type { AssembledEpisode } from './step-inputs';

/**
 * Assemble for render `render` of a job: joins every chunk of the render's plan, new and reused
 * alike, read by address (`objectKeys.chunkAt`), into a new MP3 with chapters and WebVTT
 * captions timed to it, stored under the render's own keys (`objectKeys.renderAudio`,
 * `renderCaptions`), so the job keeps serving its previous audio until the callback charges
 * the render. It measures the chunks the render newly spoke (`newSeconds`, what it is charged
 * for) and records the assembled render and its chunks' addresses on the job. A render that
 * is no longer the job's active one throws {@link JobStateError}.
 */
export function createAssembleRenderStep(deps: RenderStepDeps) {
  const now = deps.now ?? (() => new Date());
  return async function assembleRender({
    userId,
    jobId,
    render,
  }: RenderRef): Promise<AssembledEpisode & { newSeconds: number }> {
    const artifact = await readRenderArtifact(deps.store, jobId, render);
    const audio = await Promise.all(
      artifact.chunks.map((chunk) =>
        readStoredObject(
          deps.store,
          objectKeys.chunkAt(jobId, chunk.address),
          `chunk ${chunk.index} of render ${render} of job ${jobId}`,
        ),
      ),
    );
    const episode = assembleEpisode(audio, {
      chapterTitles: artifact.chapterTitles,
      plan: artifact.chunks,
    });
    const newSeconds = artifact.chunks.reduce(
      (total, chunk, i) =>
        chunk.synthesize ? total + mp3Info(audio[i] as Uint8Array).durationSeconds : total,
      0,
    );
    const stored = await storeEpisode(deps.store, episode, {
      audioKey: objectKeys.renderAudio(jobId, render),
      captionsKey: objectKeys.renderCaptions(jobId, render),
    });
    const assembled = { ...stored, newSeconds };
    const addresses = artifact.chunks.map((chunk) => chunk.address);
    const recorded = await recordRenderAssembled(
      deps.jobs,
      userId,
      jobId,
      { number: render, first: artifact.first, addresses },
      assembled,
      now(),
    );
    if (!recorded) throw new JobStateError(`Render ${render} of job ${jobId} is not running`);
    return assembled;
  };
}

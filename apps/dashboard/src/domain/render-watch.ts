import type { Job } from '../api/types';
import { isWorking } from './job-status';

/** How long the dashboard keeps polling a job it asked to render before it stops waiting. */
export const RENDER_WATCH_MAX_MS = 10 * 60_000;

/**
 * Whether a render of `version` that the dashboard asked for is over, as the job shows it: the
 * job is no longer being made nor waiting for review, and, when it is ready, its renders list
 * that version as `rendered` or `failed` (from a server that does not say: charged, or with
 * nothing new to synthesize and so nothing to charge).
 * A ready episode stays `ready` with its old audio while a re-render runs, so its status alone
 * cannot tell.
 *
 * @example
 * ```ts
 * renderSettled({ ...job, status: 'ready', renders: [{ version: 2, charged: 2, chunksSynthesized: 1, chunksReused: 6 }] }, 2); // true
 * ```
 */
export function renderSettled(job: Pick<Job, 'status' | 'renders'>, version: number): boolean {
  if (isWorking(job) || job.status === 'script_ready') return false;
  if (job.status !== 'ready') return true;
  const render = job.renders?.findLast((entry) => entry.version === version);
  if (render === undefined) return false;
  // A server that says where a render is, is believed; else a charge (or nothing to charge) ends it.
  if (render.status !== undefined) return render.status !== 'rendering';
  return render.charged > 0 || render.chunksSynthesized === 0;
}

/** What the dashboard keeps of a job read whole: its renders and its latest script version. */
export type RenderDetails = Pick<Job, 'renders' | 'scriptVersion'>;

/** A job's {@link RenderDetails} (only the members it has). */
export function renderDetailsOf(job: Job): RenderDetails {
  return {
    ...(job.renders === undefined ? {} : { renders: job.renders }),
    ...(job.scriptVersion === undefined ? {} : { scriptVersion: job.scriptVersion }),
  };
}

/**
 * A list item with the renders and script version last read for its job, where the item has
 * none (a list that leaves them out); an item that has its own keeps them.
 */
export function withRenderDetails(job: Job, details: RenderDetails | undefined): Job {
  if (details === undefined) return job;
  return {
    ...job,
    ...(job.renders === undefined && details.renders !== undefined
      ? { renders: details.renders }
      : {}),
    ...(job.scriptVersion === undefined && details.scriptVersion !== undefined
      ? { scriptVersion: details.scriptVersion }
      : {}),
  };
}

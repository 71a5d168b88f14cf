import type { Job } from '../api/types';
import { isWorking } from './job-status';

/** How long the dashboard keeps polling a job it asked to render before it stops waiting. */
export const RENDER_WATCH_MAX_MS = 10 * 60_000;

/**
 * Whether a render of `version` that the dashboard asked for is over, as the job shows it: the
 * job is no longer being made nor waiting for review, and, when it is ready, its renders list
 * that version settled (charged, or with nothing new to synthesize and so nothing to charge).
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
  return render !== undefined && (render.charged > 0 || render.chunksSynthesized === 0);
}

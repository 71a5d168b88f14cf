import { JOB_ID_PATTERN } from '../../jobs/job-id';
import { apiError, json } from '../http';
import type { Route, RouteDeps } from '../route';
import { quotedView } from '../script-edit-checks';
import { readLatestScript } from '../script-versions';

/**
 * `GET /api/podcasts/{jobId}/script`: the latest version of the script of one of the caller's
 * jobs once it is written (`script_ready`, or `ready`; `readLatestScript`), as turns with their
 * speaking time and the quote for rendering it (`quotedView`: only the chunks the job has no
 * audio for, so a ready episode's unchanged script quotes 0). Anyone else's job, or an id of the wrong shape, is 404 (it does not say the job
 * exists); a job whose script is not written yet (or that failed) is 409 `script_not_ready`.
 *
 * @example
 * ```ts
 * const response = await getPodcastScriptRoute(deps)(userId, event, ['/api/podcasts/j-1/script', 'j-1']);
 * ```
 */
export function getPodcastScriptRoute(deps: RouteDeps): Route {
  return async (userId, _event, match) => {
    const jobId = match[1] as string;
    deps.logger.appendKeys({ jobId });
    const job = JOB_ID_PATTERN.test(jobId) ? await deps.jobs.get(userId, jobId) : undefined;
    if (!job) return apiError(404, 'not_found', `No podcast ${jobId}.`);
    if (job.status !== 'script_ready' && job.status !== 'ready') {
      return apiError(
        409,
        'script_not_ready',
        `The script of podcast ${jobId} is not ready (it is ${job.status}).`,
        { status: job.status },
      );
    }
    const latest = await readLatestScript(deps.store, job);
    return json(200, quotedView(deps, job, latest).body);
  };
}

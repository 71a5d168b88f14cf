import { JOB_ID_PATTERN } from '../../jobs/job-id';
import { apiError, json } from '../http';
import { toPublicJob } from '../public-job';
import type { Route, RouteDeps } from '../route';

/**
 * `GET /api/podcasts/{jobId}`: one of the caller's jobs; anyone else's, or an id
 * of the wrong shape, is 404 (never 403: it does not say the job exists).
 *
 * @example
 * ```ts
 * const response = await getPodcastRoute(deps)(userId, event, ['/api/podcasts/j-1', 'j-1']);
 * ```
 */
export function getPodcastRoute(deps: RouteDeps): Route {
  return async (userId, _event, match) => {
    const jobId = match[1] as string;
    deps.logger.appendKeys({ jobId });
    const job = JOB_ID_PATTERN.test(jobId) ? await deps.jobs.get(userId, jobId) : undefined;
    if (!job) return apiError(404, 'not_found', `No podcast ${jobId}.`);
    return json(200, await toPublicJob(job, deps.links));
  };
}

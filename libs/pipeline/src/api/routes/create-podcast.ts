import { QuotaContentionError, quotaCost } from '@lumcast/quota';
import type { JobRecord } from '../../jobs/job';
import { newJobId } from '../../jobs/job-id';
import type { PodcastAccepted } from '../../contract/job-bodies';
import { apiError, json } from '../http';
import { requestBodyText } from '../request-body';
import { parsePodcastRequest } from '../podcast-request';
import { reservationRefusal } from '../reservation-refusal';
import type { Route, RouteDeps } from '../route';

/**
 * `POST /api/podcasts`: validates the request, holds its quoted cost with one
 * `QuotaLedger.admit` (plan and counters in one read), records the job and
 * queues it. A job that does not fit is refused before anything is created
 * (422 alone over the plan's week, 429 otherwise); a job that cannot be
 * recorded or queued has its hold released.
 *
 * @example
 * ```ts
 * const route = createPodcastRoute(deps);
 * const response = await route(userId, event, match); // 202 { jobId, status: 'queued', estimatedCost }
 * ```
 */
export function createPodcastRoute(deps: RouteDeps): Route {
  return async (userId, event) => {
    const request = parsePodcastRequest(requestBodyText(event));
    const estimatedCost = quotaCost(request.quality, request.minutes * 60);
    const jobId = newJobId(deps.now);
    let admission;
    try {
      admission = await deps.ledger.admit({ userId, jobId, cost: estimatedCost });
    } catch (error) {
      if (!(error instanceof QuotaContentionError)) throw error;
      deps.logger.warn('reservation contended', { error });
      return apiError(
        429,
        'quota_busy',
        'Too many requests for your account at once; please try again in a few seconds. Nothing was charged.',
        { retryAt: new Date(deps.now().getTime() + 5_000).toISOString() },
      );
    }
    const { limits, hold } = admission;
    if (hold === undefined) {
      return apiError(
        422,
        'exceeds_weekly_limit',
        `A ${request.minutes}-minute ${request.quality} episode costs ${estimatedCost} slots, more than your whole weekly limit of ${limits.weeklySlots}. Choose fewer minutes or a cheaper voice quality.`,
        { estimatedCost, limit: limits.weeklySlots },
      );
    }
    if (hold.outcome !== 'reserved' && hold.outcome !== 'already_reserved') {
      return reservationRefusal(hold, estimatedCost, limits.maxInFlight);
    }
    const createdAt = deps.now().toISOString();
    const job: JobRecord = {
      userId,
      jobId,
      status: 'queued',
      topic: request.topic,
      sourceText: request.sourceText,
      ...(request.sourceUrl === undefined ? {} : { sourceUrl: request.sourceUrl }),
      ...(request.sourceId === undefined ? {} : { sourceId: request.sourceId }),
      minutes: request.minutes,
      quality: request.quality,
      ...(request.format === undefined ? {} : { format: request.format }),
      ...(request.hosts === undefined ? {} : { hosts: request.hosts.map((host) => host.name) }),
      ...(request.language === undefined ? {} : { language: request.language }),
      seriesId: request.seriesId,
      createdAt,
      updatedAt: createdAt,
      estimatedCost,
    };
    deps.logger.appendKeys({ jobId });
    try {
      await deps.jobs.create(job);
    } catch (error) {
      await deps.ledger.release({ userId, jobId, heldCost: estimatedCost });
      throw error;
    }
    try {
      await deps.queue.send({ userId, jobId });
    } catch (error) {
      deps.logger.error('could not queue the job', { error });
      await deps.jobs.setStatus(userId, jobId, 'failed', {
        error: 'The job could not be queued; nothing was charged.',
      });
      await deps.ledger.release({ userId, jobId, heldCost: estimatedCost });
      return apiError(
        503,
        'queue_unavailable',
        'The job could not be queued; please try again. Nothing was charged.',
      );
    }
    deps.logger.info('job queued', { estimatedCost, quality: job.quality, minutes: job.minutes });
    const accepted: PodcastAccepted = { jobId, status: 'queued', estimatedCost };
    return json(202, accepted);
  };
}

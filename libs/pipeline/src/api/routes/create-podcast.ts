import { QuotaContentionError, quotaCost } from '@lumcast/quota';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { JobRecord } from '../../jobs/job';
import { newJobId } from '../../jobs/job-id';
import type { PodcastAccepted } from '../../contract/job-bodies';
import { apiError, json } from '../http';
import { requestBodyText } from '../request-body';
import { parsePodcastRequest, type PodcastRequest } from '../podcast-request';
import { draftRefusal } from '../draft-admission';
import { quotaBusyRefusal, reservationRefusal } from '../reservation-refusal';
import { episodeHosts } from '../series-episode-hosts';
import type { Route, RouteDeps } from '../route';

/**
 * `POST /api/podcasts`: validates the request, holds its quoted cost with one
 * `QuotaLedger.admit` (plan and counters in one read), records the job and
 * queues it. A job that does not fit is refused before anything is created
 * (422 alone over the plan's week, 429 otherwise); a job that cannot be
 * recorded or queued has its hold released. A review job (`review: true`) holds
 * nothing: it is counted as a draft instead (429 `draft_limit` when the week's
 * drafts are used up) and stops at `script_ready`. An episode of a series that keeps host
 * profiles, and names no hosts of its own, is made with them (`episodeHosts`).
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
    const { hosts, hostProfiles } = await episodeHosts(deps.seriesHosts, userId, request);
    const estimatedCost = quotaCost(request.quality, request.minutes * 60);
    const jobId = newJobId(deps.now);
    // A review job holds no slots: it counts as a draft instead, and nothing is released for it.
    const holdsSlots = request.review !== true;
    let refused;
    try {
      refused = holdsSlots
        ? await holdRefusal(deps, { userId, jobId }, request, estimatedCost)
        : await draftRefusal(deps.ledger, userId, jobId);
    } catch (error) {
      if (!(error instanceof QuotaContentionError)) throw error;
      deps.logger.warn('reservation contended', { error });
      return quotaBusyRefusal(deps.now());
    }
    if (refused) return refused;
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
      ...(hosts === undefined ? {} : { hosts }),
      ...(hostProfiles === undefined ? {} : { hostProfiles }),
      ...(request.language === undefined ? {} : { language: request.language }),
      seriesId: request.seriesId,
      ...(holdsSlots ? {} : { review: true }),
      createdAt,
      updatedAt: createdAt,
      estimatedCost,
    };
    deps.logger.appendKeys({ jobId });
    try {
      await deps.jobs.create(job);
    } catch (error) {
      if (holdsSlots) await deps.ledger.release({ userId, jobId, heldCost: estimatedCost });
      throw error;
    }
    try {
      await deps.queue.send({ userId, jobId });
    } catch (error) {
      deps.logger.error('could not queue the job', { error });
      await deps.jobs.setStatus(userId, jobId, 'failed', {
        error: 'The job could not be queued; nothing was charged.',
      });
      if (holdsSlots) await deps.ledger.release({ userId, jobId, heldCost: estimatedCost });
      return apiError(
        503,
        'queue_unavailable',
        'The job could not be queued; please try again. Nothing was charged.',
      );
    }
    deps.logger.info('job queued', {
      estimatedCost,
      quality: job.quality,
      minutes: job.minutes,
      review: !holdsSlots,
    });
    const accepted: PodcastAccepted = { jobId, status: 'queued', estimatedCost };
    return json(202, accepted);
  };
}

/**
 * Holds the quote with one `QuotaLedger.admit` (plan and counters in one read): undefined when
 * held, else the refusal to answer (422 alone over the plan's week, 429 otherwise).
 */
async function holdRefusal(
  deps: RouteDeps,
  { userId, jobId }: { userId: string; jobId: string },
  request: PodcastRequest,
  estimatedCost: number,
): Promise<APIGatewayProxyStructuredResultV2 | undefined> {
  const { limits, hold } = await deps.ledger.admit({ userId, jobId, cost: estimatedCost });
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
  return undefined;
}

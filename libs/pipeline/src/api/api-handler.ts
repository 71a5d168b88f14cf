import type { Logger } from '@aws-lambda-powertools/logger';
import {
  DEFAULT_PLAN,
  planLimitsFor,
  QuotaContentionError,
  quotaCost,
  SLOTS_PER_MINUTE,
  type QuotaLedger,
} from '@lumcast/quota';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { JobRecord, PublicJob } from '../jobs/job';
import { JOB_ID_PATTERN, newJobId } from '../jobs/job-id';
import type { JobsTable } from '../jobs/jobs-table';
import { InvalidListCursorError } from '../jobs/list-cursor';
import { parseListQuery } from './list-query';
import type { UserPlans } from '../jobs/user-plans';
import type { EpisodeLinks } from '../ports/episode-links';
import type { JobQueue } from '../ports/job-queue';
import type { PodcastAccepted, QuotaSummary } from './api-responses';
import { apiError, json } from './http';
import type { IdentityResolver } from './identity';
import { parsePodcastRequest, PodcastRequestError } from './podcast-request';
import { reservationRefusal } from './reservation-refusal';

/** Dependencies of {@link createApiHandler}. */
export interface ApiDeps {
  jobs: JobsTable;
  ledger: QuotaLedger;
  plans: UserPlans;
  queue: JobQueue;
  links: EpisodeLinks;
  identity: IdentityResolver;
  logger: Logger;
  now?: () => Date;
}

type Route = (
  userId: string,
  event: APIGatewayProxyEventV2,
  match: RegExpMatchArray,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The HTTP API (API Gateway HTTP API v2 events): create a podcast, list and
 * read one's own podcasts, read one's quota. Thin: it validates, calls the
 * libs and the jobs table, and answers JSON; every refusal is a 4xx with a
 * message.
 *
 * @example
 * ```ts
 * export const handler = createApiHandler({ jobs, ledger, plans, queue, links, identity: cognitoIdentity, logger });
 * ```
 */
export function createApiHandler(deps: ApiDeps) {
  const now = deps.now ?? (() => new Date());

  const createPodcast: Route = async (userId, event) => {
    const body =
      event.isBase64Encoded && event.body
        ? Buffer.from(event.body, 'base64').toString('utf8')
        : event.body;
    const request = parsePodcastRequest(body);
    const estimatedCost = quotaCost(request.quality, request.minutes * 60);
    const jobId = newJobId(now);
    // One read of the user's item (plan and counters), then the quote is held before any paid
    // work can start; what does not fit is refused now.
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
        { retryAt: new Date(now().getTime() + 5_000).toISOString() },
      );
    }
    const { limits, hold } = admission;
    const weeklyLimit = limits.weeklySlots;
    if (hold === undefined) {
      return apiError(
        422,
        'exceeds_weekly_limit',
        `A ${request.minutes}-minute ${request.quality} episode costs ${estimatedCost} slots, more than your whole weekly limit of ${weeklyLimit}. Choose fewer minutes or a cheaper voice quality.`,
        { estimatedCost, limit: weeklyLimit },
      );
    }
    if (hold.outcome !== 'reserved' && hold.outcome !== 'already_reserved') {
      return reservationRefusal(hold, estimatedCost, limits.maxInFlight);
    }
    const createdAt = now().toISOString();
    const job: JobRecord = {
      userId,
      jobId,
      status: 'queued',
      topic: request.topic,
      sourceText: request.sourceText,
      minutes: request.minutes,
      quality: request.quality,
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
    const accepted: PodcastAccepted = { jobId: job.jobId, status: 'queued', estimatedCost };
    return json(202, accepted);
  };

  const listPodcasts: Route = async (userId, event) => {
    const query = parseListQuery(event.queryStringParameters);
    if (!query.success)
      return apiError(400, 'invalid_field', query.message, { field: query.field });
    let page;
    try {
      page = await deps.jobs.listPageForUser(userId, query.data);
    } catch (error) {
      if (error instanceof InvalidListCursorError) {
        return apiError(400, 'invalid_field', error.message, { field: 'cursor' });
      }
      throw error;
    }
    const items = await Promise.all(page.jobs.map((job) => toPublicJob(job, deps.links)));
    return json(200, page.nextCursor ? { items, nextCursor: page.nextCursor } : { items });
  };

  const getPodcast: Route = async (userId, _event, match) => {
    const jobId = match[1] as string;
    deps.logger.appendKeys({ jobId });
    const job = JOB_ID_PATTERN.test(jobId) ? await deps.jobs.get(userId, jobId) : undefined;
    if (!job) return apiError(404, 'not_found', `No podcast ${jobId}.`);
    return json(200, await toPublicJob(job, deps.links));
  };

  const getQuota: Route = async (userId) => {
    const plan = (await deps.plans.planOf(userId)) ?? DEFAULT_PLAN;
    const limits = planLimitsFor(plan);
    const usage = await deps.ledger.usage({ userId, weeklyLimit: limits.weeklySlots });
    const summary: QuotaSummary = {
      week: usage.week,
      used: usage.used,
      reserved: usage.reserved,
      granted: usage.granted,
      limit: usage.limit,
      remaining: usage.remaining,
      inFlight: usage.inFlight,
      maxInFlight: limits.maxInFlight,
      resetsAt: usage.resetsAt.toISOString(),
      plan,
      slotsPerMinute: SLOTS_PER_MINUTE,
    };
    return json(200, summary);
  };

  const routes: { method: string; path: RegExp; route: Route }[] = [
    { method: 'POST', path: /^\/api\/podcasts\/?$/, route: createPodcast },
    { method: 'GET', path: /^\/api\/podcasts\/?$/, route: listPodcasts },
    { method: 'GET', path: /^\/api\/podcasts\/([^/]+)\/?$/, route: getPodcast },
    { method: 'GET', path: /^\/api\/quota\/?$/, route: getQuota },
  ];

  return async function apiHandler(
    event: APIGatewayProxyEventV2,
  ): Promise<APIGatewayProxyStructuredResultV2> {
    const method = event.requestContext.http.method.toUpperCase();
    const path = event.rawPath;
    const matching = routes.filter((candidate) => candidate.path.test(path));
    if (matching.length === 0) return apiError(404, 'not_found', `No route for ${path}.`);
    const found = matching.find((candidate) => candidate.method === method);
    if (!found) return apiError(405, 'method_not_allowed', `${method} is not allowed on ${path}.`);

    const userId = deps.identity(event);
    if (!userId) return apiError(401, 'unauthenticated', 'Sign in to use Lumcast.');
    try {
      return await found.route(userId, event, path.match(found.path) as RegExpMatchArray);
    } catch (error) {
      if (error instanceof PodcastRequestError) {
        return apiError(400, error.code, error.message, error.field ? { field: error.field } : {});
      }
      deps.logger.error('request failed', { error, method, path });
      return apiError(
        500,
        'internal_error',
        'Something went wrong on our side; nothing was charged.',
      );
    } finally {
      deps.logger.removeKeys(['jobId']);
    }
  };
}

async function toPublicJob(job: JobRecord, links: EpisodeLinks): Promise<PublicJob> {
  const urls = job.status === 'ready' ? await links.forJob(job) : {};
  return {
    jobId: job.jobId,
    status: job.status,
    topic: job.topic,
    quality: job.quality,
    minutes: job.minutes,
    seriesId: job.seriesId,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    progress: { done: job.chunksDone ?? 0, total: job.totalChunks ?? 0 },
    estimatedCost: job.estimatedCost,
    cost: job.cost,
    measuredCost: job.measuredCost,
    chargedWeek: job.chargedWeek,
    durationSeconds: job.durationSeconds,
    ...urls,
    chapters: job.chapters,
    error: job.error,
  };
}

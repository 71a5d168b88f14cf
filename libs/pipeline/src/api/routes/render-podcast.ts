import { QuotaContentionError } from '@lumcast/quota';
import { DEFAULT_SCRIPT_LANGUAGE } from '@lumcast/script-generation';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RenderAccepted } from '../../contract/render-bodies';
import type { ActiveRender, JobRecord } from '../../jobs/job';
import { JOB_ID_PATTERN } from '../../jobs/job-id';
import { renderLedgerId, storeRenderArtifact } from '../../renders/render-artifact';
import type { RenderPlan } from '../../renders/render-plan';
import { failRender, startRender } from '../../renders/render-updates';
import { apiError, json } from '../http';
import { parseRenderRequest, renderConflict } from '../render-request';
import { requestBodyText } from '../request-body';
import { quotaBusyRefusal, reservationRefusal } from '../reservation-refusal';
import type { Route, RouteDeps } from '../route';
import { quotedView } from '../script-edit-checks';
import { readLatestScript } from '../script-versions';

/**
 * `POST /api/podcasts/{jobId}/render`: renders the latest version of one of the caller's scripts.
 * The job must be `script_ready` (a first render) or `ready` (a re-render) and `version` its latest
 * (409 otherwise: `renderConflict`). The render's plan (`planRender`) gives each chunk its address;
 * only new addresses are spoken, and the route holds exactly their quote through
 * `QuotaLedger.admit` under the render's own ledger id (`renderLedgerId`), refused as a new
 * episode is (422, 429). Then it stores the plan, starts the render on the job (`startRender`,
 * one conditional write: of two requests one wins and the other gets 409; two requests for the
 * same render share its ledger id, so one slot hold is kept for the winner) and queues it; a render that cannot be queued ends failed and its hold is released (503).
 * A first render moves the job to `queued`; a re-render leaves it `ready`, serving its previous
 * audio until the new one is charged.
 *
 * @example
 * ```ts
 * const response = await renderPodcastRoute(deps)(userId, event, ['/api/podcasts/j-1/render', 'j-1']);
 * // 202 { jobId, version, status, estimatedCost, chunksToSynthesize, chunksReused }
 * ```
 */
export function renderPodcastRoute(deps: RouteDeps): Route {
  return async (userId, event, match) => {
    const jobId = match[1] as string;
    deps.logger.appendKeys({ jobId });
    const job = JOB_ID_PATTERN.test(jobId) ? await deps.jobs.get(userId, jobId) : undefined;
    if (!job) return apiError(404, 'not_found', `No podcast ${jobId}.`);
    const parsed = parseRenderRequest(requestBodyText(event));
    if (!parsed.ok) return parsed.response;
    const { version } = parsed.request;
    const conflict = renderConflict(job, version);
    if (conflict) return conflict;

    const latest = await readLatestScript(deps.store, job);
    const { plan } = quotedView(deps, job, latest);
    const number = (job.renders?.length ?? 0) + 1;
    const active: ActiveRender = {
      number,
      version,
      quote: plan.estimatedCost,
      ledgerJobId: renderLedgerId(jobId, number),
      from: job.status === 'ready' ? 'ready' : 'script_ready',
    };
    const refused = await holdRefusal(deps, userId, active);
    if (refused) return refused;
    const release = () =>
      deps.ledger.release({ userId, jobId: active.ledgerJobId, heldCost: active.quote });

    let won: boolean;
    try {
      await storeRenderArtifact(deps.store, jobId, {
        number,
        version,
        quality: job.quality,
        language: job.language ?? DEFAULT_SCRIPT_LANGUAGE,
        first: active.from === 'script_ready',
        chapterTitles: latest.script.chapters.map((chapter) => chapter.title),
        chunks: plan.chunks,
      });
      won = await startRender(deps.jobs, userId, jobId, active, renderCounts(plan), deps.now());
    } catch (error) {
      await release();
      throw error;
    }
    if (!won) {
      const now = await deps.jobs.get(userId, jobId);
      // A request racing this one for the same render shares its ledger id: the winner's hold.
      if (now?.activeRender?.ledgerJobId !== active.ledgerJobId) await release();
      return (
        renderConflict(now ?? job, version) ??
        apiError(409, 'render_in_progress', `Podcast ${jobId} changed meanwhile; try again.`)
      );
    }
    try {
      await deps.queue.send({ userId, jobId, render: number });
    } catch (error) {
      deps.logger.error('could not queue the render', { error });
      const why = 'The render could not be queued; nothing was charged.';
      await failRender(deps.jobs, userId, jobId, active, why, deps.now());
      await release();
      return apiError(503, 'queue_unavailable', `${why} Please try again.`);
    }
    deps.logger.info('render queued', { version, render: number, quote: active.quote });
    return json(202, accepted(job, active, plan));
  };
}

function renderCounts(plan: RenderPlan) {
  return { chunksSynthesized: plan.chunksToSynthesize, chunksReused: plan.chunksReused };
}

function accepted(job: JobRecord, active: ActiveRender, plan: RenderPlan): RenderAccepted {
  return {
    jobId: job.jobId,
    version: active.version,
    status: active.from === 'script_ready' ? 'queued' : 'ready',
    estimatedCost: active.quote,
    chunksToSynthesize: plan.chunksToSynthesize,
    chunksReused: plan.chunksReused,
  };
}

/**
 * Holds the render's quote with one `QuotaLedger.admit` under its ledger id: undefined when
 * held, else the refusal a new episode would get (422 alone over the plan's week, 429).
 */
async function holdRefusal(
  deps: RouteDeps,
  userId: string,
  active: ActiveRender,
): Promise<APIGatewayProxyStructuredResultV2 | undefined> {
  let admitted;
  try {
    admitted = await deps.ledger.admit({ userId, jobId: active.ledgerJobId, cost: active.quote });
  } catch (error) {
    if (!(error instanceof QuotaContentionError)) throw error;
    deps.logger.warn('reservation contended', { error });
    return quotaBusyRefusal(deps.now());
  }
  const { limits, hold } = admitted;
  if (hold === undefined) {
    return apiError(
      422,
      'exceeds_weekly_limit',
      `This render costs ${active.quote} slots, more than your whole weekly limit of ${limits.weeklySlots}.`,
      { estimatedCost: active.quote, limit: limits.weeklySlots },
    );
  }
  if (hold.outcome !== 'reserved' && hold.outcome !== 'already_reserved') {
    return reservationRefusal(hold, active.quote, limits.maxInFlight);
  }
  return undefined;
}

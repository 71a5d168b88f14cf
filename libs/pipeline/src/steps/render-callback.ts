import type { Logger } from '@aws-lambda-powertools/logger';
import { quotaCost, type QuotaLedger } from '@lumcast/quota';
import type { ActiveRender, JobRecord, JobStatus } from '../jobs/job';
import type { JobsTable } from '../jobs/jobs-table';
import type { ObjectStore } from '../ports/object-store';
import { completeRender, failRender } from '../renders/render-updates';
import type { SeriesMemory } from '../series/series-memory';
import { rememberInSeries } from './remember-episode';
import { userFailureMessage } from './failure-message';
import type { CallbackInput } from './step-inputs';

type Assembled = NonNullable<ActiveRender['assembled']>;

/** What {@link finishRender} uses: the jobs table, the ledger, the store, series memory, a logger. */
export interface RenderCallbackDeps {
  jobs: JobsTable;
  ledger: QuotaLedger;
  store: ObjectStore;
  seriesMemory: SeriesMemory;
  logger?: Pick<Logger, 'warn'>;
}

/** What the callback decided for a render: the job's status after it, and its total charge. */
interface RenderCallbackResult {
  status: JobStatus;
  cost?: number;
}

/**
 * The callback of render `input.render` of a job: the only place a render is charged. On success
 * it settles the render's hold (its own ledger id) at `min(quotaCost(quality, newSeconds), quote)`:
 * the measured seconds of the chunks it newly spoke, never more than the quote shown; then the job
 * serves the new audio, captions and chapters (`completeRender`). On failure it releases the hold
 * and the job keeps what it served (`failRender`; a first render goes back to `script_ready`),
 * unless the ledger says a success charged first: then it completes as the success would have.
 * A render that is not the job's active one (ended already) changes nothing.
 */
export async function finishRender(
  deps: RenderCallbackDeps,
  input: CallbackInput & { render: number },
  job: JobRecord,
  now: () => Date,
): Promise<RenderCallbackResult> {
  const { userId, jobId } = job;
  const active = job.activeRender;
  if (active?.number !== input.render) return { status: job.status, cost: job.cost };
  const ref = { userId, jobId: active.ledgerJobId };

  let audio: Assembled | undefined;
  if (input.outcome === 'failed') {
    const released = await deps.ledger.release({ ...ref, heldCost: active.quote });
    audio = assembledOf(input.state?.audio) ?? active.assembled;
    if (released.outcome !== 'already_charged' || audio === undefined) {
      deps.logger?.warn('render failed', {
        userId,
        jobId,
        render: active.number,
        failure: input.error,
      });
      return failed(deps, job, active, userFailureMessage(input.error), now);
    }
  } else {
    audio = assembledOf(input.audio) ?? active.assembled;
    if (audio === undefined) return failed(deps, job, active, userFailureMessage(undefined), now);
  }

  const measuredCost = quotaCost(job.quality, audio.newSeconds);
  const charge = await deps.ledger.settle({ ...ref, cost: measuredCost, quotedCost: active.quote });
  if (charge.outcome === 'released') {
    const stopped = 'The render was stopped before it could be finished; nothing was charged.';
    return failed(deps, job, active, stopped, now);
  }
  if (charge.outcome === 'over_limit') {
    await deps.store.delete([audio.audioKey, audio.captionsKey]);
    const full = `This render started last week and finished in ${charge.week}, which has only ${charge.remaining} of ${charge.limit} slots left; it was not charged and the episode keeps its previous audio.`;
    return failed(deps, job, active, full, now);
  }
  await completeRender(
    deps.jobs,
    userId,
    jobId,
    { ...active, assembled: audio },
    { charged: charge.charged, measuredCost, week: charge.week },
    now(),
  );
  // A draft's first render makes the episode: remembered in its series as any episode is.
  if (active.from === 'script_ready') await rememberInSeries(deps, job);
  return { status: 'ready', cost: (job.cost ?? 0) + charge.charged };
}

/** A render's measured episode, when the state carries one with its new seconds. */
function assembledOf(audio: { newSeconds?: number } | undefined): Assembled | undefined {
  return audio?.newSeconds === undefined ? undefined : (audio as Assembled);
}

async function failed(
  deps: Pick<RenderCallbackDeps, 'jobs'>,
  job: JobRecord,
  active: ActiveRender,
  error: string,
  now: () => Date,
): Promise<RenderCallbackResult> {
  await failRender(deps.jobs, job.userId, job.jobId, active, error, now());
  return { status: active.from === 'script_ready' ? 'script_ready' : job.status, cost: job.cost };
}

import type { Logger } from '@aws-lambda-powertools/logger';
import { quotaCost, type QuotaLedger } from '@lumcast/quota';
import { holdsSlots, isFinalStatus, type JobRecord, type JobStatus } from '../jobs/job';
import type { JobsTable } from '../jobs/jobs-table';
import type { ObjectStore } from '../ports/object-store';
import type { SeriesMemory } from '../series/series-memory';
import { JobStateError } from '../errors';
import type { AssembledEpisode, CallbackInput } from './step-inputs';
import { FAILURE_MESSAGES, failureKindOf, type StepFailure } from './failure-message';
import { finishRender } from './render-callback';
import { rememberInSeries } from './remember-episode';

/** Dependencies of {@link createCallbackStep}. */
export interface CallbackDeps {
  jobs: JobsTable;
  ledger: QuotaLedger;
  store: ObjectStore;
  seriesMemory: SeriesMemory;
  /** Where a series-memory failure is reported (it does not fail the episode). */
  logger?: Pick<Logger, 'warn'>;
  now?: () => Date;
}

/** What the callback decided. */
export interface CallbackResult {
  status: JobStatus;
  cost?: number;
}

/**
 * The callback: the only place quota is charged. On success it settles the
 * job's reservation: the ledger charges `min(measured cost, quote)` once per
 * job and frees the hold in one step, and the job is marked `ready` with both
 * costs. When the hold's week ended meanwhile and the new week has no room the
 * ledger releases it instead, and the job ends `quota_exceeded` with its audio
 * deleted. On failure it releases the hold (nothing charged, and the job can
 * never be charged after) and marks the job `failed` — unless the ledger says a
 * success callback settled it first (and then could not record it): such a job
 * is finished as `ready`, never left `failed` and charged. The measured episode
 * comes from the execution's state or, for a failure reported by the
 * execution-status rule (no state), from the job record Assemble wrote. A job
 * already final is left as it is, so a redelivered event or a failure reported
 * twice (ReportFailure and the rule) changes nothing. A render's input (`render` > 0) is
 * finished by `finishRender` (`./render-callback.ts`).
 */
export function createCallbackStep(deps: CallbackDeps) {
  const now = deps.now ?? (() => new Date());
  return async function callback(input: CallbackInput): Promise<CallbackResult> {
    const { userId, jobId } = input;
    const job = await deps.jobs.get(userId, jobId);
    if (!job) throw new JobStateError(`Job ${jobId} of ${userId} does not exist`);
    // A render of the job's script (its own hold, its own audio): `./render-callback.ts`.
    if (input.render) {
      return finishRender(deps, { ...input, render: input.render }, job, now);
    }
    if (isFinalStatus(job.status)) return { status: job.status, cost: job.cost };

    let audio: AssembledEpisode;
    if (input.outcome === 'failed') {
      // A failure after the success callback charged (e.g. it could not record `ready`) must
      // not end `failed` and charged: finish it as the success callback would have.
      // The measured episode comes from the execution's state (ReportFailure) or, when the
      // failure arrives as an execution-status event without it, from the job record.
      const assembled = input.state?.audio ?? assembledOf(job);
      // A review job holds no slots (it was counted as a draft): nothing to release.
      const released = holdsSlots(job)
        ? await deps.ledger.release({ userId, jobId, heldCost: job.estimatedCost })
        : undefined;
      if (released?.outcome !== 'already_charged' || assembled === undefined) {
        await deps.jobs.setStatus(userId, jobId, 'failed', { error: describeFailure(deps, input) });
        return { status: 'failed' };
      }
      audio = assembled;
    } else {
      audio = input.audio;
    }

    const measuredCost = quotaCost(job.quality, audio.durationSeconds);
    const charge = await deps.ledger.settle({
      userId,
      jobId,
      cost: measuredCost,
      quotedCost: job.estimatedCost,
    });

    if (charge.outcome === 'released') {
      // Released first by a failure report (an abort or a timeout): never charged, so not ready.
      await deps.jobs.setStatus(userId, jobId, 'failed', {
        error: 'The episode was stopped before it could be finished; nothing was charged.',
      });
      return { status: 'failed' };
    }
    if (charge.outcome === 'over_limit') {
      await deps.store.delete([audio.audioKey, audio.captionsKey]);
      await deps.jobs.setStatus(userId, jobId, 'quota_exceeded', {
        durationSeconds: audio.durationSeconds,
        measuredCost,
        error: `This episode started last week and finished in ${charge.week}, which has only ${charge.remaining} of ${charge.limit} slots left; it was not charged and its audio was deleted.`,
      });
      return { status: 'quota_exceeded' };
    }

    const cost = charge.charged;
    await deps.jobs.setStatus(userId, jobId, 'ready', {
      cost,
      measuredCost,
      chargedWeek: charge.week,
      durationSeconds: audio.durationSeconds,
      audioBytes: audio.audioBytes,
      audioKey: audio.audioKey,
      captionsKey: audio.captionsKey,
      chapters: audio.chapters,
    });
    await rememberInSeries(deps, job);
    return { status: 'ready', cost };
  };
}

function assembledOf(job: JobRecord): AssembledEpisode | undefined {
  const { audioKey, captionsKey, durationSeconds, audioBytes, chapters } = job;
  if (!audioKey || !captionsKey || durationSeconds === undefined || !chapters) return undefined;
  return { audioKey, captionsKey, durationSeconds, audioBytes, chapters };
}

/**
 * The job's `error`: a stable sentence per kind of failure (see `./failure-message.ts`). The raw
 * Error and Cause, which can hold SDK messages and ARNs, go to the log only.
 */
function describeFailure(
  deps: CallbackDeps,
  input: { userId: string; jobId: string; error?: StepFailure },
): string {
  const kind = failureKindOf(input.error);
  deps.logger?.warn('episode failed', {
    userId: input.userId,
    jobId: input.jobId,
    kind,
    failure: input.error,
  });
  return FAILURE_MESSAGES[kind];
}

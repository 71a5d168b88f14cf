import type { Logger } from '@aws-lambda-powertools/logger';
import type { QuotaLedger } from '@lumcast/quota';
import { holdsSlots, type JobRecord } from '../jobs/job';
import type { JobsTable } from '../jobs/jobs-table';
import { failRender } from '../renders/render-updates';
import { FAILURE_MESSAGES } from './failure-message';
import { jobMessageBatch, readJobMessage, readNamedJob } from './job-message-batch';

/** Dependencies of {@link createDeadLetterConsumer}. */
export interface DeadLetterConsumerDeps {
  jobs: JobsTable;
  ledger: QuotaLedger;
  logger: Logger;
  now?: () => Date;
}

/**
 * What happened to one dead-lettered message: `finished` (its job was `queued`: its hold is
 * released and it is `failed`), or `left_alone` (its job is past `queued`: an execution ran for
 * it, or it already ended, and that path finishes it).
 */
export type DeadLetterOutcome = 'finished' | 'left_alone';

/**
 * The consumer of the job queue's dead-letter queue: every job ends, even when its message
 * dead-letters (its `StartExecution` kept failing, or the consumer did). For a message naming a job
 * that is still `queued` — so no execution ever ran for it — the job's hold is released through
 * the ledger (`QuotaLedger.release`, idempotent per job; nothing is charged, and the job can never
 * be charged after) and then the job is marked `failed` with `FAILURE_MESSAGES.not_started`. In
 * that order, so a crash between the two leaves the job `queued` and the redelivered message
 * finishes it. A job past `queued` is left alone (no write); so is one the ledger says was
 * charged. A message that names no readable job (not JSON, not `{"userId","jobId"}`, no such job)
 * is a `PoisonMessageError`: reported as a batch item failure, it stays in the dead-letter queue,
 * whose alarm tells the operator. Any other failure (e.g. DynamoDB unavailable) is reported the
 * same way, so the message is tried again after the queue's visibility timeout.
 */
export function createDeadLetterConsumer(deps: DeadLetterConsumerDeps) {
  return jobMessageBatch(deps.logger, async (record, logger): Promise<DeadLetterOutcome> => {
    const job = await readNamedJob(deps.jobs, record, logger);
    const { userId, jobId } = job;
    const { render } = readJobMessage(record);
    if (render !== undefined) return finishUnstartedRender(deps, job, render, logger);
    if (job.status !== 'queued' || job.activeRender !== undefined) return 'left_alone';

    // A review job holds no slots (it was counted as a draft): nothing to release.
    const released = holdsSlots(job)
      ? await deps.ledger.release({ userId, jobId, heldCost: job.estimatedCost })
      : undefined;
    if (released?.outcome === 'already_charged') {
      // Only a success callback charges, and only after an execution moved the job on: never
      // end a charged job `failed`. Its execution's callback records it.
      logger.warn('a queued job whose message dead-lettered was already charged; left alone', {
        week: released.week,
        charged: released.charged,
      });
      return 'left_alone';
    }
    await deps.jobs.setStatus(userId, jobId, 'failed', { error: FAILURE_MESSAGES.not_started });
    logger.warn('job ended failed: its message dead-lettered before any execution ran', {
      userId,
      released: released?.outcome ?? 'nothing held',
    });
    return 'finished';
  });
}

/**
 * A render's dead-lettered message: while it is the job's active render and no execution took it
 * up (`started`), its hold is released and it ends failed (`failRender`: the job keeps what it
 * served; a first render returns to `script_ready`); otherwise its execution finishes it.
 */
async function finishUnstartedRender(
  deps: DeadLetterConsumerDeps,
  job: JobRecord,
  render: number,
  logger: Logger,
): Promise<DeadLetterOutcome> {
  const active = job.activeRender;
  if (active?.number !== render || active.started === true) return 'left_alone';
  const released = await deps.ledger.release({
    userId: job.userId,
    jobId: active.ledgerJobId,
    heldCost: active.quote,
  });
  if (released.outcome === 'already_charged') return 'left_alone';
  const now = deps.now?.() ?? new Date();
  await failRender(deps.jobs, job.userId, job.jobId, active, FAILURE_MESSAGES.not_started, now);
  logger.warn('render ended failed: its message dead-lettered before any execution ran', {
    render,
  });
  return 'finished';
}

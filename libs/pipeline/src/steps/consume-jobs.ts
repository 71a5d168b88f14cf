import type { Logger } from '@aws-lambda-powertools/logger';
import type { JobsTable } from '../jobs/jobs-table';
import type { ExecutionStarter } from '../ports/execution-starter';
import { jobMessageBatch, readJobMessage, readNamedJob } from './job-message-batch';

/** Dependencies of {@link createJobConsumer}. */
export interface JobConsumerDeps {
  jobs: JobsTable;
  starter: ExecutionStarter;
  logger: Logger;
}

/** What happened to one message. */
export type MessageOutcome = 'started' | 'already_started' | 'skipped';

/**
 * The SQS consumer: for each queued job, one state machine execution named by
 * the job id, so a redelivered message cannot start a second run; for a render's message
 * (`render`), one execution of that render (`executionName`) while it is the job's active one. There is no
 * quota check here: the API reserved the job's quoted cost before queueing it,
 * so every queued job already fits its week (see `QuotaLedger.reserve`). Failed messages are reported as partial batch failures; a
 * malformed one (a `PoisonMessageError`), or one whose start keeps failing, fails until the
 * queue's redrive policy moves it to the DLQ, where the dead-letter consumer
 * (`./finish-dead-letters.ts`) ends its job — the batch's other messages are unaffected.
 */
export function createJobConsumer(deps: JobConsumerDeps) {
  return jobMessageBatch(deps.logger, async (record, logger): Promise<MessageOutcome> => {
    const { userId, jobId, status, activeRender } = await readNamedJob(deps.jobs, record, logger);
    const { render } = readJobMessage(record);
    if (render !== undefined) {
      // A render of the job's script: started while it is the job's active render.
      if (activeRender?.number !== render) return 'skipped';
      return deps.starter.start({ userId, jobId, render });
    }
    if (status !== 'queued' || activeRender !== undefined) return 'skipped';
    return deps.starter.start({ userId, jobId });
  });
}

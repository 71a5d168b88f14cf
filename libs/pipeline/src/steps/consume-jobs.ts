import type { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { JobsTable } from '../jobs/jobs-table';
import type { ExecutionStarter } from '../ports/execution-starter';
import { jobMessageSchema } from '../ports/job-queue';

/** Dependencies of {@link createJobConsumer}. */
export interface JobConsumerDeps {
  jobs: JobsTable;
  starter: ExecutionStarter;
  logger: Logger;
}

/** What happened to one message. */
export type MessageOutcome = 'started' | 'already_started' | 'skipped';

/** A message that can never succeed: it fails until the queue moves it to the DLQ. */
export class PoisonMessageError extends Error {
  override readonly name = 'PoisonMessageError';
}

/**
 * The SQS consumer: for each queued job, one state machine execution named by
 * the job id, so a redelivered message cannot start a second run. There is no
 * quota check here: the API reserved the job's quoted cost before queueing it,
 * so every queued job already fits its week (see `QuotaLedger.reserve`). Failed messages are reported as partial batch failures; a
 * malformed one keeps failing until the queue's redrive policy moves it to the
 * DLQ — the batch's other messages are unaffected.
 *
 * @example
 * ```ts
 * export const handler = createJobConsumer({ jobs, starter, logger });
 * ```
 */
export function createJobConsumer(deps: JobConsumerDeps) {
  async function consume(record: SQSRecord, logger: Logger): Promise<MessageOutcome> {
    let body: unknown;
    try {
      body = JSON.parse(record.body);
    } catch {
      throw new PoisonMessageError('message body is not JSON');
    }
    const parsed = jobMessageSchema.safeParse(body);
    if (!parsed.success)
      throw new PoisonMessageError(`message body is not a job message: ${parsed.error.message}`);
    const { userId, jobId } = parsed.data;
    logger.appendKeys({ jobId });

    const job = await deps.jobs.get(userId, jobId);
    if (!job) throw new PoisonMessageError(`job ${jobId} of ${userId} does not exist`);
    if (job.status !== 'queued') return 'skipped';
    return deps.starter.start({ userId, jobId });
  }

  return async function consumeJobs(event: SQSEvent): Promise<SQSBatchResponse> {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const logger = deps.logger.createChild();
      logger.appendKeys({ messageId: record.messageId });
      try {
        const outcome = await consume(record, logger);
        logger.info('job message handled', { outcome });
      } catch (error) {
        logger.error('job message failed', { error, poison: error instanceof PoisonMessageError });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

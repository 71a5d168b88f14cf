import type { Logger } from '@aws-lambda-powertools/logger';
import { weeklyLimitFor, type QuotaLedger } from '@lumcast/quota';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { JobsTable } from '../jobs/jobs-table';
import type { UserPlans } from '../jobs/user-plans';
import type { ExecutionStarter } from '../ports/execution-starter';
import { jobMessageSchema } from '../ports/job-queue';

/** Dependencies of {@link createJobConsumer}. */
export interface JobConsumerDeps {
  jobs: JobsTable;
  ledger: QuotaLedger;
  plans: UserPlans;
  starter: ExecutionStarter;
  logger: Logger;
}

/** What happened to one message. */
export type MessageOutcome = 'started' | 'already_started' | 'rejected_quota' | 'skipped';

/** A message that can never succeed: it fails until the queue moves it to the DLQ. */
export class PoisonMessageError extends Error {
  override readonly name = 'PoisonMessageError';
}

/**
 * The SQS consumer: for each job message, a best-effort quota preflight
 * (marks the job `rejected_quota` when it clearly cannot fit), then one state
 * machine execution named by the job id, so a redelivered message cannot start
 * a second run. Failed messages are reported as partial batch failures; a
 * malformed one keeps failing until the queue's redrive policy moves it to the
 * DLQ — the batch's other messages are unaffected.
 *
 * @example
 * ```ts
 * export const handler = createJobConsumer({ jobs, ledger, plans, starter, logger });
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

    const weeklyLimit = weeklyLimitFor(await deps.plans.planOf(userId));
    const preflight = await deps.ledger.preflight({ userId, cost: job.estimatedCost, weeklyLimit });
    if (!preflight.allowed) {
      await deps.jobs.setStatus(userId, jobId, 'rejected_quota', {
        error: `This episode would cost about ${job.estimatedCost} slots but only ${preflight.remaining} of ${preflight.limit} remain this week; they reset at ${preflight.resetsAt.toISOString()}. Nothing was charged.`,
      });
      return 'rejected_quota';
    }
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

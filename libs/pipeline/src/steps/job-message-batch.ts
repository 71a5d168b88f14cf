import type { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { PoisonMessageError } from '../errors';
import type { JobRecord } from '../jobs/job';
import type { JobsTable } from '../jobs/jobs-table';
import { jobMessageSchema, type JobMessage } from '../ports/job-queue';

/**
 * The job a queue record names, checked with the message schema: `PoisonMessageError` for a body
 * that is not JSON or not `{"userId","jobId"}` (nothing else is read).
 */
export function readJobMessage(record: Pick<SQSRecord, 'body'>): JobMessage {
  let body: unknown;
  try {
    body = JSON.parse(record.body);
  } catch (error) {
    throw new PoisonMessageError('message body is not JSON', { cause: error });
  }
  const parsed = jobMessageSchema.safeParse(body);
  if (!parsed.success)
    throw new PoisonMessageError(`message body is not a job message: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The job a queue record names, read (strongly consistent) from the jobs table, with its `jobId`
 * appended to `logger`: `PoisonMessageError` for a message that names no job
 * ({@link readJobMessage}) or a job that does not exist.
 */
export async function readNamedJob(
  jobs: JobsTable,
  record: Pick<SQSRecord, 'body'>,
  logger: Logger,
): Promise<JobRecord> {
  const { userId, jobId } = readJobMessage(record);
  logger.appendKeys({ jobId });
  const job = await jobs.get(userId, jobId);
  if (!job) throw new PoisonMessageError(`job ${jobId} of ${userId} does not exist`);
  return job;
}

/**
 * An SQS batch handler with partial batch responses: `handleOne` runs for each record in turn with
 * a child logger keyed by `messageId`; a record whose handling throws is reported in
 * `batchItemFailures` (so it stays on its queue) and the rest of the batch is unaffected.
 */
export function jobMessageBatch<Outcome extends string>(
  logger: Logger,
  handleOne: (record: SQSRecord, logger: Logger) => Promise<Outcome>,
): (event: SQSEvent) => Promise<SQSBatchResponse> {
  return async function handleBatch(event: SQSEvent): Promise<SQSBatchResponse> {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const child = logger.createChild();
      child.appendKeys({ messageId: record.messageId });
      try {
        const outcome = await handleOne(record, child);
        child.info('job message handled', { outcome });
      } catch (error) {
        child.error('job message failed', { error, poison: error instanceof PoisonMessageError });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  };
}

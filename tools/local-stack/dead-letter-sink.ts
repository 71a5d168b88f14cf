import { appendFile } from 'node:fs/promises';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sqsRecordOf, type DeadLetter } from './in-process-queue';
import { PRIVATE_FILE_MODE } from './private-files';

/** Options of {@link deadLetterSink}. */
export interface DeadLetterSinkOptions {
  /** The pipeline's dead-letter consumer (`pipelineHandlers(...).deadLetters()`), as in AWS. */
  finish: (event: SQSEvent) => Promise<SQSBatchResponse>;
  /** The dead-letter file (`<data>/dead-letters.jsonl`), for what stays. */
  file: string;
  logger: Pick<Logger, 'error'>;
}

/**
 * The local stack's dead-letter queue, which does what the job DLQ and its consumer do in AWS: a
 * letter goes to the same dead-letter consumer the `dead-letters` function runs, which ends a job
 * still `queued` `failed` and releases its hold (nothing charged), or leaves a job past `queued`
 * alone. A letter it reports failed (it names no readable job, or DynamoDB failed) stays: it is
 * appended to the dead-letter file as `{"messageId","body","receiveCount","at"}` and logged as an
 * error. (AWS tries such a message again later; here a job left `queued` is sent again by the next
 * start.)
 */
export function deadLetterSink(
  options: DeadLetterSinkOptions,
): (letter: DeadLetter) => Promise<void> {
  return async (letter) => {
    const record = sqsRecordOf(letter, 'lumcast-jobs-dead-letters');
    const stays = await options
      .finish({ Records: [record] })
      .then((response) => (response?.batchItemFailures ?? []).length > 0)
      .catch((error: unknown) => {
        options.logger.error('the dead-letter consumer failed', { error, ...letter });
        return true;
      });
    if (stays) await keepDeadLetter(options.file, letter, options.logger);
  };
}

/**
 * Appends a letter that stays to the dead-letter file (`{"messageId","body","receiveCount","at"}`,
 * one a line, the file private) and logs it as an error. Either run keeps its letters so: the
 * in-process stack's sink above, and the engine run for what its dead-letter queue's consumer
 * leaves on that queue.
 */
export async function keepDeadLetter(
  file: string,
  letter: DeadLetter,
  logger: Pick<Logger, 'error'>,
): Promise<void> {
  logger.error('message moved to the dead-letter file', { ...letter, file });
  await appendFile(file, `${JSON.stringify({ ...letter, at: new Date().toISOString() })}\n`, {
    mode: PRIVATE_FILE_MODE,
  });
}

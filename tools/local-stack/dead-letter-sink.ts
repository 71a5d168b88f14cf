import { appendFile } from 'node:fs/promises';
import type { Logger } from '@aws-lambda-powertools/logger';
import { PRIVATE_FILE_MODE } from './private-files';

/** A message no consumer could take, as the dead-letter file keeps it. */
export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
}

/**
 * Appends a letter that stays to the dead-letter file (`{"messageId","body","receiveCount","at"}`,
 * one a line, the file private) and logs it as an error. The engine run keeps so what its dead-letter
 * queue's consumer leaves on that queue.
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

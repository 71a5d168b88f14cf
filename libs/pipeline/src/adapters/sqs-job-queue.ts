import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { JobMessage, JobQueue } from '../ports/job-queue';

/** {@link JobQueue} on an SQS queue. */
export class SqsJobQueue implements JobQueue {
  constructor(private readonly options: { client: SQSClient; queueUrl: string }) {}

  async send(message: JobMessage): Promise<void> {
    await this.options.client.send(
      new SendMessageCommand({
        QueueUrl: this.options.queueUrl,
        MessageBody: JSON.stringify(message),
      }),
    );
  }
}

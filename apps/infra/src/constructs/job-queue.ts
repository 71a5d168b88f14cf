import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { DeadLetterQueue } from './dead-letter-queue';

/** A message is received at most this many times before it moves to the DLQ. */
export const MAX_RECEIVE_COUNT = 5;

/** Props of {@link JobQueue}. */
export interface JobQueueProps {
  /** Timeout of the consuming function; the visibility timeout is six times it (AWS's advice). */
  readonly consumerTimeout: Duration;
  /** Timeout of the dead-letter queue's consuming function; its visibility timeout is six times it. */
  readonly deadLetterConsumerTimeout: Duration;
}

/**
 * The job queue (messages `{"userId","jobId"}` from the api function) and its
 * dead-letter queue. SSE-SQS encrypted, TLS-only; a message that fails
 * {@link MAX_RECEIVE_COUNT} times (or is malformed) lands in the DLQ, whose consumer ends its
 * job; what it cannot end (a message naming no job) stays there for 14 days.
 */
export class JobQueue extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: JobQueueProps) {
    super(scope, id);
    this.deadLetterQueue = new DeadLetterQueue(this, 'DeadLetter', {
      of: 'the job queue',
      visibilityTimeout: Duration.seconds(props.deadLetterConsumerTimeout.toSeconds() * 6),
    });
    this.queue = new Queue(this, 'Jobs', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(props.consumerTimeout.toSeconds() * 6),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: MAX_RECEIVE_COUNT },
    });
  }
}

import { Duration, Validations } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';

/** Props of {@link DeadLetterQueue}. */
export interface DeadLetterQueueProps {
  /** What this queue is the dead-letter queue of, e.g. `the job queue`: said in the cdk-nag acknowledgment. */
  readonly of: string;
  /**
   * How long a received message stays hidden, for a queue a function consumes (at least that
   * function's timeout); default SQS's 30 s.
   */
  readonly visibilityTimeout?: Duration;
}

/**
 * A dead-letter queue as every one in this app is: SSE-SQS encrypted, TLS-only, keeping
 * what lands in it for 14 days, with cdk-nag's "no DLQ of its own" finding
 * (`AwsSolutions-SQS3`) acknowledged, since a dead-letter queue is the end of the line.
 */
export class DeadLetterQueue extends Queue {
  constructor(scope: Construct, id: string, props: DeadLetterQueueProps) {
    super(scope, id, {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      visibilityTimeout: props.visibilityTimeout,
    });
    Validations.of(this).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is the dead-letter queue of ${props.of}; it has no DLQ of its own.`,
    });
  }
}

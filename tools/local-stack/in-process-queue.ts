import { randomUUID } from 'node:crypto';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { JobMessage, JobQueue } from '@lumcast/pipeline';

/** A message that failed `maxReceiveCount` times, as the DLQ keeps it. */
export interface DeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
}

/** Options of {@link InProcessQueue}. */
export interface InProcessQueueOptions {
  /** The SQS consumer handler the messages are delivered to. */
  consumer: (event: SQSEvent) => Promise<SQSBatchResponse>;
  /** Deliveries before a failing message goes to the DLQ (like a redrive policy). Default 3. */
  maxReceiveCount?: number;
  /** Wait before a failed message is delivered again (like a visibility timeout). Default 1000 ms. */
  redeliveryDelayMs?: number;
  /** Messages per delivered event. Default 10. */
  batchSize?: number;
  /** Where dead letters go. */
  onDeadLetter: (letter: DeadLetter) => Promise<void> | void;
  /** Accept messages but deliver none, so every job stays `queued` (tests of what the API accepts). */
  held?: boolean;
}

interface Pending {
  messageId: string;
  body: string;
  receiveCount: number;
}

/**
 * The local stand-in for SQS: delivers SQS-shaped batches to the same
 * consumer handler Lambda runs, honours partial batch failures, redelivers
 * failed messages after a delay and moves them to a dead-letter sink after
 * `maxReceiveCount` deliveries — a poison message never loops forever.
 */
export class InProcessQueue implements JobQueue {
  private readonly waiting: Pending[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private delivering: Promise<void> | undefined;
  private closed = false;
  private readonly maxReceiveCount: number;
  private readonly redeliveryDelayMs: number;
  private readonly batchSize: number;

  constructor(private readonly options: InProcessQueueOptions) {
    this.maxReceiveCount = options.maxReceiveCount ?? 3;
    this.redeliveryDelayMs = options.redeliveryDelayMs ?? 1000;
    this.batchSize = options.batchSize ?? 10;
  }

  async send(message: JobMessage): Promise<void> {
    this.sendRaw(JSON.stringify(message));
  }

  /** Enqueues any body, as SQS would accept it (used to prove poison messages reach the DLQ). */
  sendRaw(body: string): string {
    if (this.closed) throw new Error('The local queue is closed');
    const messageId = randomUUID();
    this.waiting.push({ messageId, body, receiveCount: 0 });
    this.schedule();
    return messageId;
  }

  /** Resolves when no message is waiting, in flight or due for redelivery. */
  async idle(): Promise<void> {
    while (this.delivering || this.waiting.length > 0 || this.timers.size > 0) {
      await (this.delivering ?? new Promise((resolve) => setTimeout(resolve, 20)));
    }
  }

  /** Stops delivering; messages not yet delivered are dropped (their jobs stay `queued` and are re-sent at the next start). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
  }

  private schedule(): void {
    if (this.delivering || this.closed || this.options.held) return;
    this.delivering = this.deliverAll().finally(() => {
      this.delivering = undefined;
      if (this.waiting.length > 0) this.schedule();
    });
  }

  private async deliverAll(): Promise<void> {
    while (this.waiting.length > 0 && !this.closed) {
      const batch = this.waiting.splice(0, this.batchSize);
      for (const message of batch) message.receiveCount += 1;
      const failed = await this.deliver(batch);
      for (const message of batch.filter((m) => failed.has(m.messageId))) {
        if (message.receiveCount >= this.maxReceiveCount) {
          await this.options.onDeadLetter({ ...message });
        } else {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            if (this.closed) return;
            this.waiting.push(message);
            this.schedule();
          }, this.redeliveryDelayMs);
          this.timers.add(timer);
        }
      }
    }
  }

  private async deliver(batch: Pending[]): Promise<Set<string>> {
    const event: SQSEvent = { Records: batch.map((message) => sqsRecordOf(message)) };
    try {
      const response = await this.options.consumer(event);
      return new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch {
      return new Set(batch.map((message) => message.messageId));
    }
  }
}

/**
 * A message as Lambda's SQS event source hands it to a function: `receiveCount` is its
 * `ApproximateReceiveCount`, `queueName` names the queue in `eventSourceARN` (default the job queue).
 */
export function sqsRecordOf(
  message: { messageId: string; body: string; receiveCount: number },
  queueName = 'lumcast-jobs',
): SQSRecord {
  const now = String(Date.now());
  return {
    messageId: message.messageId,
    receiptHandle: message.messageId,
    body: message.body,
    attributes: {
      ApproximateReceiveCount: String(message.receiveCount),
      SentTimestamp: now,
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp: now,
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${queueName}`,
    awsRegion: 'local',
  };
}

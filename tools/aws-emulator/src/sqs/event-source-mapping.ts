import type { EventSourceMappingSpec } from '../template/synthesized-app';
import type { InvocationResult } from '../lambda/lambda-runtime';
import type { LocalQueues } from './local-queues';
import type { ReceivedMessage } from './queue-messages';

/** Options of {@link startEventSourceMapping}. */
export interface EventSourceMappingOptions {
  readonly mapping: EventSourceMappingSpec;
  readonly queues: LocalQueues;
  readonly functionArn: string;
  readonly invoke: (functionLogicalId: string, event: unknown) => Promise<InvocationResult>;
  readonly region?: string;
  /** Multiplies the batching window, as the run scales time; default 1. */
  readonly timeScale?: number;
  /** Pollers when the mapping sets no maximum concurrency (Lambda starts with 5); default 5. */
  readonly defaultConcurrency?: number;
  /**
   * Called with the messages a batch left on the queue (a failed invocation leaves all of them,
   * a partial batch response the ones it names), after each batch that left any.
   */
  readonly onMessagesLeft?: (messages: readonly LeftMessage[]) => void;
}

/** A message a batch left on its queue, to reappear after its visibility timeout. */
export interface LeftMessage {
  readonly messageId: string;
  readonly body: string;
  /** How many times it has been received, this time included. */
  readonly receiveCount: number;
}

/**
 * A running event source mapping.
 *
 * @example
 * ```ts
 * const poller = startEventSourceMapping({ mapping, queues, functionArn, invoke });
 * await poller.stop();
 * ```
 */
export interface EventSourceMapping {
  /** Each batch handed to the function: its size and the ids it reported failed. */
  readonly batches: { size: number; failedIds: string[]; functionError?: string }[];
  /**
   * Batches received and not yet answered (gathered in the batching window, or in the function's
   * hands): with the queue's contents, what tells a caller that no message is being worked on (a
   * message left on its queue is invisible too, but no batch holds it).
   */
  readonly inFlight: number;
  stop(): Promise<void>;
}

/**
 * Polls a queue as Lambda's SQS event source mapping does: up to `batchSize` messages per batch,
 * gathered for at most the batching window, at most `maximumConcurrency` batches in flight, each
 * invocation an `aws:sqs` event. A successful batch is deleted, except the `batchItemFailures` it
 * reports when `ReportBatchItemFailures` is on (a malformed report fails the whole batch); a
 * failed or throttled batch is left to reappear after its visibility timeout (and so reach the DLQ).
 *
 * @example
 * ```ts
 * const poller = startEventSourceMapping({ mapping: app.eventSourceMappings[0], queues, functionArn: fn.functionArn, invoke });
 * ```
 */
export function startEventSourceMapping(options: EventSourceMappingOptions): EventSourceMapping {
  const { mapping, queues } = options;
  const queue = queues.queue(mapping.queueLogicalId);
  const concurrency = mapping.maximumConcurrency ?? options.defaultConcurrency ?? 5;
  const windowMs = mapping.maximumBatchingWindowSeconds * 1000 * (options.timeScale ?? 1);
  const batches: EventSourceMapping['batches'] = [];
  let running = true;
  let inFlight = 0;

  const poll = async (): Promise<void> => {
    while (running) {
      const batch = await queues.receive(queue, {
        max: Math.min(mapping.batchSize, 10),
        waitSeconds: 0,
      });
      if (batch.length === 0) {
        await queues.nextChange(100);
        continue;
      }
      inFlight += 1;
      try {
        const windowEnd = Date.now() + windowMs;
        while (running && batch.length < mapping.batchSize && Date.now() < windowEnd) {
          const more = await queues.receive(queue, {
            max: Math.min(mapping.batchSize - batch.length, 10),
            waitSeconds: 0,
          });
          if (more.length > 0) batch.push(...more);
          else await queues.nextChange(Math.max(1, windowEnd - Date.now()));
        }
        await deliver(batch);
      } finally {
        inFlight -= 1;
      }
    }
  };

  const left = (batch: readonly ReceivedMessage[], ids: ReadonlySet<string>): void => {
    const kept = batch.filter((message) => ids.has(message.MessageId));
    if (kept.length === 0 || !options.onMessagesLeft) return;
    options.onMessagesLeft(
      kept.map((message) => ({
        messageId: message.MessageId,
        body: message.Body,
        receiveCount: Number(message.Attributes['ApproximateReceiveCount'] ?? 1),
      })),
    );
  };

  const deliver = async (batch: ReceivedMessage[]): Promise<void> => {
    const event = {
      Records: batch.map((message) => ({
        messageId: message.MessageId,
        receiptHandle: message.ReceiptHandle,
        body: message.Body,
        attributes: message.Attributes,
        messageAttributes: message.MessageAttributes ?? {},
        md5OfBody: message.MD5OfBody,
        eventSource: 'aws:sqs',
        eventSourceARN: queue.queueArn,
        awsRegion: options.region ?? 'us-east-1',
      })),
    };
    let answer: InvocationResult;
    try {
      answer = await options.invoke(mapping.functionLogicalId, event);
    } catch (error) {
      batches.push({
        size: batch.length,
        failedIds: batch.map((m) => m.MessageId),
        functionError: (error as Error).name,
      });
      left(batch, new Set(batch.map((m) => m.MessageId)));
      return;
    }
    if (answer.functionError) {
      const errorType = (answer.payload as { errorType?: string }).errorType ?? 'Unhandled';
      batches.push({
        size: batch.length,
        failedIds: batch.map((m) => m.MessageId),
        functionError: errorType,
      });
      left(batch, new Set(batch.map((m) => m.MessageId)));
      return;
    }
    const failed = failedIdsOf(answer.payload, batch, mapping.reportBatchItemFailures);
    batches.push({ size: batch.length, failedIds: [...failed] });
    left(batch, failed);
    for (const message of batch)
      if (!failed.has(message.MessageId)) queues.delete(queue, message.ReceiptHandle);
  };

  const pollers = Array.from({ length: concurrency }, () => poll());
  return {
    batches,
    get inFlight() {
      return inFlight;
    },
    stop: async () => {
      running = false;
      await Promise.allSettled(pollers);
    },
  };
}

/** The ids a partial batch response leaves on the queue (all of them when the response is malformed). */
function failedIdsOf(
  payload: unknown,
  batch: readonly ReceivedMessage[],
  reportBatchItemFailures: boolean,
): Set<string> {
  if (!reportBatchItemFailures || payload === null || typeof payload !== 'object') return new Set();
  const failures = (payload as { batchItemFailures?: unknown }).batchItemFailures;
  if (failures === undefined || failures === null) return new Set();
  if (!Array.isArray(failures)) return new Set(batch.map((m) => m.MessageId));
  const ids = new Set(batch.map((m) => m.MessageId));
  const out = new Set<string>();
  for (const failure of failures as { itemIdentifier?: unknown }[]) {
    const id = failure?.itemIdentifier;
    if (typeof id !== 'string' || !ids.has(id)) return ids;
    out.add(id);
  }
  return out;
}

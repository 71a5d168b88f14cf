import { createHash, randomUUID } from 'node:crypto';
import type { EventSourceMappingSpec, QueueSpec } from '../template/synthesized-app';
import type { InvocationResult } from '../lambda/lambda-runtime';
import { AwsServiceError } from '../errors';

interface StoredMessage {
  readonly messageId: string;
  readonly body: string;
  readonly md5OfBody: string;
  readonly messageAttributes: Record<string, unknown>;
  readonly sentTimestamp: number;
  readonly senderId: string;
  receiveCount: number;
  firstReceiveTimestamp?: number;
  visibleAt: number;
  receiptHandle?: string;
}

interface LocalQueue {
  readonly spec: QueueSpec;
  messages: StoredMessage[];
}

/** A message as ReceiveMessage answers it. */
export interface ReceivedMessage {
  readonly MessageId: string;
  readonly ReceiptHandle: string;
  readonly MD5OfBody: string;
  readonly Body: string;
  readonly Attributes: Record<string, string>;
  readonly MessageAttributes?: Record<string, unknown>;
}

/** Options of {@link LocalQueues}. */
export interface LocalQueuesOptions {
  readonly queues: readonly QueueSpec[];
  /** Multiplies visibility timeouts and delays, as the run scales Lambda timeouts; default 1. */
  readonly timeScale?: number;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * SQS standard queues with SQS's semantics: delay, visibility timeout (received messages are hidden
 * until deleted or the timeout passes), `ApproximateReceiveCount`, and the redrive policy (a
 * message received `maxReceiveCount` times moves to the dead-letter queue instead of being received
 * again). `handle` answers the JSON protocol operations the functions call.
 *
 * @example
 * ```ts
 * const queues = new LocalQueues({ queues: app.queues, timeScale: 0.05 });
 * await queues.handle('SendMessage', { QueueUrl: url, MessageBody: '{}' });
 * ```
 */
export class LocalQueues {
  private readonly byKey = new Map<string, LocalQueue>();
  private readonly byLogicalId = new Map<string, LocalQueue>();
  private readonly waiters = new Set<() => void>();

  constructor(private readonly options: LocalQueuesOptions) {
    for (const spec of options.queues) {
      const queue: LocalQueue = { spec, messages: [] };
      for (const key of [spec.queueUrl, spec.queueArn, spec.queueName, spec.logicalId])
        this.byKey.set(key, queue);
      this.byLogicalId.set(spec.logicalId, queue);
    }
  }

  /**
   * The queue named by URL, ARN, name or logical id.
   *
   * @example
   * ```ts
   * queues.queue(app.queues[0].queueUrl).queueArn;
   * ```
   */
  queue(key: string): QueueSpec {
    return this.find(key).spec;
  }

  /**
   * Answers one SQS JSON-protocol operation (the `sqs` hook of the front door).
   *
   * @example
   * ```ts
   * const { Messages } = (await queues.handle('ReceiveMessage', { QueueUrl: url, MaxNumberOfMessages: 10 })) as { Messages: ReceivedMessage[] };
   * ```
   */
  async handle(
    operation: string,
    input: unknown,
    caller?: { functionLogicalId?: string },
  ): Promise<unknown> {
    const request = (input ?? {}) as Record<string, unknown>;
    switch (operation) {
      case 'SendMessage':
        return this.send(this.queueOf(request), request, caller?.functionLogicalId ?? 'local');
      case 'SendMessageBatch': {
        const queue = this.queueOf(request);
        const entries = (request['Entries'] as Record<string, unknown>[] | undefined) ?? [];
        return {
          Successful: entries.map((entry) => ({
            Id: entry['Id'],
            ...(this.send(queue, entry, caller?.functionLogicalId ?? 'local') as object),
          })),
          Failed: [],
        };
      }
      case 'ReceiveMessage': {
        const messages = await this.receive(this.queueOf(request), {
          max: Number(request['MaxNumberOfMessages'] ?? 1),
          visibilityTimeoutSeconds: request['VisibilityTimeout'] as number | undefined,
          waitSeconds: Number(request['WaitTimeSeconds'] ?? 0),
        });
        return messages.length > 0 ? { Messages: messages } : {};
      }
      case 'DeleteMessage':
        this.delete(this.queueOf(request), String(request['ReceiptHandle']));
        return {};
      case 'DeleteMessageBatch': {
        const queue = this.queueOf(request);
        const entries =
          (request['Entries'] as { Id: string; ReceiptHandle: string }[] | undefined) ?? [];
        for (const entry of entries) this.delete(queue, entry.ReceiptHandle);
        return { Successful: entries.map((entry) => ({ Id: entry.Id })), Failed: [] };
      }
      case 'ChangeMessageVisibility':
        this.changeVisibility(
          this.queueOf(request),
          String(request['ReceiptHandle']),
          Number(request['VisibilityTimeout']),
        );
        return {};
      case 'GetQueueAttributes':
        return { Attributes: this.attributes(this.queueOf(request)) };
      case 'GetQueueUrl':
        return { QueueUrl: this.find(String(request['QueueName'])).spec.queueUrl };
      default:
        throw new AwsServiceError(
          'UnsupportedOperation',
          `The local SQS does not implement ${operation}`,
        );
    }
  }

  /**
   * Messages still in a queue (visible or not), for tests: `{ body, receiveCount }`.
   *
   * @example
   * ```ts
   * queues.contents(dlq.logicalId).map((m) => m.body);
   * ```
   */
  contents(key: string): { body: string; receiveCount: number; visible: boolean }[] {
    const now = Date.now();
    return this.find(key).messages.map((m) => ({
      body: m.body,
      receiveCount: m.receiveCount,
      visible: m.visibleAt <= now,
    }));
  }

  /**
   * Receives up to `max` visible messages, hiding them for the visibility timeout and moving the
   * ones past `maxReceiveCount` to the dead-letter queue.
   *
   * @example
   * ```ts
   * const batch = await queues.receive(spec, { max: 10, waitSeconds: 0 });
   * ```
   */
  async receive(
    queueOrSpec: QueueSpec | LocalQueue,
    options: { max: number; visibilityTimeoutSeconds?: number; waitSeconds?: number },
  ): Promise<ReceivedMessage[]> {
    const queue = 'spec' in queueOrSpec ? queueOrSpec : this.find(queueOrSpec.logicalId);
    const deadline = Date.now() + (options.waitSeconds ?? 0) * 1000 * this.scale;
    for (;;) {
      const got = this.take(queue, options);
      if (got.length > 0 || Date.now() >= deadline) return got;
      await this.nextChange(Math.min(deadline - Date.now(), 50));
    }
  }

  private get scale(): number {
    return this.options.timeScale ?? 1;
  }

  private take(
    queue: LocalQueue,
    options: { max: number; visibilityTimeoutSeconds?: number },
  ): ReceivedMessage[] {
    const now = Date.now();
    const out: ReceivedMessage[] = [];
    const max = Math.min(Math.max(1, options.max), 10);
    for (const message of [...queue.messages]) {
      if (out.length >= max) break;
      if (message.visibleAt > now) continue;
      const redrive = queue.spec.redrive;
      if (redrive && message.receiveCount >= redrive.maxReceiveCount) {
        this.moveToDeadLetterQueue(queue, message, redrive.deadLetterQueueLogicalId);
        continue;
      }
      message.receiveCount += 1;
      message.firstReceiveTimestamp ??= now;
      message.receiptHandle = `${message.messageId}#${randomUUID()}`;
      const timeout = options.visibilityTimeoutSeconds ?? queue.spec.visibilityTimeoutSeconds;
      message.visibleAt = now + timeout * 1000 * this.scale;
      this.wakeAt(message.visibleAt);
      out.push({
        MessageId: message.messageId,
        ReceiptHandle: message.receiptHandle,
        MD5OfBody: message.md5OfBody,
        Body: message.body,
        Attributes: {
          ApproximateReceiveCount: String(message.receiveCount),
          SentTimestamp: String(message.sentTimestamp),
          SenderId: message.senderId,
          ApproximateFirstReceiveTimestamp: String(message.firstReceiveTimestamp),
        },
        ...(Object.keys(message.messageAttributes).length > 0
          ? { MessageAttributes: message.messageAttributes }
          : {}),
      });
    }
    return out;
  }

  private moveToDeadLetterQueue(
    queue: LocalQueue,
    message: StoredMessage,
    dlqLogicalId: string,
  ): void {
    queue.messages = queue.messages.filter((m) => m !== message);
    const dlq = this.byLogicalId.get(dlqLogicalId);
    if (!dlq)
      throw new AwsServiceError(
        'QueueDoesNotExist',
        `The dead-letter queue ${dlqLogicalId} is not in the template`,
      );
    dlq.messages.push({ ...message, visibleAt: Date.now() });
    this.notify();
  }

  private send(queue: LocalQueue, request: Record<string, unknown>, senderId: string): unknown {
    const body = request['MessageBody'];
    if (typeof body !== 'string' || body.length === 0) {
      throw new AwsServiceError(
        'MissingParameter',
        'The request must contain the parameter MessageBody.',
      );
    }
    if (Buffer.byteLength(body) > 262_144) {
      throw new AwsServiceError(
        'InvalidParameterValue',
        'One or more parameters are invalid. Reason: Message must be shorter than 262144 bytes.',
      );
    }
    const delay = Number(request['DelaySeconds'] ?? queue.spec.delaySeconds);
    const message: StoredMessage = {
      messageId: randomUUID(),
      body,
      md5OfBody: md5(body),
      messageAttributes:
        (request['MessageAttributes'] as Record<string, unknown> | undefined) ?? {},
      sentTimestamp: Date.now(),
      senderId,
      receiveCount: 0,
      visibleAt: Date.now() + delay * 1000 * this.scale,
    };
    queue.messages.push(message);
    if (delay > 0) this.wakeAt(message.visibleAt);
    this.notify();
    return { MessageId: message.messageId, MD5OfMessageBody: message.md5OfBody };
  }

  /**
   * Deletes a received message by its receipt handle (an unknown handle is refused as SQS does;
   * a handle of a message already deleted is accepted).
   *
   * @example
   * ```ts
   * queues.delete(queue, message.ReceiptHandle);
   * ```
   */
  delete(queueOrSpec: QueueSpec | LocalQueue, receiptHandle: string): void {
    const queue = 'spec' in queueOrSpec ? queueOrSpec : this.find(queueOrSpec.logicalId);
    const messageId = receiptHandle.split('#')[0];
    if (!messageId || !receiptHandle.includes('#')) {
      throw new AwsServiceError(
        'ReceiptHandleIsInvalid',
        `The input receipt handle "${receiptHandle}" is not a valid receipt handle.`,
      );
    }
    queue.messages = queue.messages.filter((m) => m.messageId !== messageId);
  }

  private changeVisibility(queue: LocalQueue, receiptHandle: string, seconds: number): void {
    const message = queue.messages.find((m) => m.receiptHandle === receiptHandle);
    if (!message)
      throw new AwsServiceError(
        'MessageNotInflight',
        'Value for parameter ReceiptHandle is invalid. Reason: Message does not exist or is not available for visibility timeout change.',
      );
    message.visibleAt = Date.now() + seconds * 1000 * this.scale;
    this.wakeAt(message.visibleAt);
    this.notify();
  }

  private attributes(queue: LocalQueue): Record<string, string> {
    const now = Date.now();
    const visible = queue.messages.filter((m) => m.visibleAt <= now).length;
    const inFlight = queue.messages.filter((m) => m.visibleAt > now && m.receiveCount > 0).length;
    const delayed = queue.messages.filter((m) => m.visibleAt > now && m.receiveCount === 0).length;
    return {
      QueueArn: queue.spec.queueArn,
      ApproximateNumberOfMessages: String(visible),
      ApproximateNumberOfMessagesNotVisible: String(inFlight),
      ApproximateNumberOfMessagesDelayed: String(delayed),
      VisibilityTimeout: String(queue.spec.visibilityTimeoutSeconds),
      MessageRetentionPeriod: String(queue.spec.messageRetentionSeconds),
      DelaySeconds: String(queue.spec.delaySeconds),
      ...(queue.spec.redrive
        ? {
            RedrivePolicy: JSON.stringify({
              deadLetterTargetArn: this.byLogicalId.get(queue.spec.redrive.deadLetterQueueLogicalId)
                ?.spec.queueArn,
              maxReceiveCount: queue.spec.redrive.maxReceiveCount,
            }),
          }
        : {}),
    };
  }

  private queueOf(request: Record<string, unknown>): LocalQueue {
    return this.find(String(request['QueueUrl'] ?? ''));
  }

  private find(key: string): LocalQueue {
    const queue = this.byKey.get(key);
    if (!queue)
      throw new AwsServiceError('QueueDoesNotExist', 'The specified queue does not exist.');
    return queue;
  }

  private wakeAt(at: number): void {
    setTimeout(() => this.notify(), Math.max(0, at - Date.now()) + 1).unref();
  }

  private notify(): void {
    for (const wake of [...this.waiters]) wake();
  }

  /**
   * Resolves when a queue changes (a send, a visibility change or expiry) or after `maxMs`.
   *
   * @example
   * ```ts
   * await queues.nextChange(100);
   * ```
   */
  nextChange(maxMs: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(1, maxMs));
      timer.unref();
      this.waiters.add(wake);
    });
  }
}

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
    }
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
      return;
    }
    if (answer.functionError) {
      const errorType = (answer.payload as { errorType?: string }).errorType ?? 'Unhandled';
      batches.push({
        size: batch.length,
        failedIds: batch.map((m) => m.MessageId),
        functionError: errorType,
      });
      return;
    }
    const failed = failedIdsOf(answer.payload, batch, mapping.reportBatchItemFailures);
    batches.push({ size: batch.length, failedIds: [...failed] });
    for (const message of batch)
      if (!failed.has(message.MessageId)) queues.delete(queue, message.ReceiptHandle);
  };

  const pollers = Array.from({ length: concurrency }, () => poll());
  return {
    batches,
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

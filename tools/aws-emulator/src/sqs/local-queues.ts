import { randomUUID } from 'node:crypto';
import { AwsServiceError } from '../errors';
import type { QueueSpec } from '../template/synthesized-app';
import {
  queueAttributes,
  receivedMessageOf,
  storedMessageOf,
  type StoredMessage,
  type LocalQueue,
  type LocalQueuesOptions,
  type ReceivedMessage,
} from './queue-messages';

export type { ReceivedMessage } from './queue-messages';

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

  /**
   * @throws AwsServiceError `InvalidAttributeValue` for a `visibilityTimeoutSeconds` outside SQS's
   *   0 to 43,200 seconds.
   */
  constructor(private readonly options: LocalQueuesOptions) {
    const visibility = options.visibilityTimeoutSeconds;
    if (visibility !== undefined && !(visibility >= 0 && visibility <= 43_200)) {
      throw new AwsServiceError(
        'InvalidAttributeValue',
        `Invalid value for the parameter VisibilityTimeout: ${visibility} is not between 0 and 43200 seconds.`,
      );
    }
    for (const template of options.queues) {
      const spec =
        visibility === undefined ? template : { ...template, visibilityTimeoutSeconds: visibility };
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
      out.push(receivedMessageOf(message));
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
    const message = storedMessageOf(queue, request, senderId, this.scale);
    queue.messages.push(message);
    if (message.visibleAt > message.sentTimestamp) this.wakeAt(message.visibleAt);
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
    const redrive = queue.spec.redrive;
    return queueAttributes(
      queue,
      redrive && this.byLogicalId.get(redrive.deadLetterQueueLogicalId)?.spec.queueArn,
    );
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

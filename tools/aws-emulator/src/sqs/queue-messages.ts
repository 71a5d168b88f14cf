import { createHash, randomUUID } from 'node:crypto';
import { AwsServiceError } from '../errors';
import type { QueueSpec } from '../template/synthesized-app';

/** A message as a local queue holds it. */
export interface StoredMessage {
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

/** One local queue: its spec and its messages. */
export interface LocalQueue {
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
  /** Replaces every queue's visibility timeout (seconds, before `timeScale`; SQS's 0 to 43,200). */
  readonly visibilityTimeoutSeconds?: number;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * A message `SendMessage` stores, or SQS's refusal of it (no body, a body over 256 KiB); its
 * delay is the request's `DelaySeconds` or the queue's, scaled.
 *
 * @example
 * ```ts
 * const message = storedMessageOf(queue, { MessageBody: 'hi' }, senderId, 1);
 * ```
 */
export function storedMessageOf(
  queue: LocalQueue,
  request: Record<string, unknown>,
  senderId: string,
  scale: number,
): StoredMessage {
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
  const now = Date.now();
  return {
    messageId: randomUUID(),
    body,
    md5OfBody: md5(body),
    messageAttributes: (request['MessageAttributes'] as Record<string, unknown> | undefined) ?? {},
    sentTimestamp: now,
    senderId,
    receiveCount: 0,
    visibleAt: now + delay * 1000 * scale,
  };
}

/**
 * What `GetQueueAttributes` answers for a queue: its counts now and its template settings.
 *
 * @example
 * ```ts
 * queueAttributes(queue, deadLetterQueueArn).ApproximateNumberOfMessages; // '0'
 * ```
 */
export function queueAttributes(
  queue: LocalQueue,
  deadLetterTargetArn: string | undefined,
): Record<string, string> {
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
            deadLetterTargetArn,
            maxReceiveCount: queue.spec.redrive.maxReceiveCount,
          }),
        }
      : {}),
  };
}

/**
 * A stored message as `ReceiveMessage` answers it, after its receipt.
 *
 * @example
 * ```ts
 * out.push(receivedMessageOf(message));
 * ```
 */
export function receivedMessageOf(message: StoredMessage): ReceivedMessage {
  return {
    MessageId: message.messageId,
    ReceiptHandle: message.receiptHandle ?? '',
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
  };
}

import { startEventSourceMapping, type LeftMessage } from '../src/sqs/event-source-mapping';
import { LocalQueues } from '../src/sqs/local-queues';
import type { EventSourceMappingSpec } from '../src/template/synthesized-app';
import { queueSpec } from './support';

const specs = [
  queueSpec('Jobs', { redrive: { deadLetterQueueLogicalId: 'JobsDlq', maxReceiveCount: 3 } }),
  queueSpec('JobsDlq'),
];
const url = specs[0]!.queueUrl;

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('LocalQueues', () => {
  it('hides a received message for the visibility timeout and counts receives', async () => {
    const queues = new LocalQueues({ queues: specs, timeScale: 0.1 });
    await queues.handle('SendMessage', { QueueUrl: url, MessageBody: 'a' });
    const first = (await queues.handle('ReceiveMessage', { QueueUrl: url })) as {
      Messages: { Attributes: Record<string, string> }[];
    };
    expect(first.Messages[0]!.Attributes['ApproximateReceiveCount']).toBe('1');
    expect(await queues.handle('ReceiveMessage', { QueueUrl: url })).toEqual({});
    const again = (await queues.handle('ReceiveMessage', {
      QueueUrl: url,
      WaitTimeSeconds: 5,
    })) as { Messages: { Attributes: Record<string, string> }[] };
    expect(again.Messages[0]!.Attributes['ApproximateReceiveCount']).toBe('2');
  });

  it('moves a message received maxReceiveCount times to the dead-letter queue', async () => {
    const queues = new LocalQueues({ queues: specs, timeScale: 0.01 });
    await queues.handle('SendMessage', { QueueUrl: url, MessageBody: 'poison' });
    for (let i = 0; i < 3; i += 1) {
      await queues.handle('ChangeMessageVisibility', {
        QueueUrl: url,
        ReceiptHandle: (
          (await queues.handle('ReceiveMessage', { QueueUrl: url, WaitTimeSeconds: 5 })) as {
            Messages: { ReceiptHandle: string }[];
          }
        ).Messages[0]!.ReceiptHandle,
        VisibilityTimeout: 0,
      });
    }
    expect(await queues.handle('ReceiveMessage', { QueueUrl: url })).toEqual({});
    expect(queues.contents('JobsDlq')).toEqual([
      { body: 'poison', receiveCount: 3, visible: true },
    ]);
    expect(queues.contents('Jobs')).toEqual([]);
  });

  it('deletes by receipt handle and reports approximate counts', async () => {
    const queues = new LocalQueues({ queues: specs });
    await queues.handle('SendMessage', { QueueUrl: url, MessageBody: 'a' });
    await queues.handle('SendMessage', { QueueUrl: url, MessageBody: 'b' });
    const { Messages } = (await queues.handle('ReceiveMessage', { QueueUrl: url })) as {
      Messages: { ReceiptHandle: string }[];
    };
    expect(
      (
        (await queues.handle('GetQueueAttributes', { QueueUrl: url })) as {
          Attributes: Record<string, string>;
        }
      ).Attributes,
    ).toMatchObject({
      ApproximateNumberOfMessages: '1',
      ApproximateNumberOfMessagesNotVisible: '1',
    });
    await queues.handle('DeleteMessage', {
      QueueUrl: url,
      ReceiptHandle: Messages[0]!.ReceiptHandle,
    });
    expect(queues.contents('Jobs').map((m) => m.body)).toEqual(['b']);
    await expect(
      queues.handle('DeleteMessage', { QueueUrl: url, ReceiptHandle: 'junk' }),
    ).rejects.toMatchObject({ name: 'ReceiptHandleIsInvalid' });
    await expect(
      queues.handle('SendMessage', { QueueUrl: 'http://nope', MessageBody: 'x' }),
    ).rejects.toMatchObject({ name: 'QueueDoesNotExist' });
  });
});

describe('the event source mapping', () => {
  const mapping: EventSourceMappingSpec = {
    logicalId: 'Esm',
    functionLogicalId: 'Consumer',
    queueLogicalId: 'Jobs',
    batchSize: 10,
    maximumBatchingWindowSeconds: 1,
    maximumConcurrency: 2,
    reportBatchItemFailures: true,
    enabled: true,
  };

  it('batches, keeps at most maximumConcurrency batches in flight, and leaves reported failures for redrive, telling the caller each time', async () => {
    const queues = new LocalQueues({ queues: specs, timeScale: 0.05 });
    let inFlight = 0;
    let peak = 0;
    const seen: string[] = [];
    const left: LeftMessage[] = [];
    const poller = startEventSourceMapping({
      mapping,
      onMessagesLeft: (messages) => left.push(...messages),
      queues,
      functionArn: 'arn:aws:lambda:us-east-1:000000000000:function:consumer',
      timeScale: 0.05,
      invoke: async (_id, event) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 30));
        inFlight -= 1;
        const records = (
          event as { Records: { messageId: string; body: string; eventSource: string }[] }
        ).Records;
        expect(records.every((r) => r.eventSource === 'aws:sqs')).toBe(true);
        seen.push(...records.map((r) => r.body));
        return {
          payload: {
            batchItemFailures: records
              .filter((r) => r.body === 'poison')
              .map((r) => ({ itemIdentifier: r.messageId })),
          },
        };
      },
    });
    try {
      for (let i = 0; i < 25; i += 1)
        await queues.handle('SendMessage', { QueueUrl: url, MessageBody: `m${i}` });
      await queues.handle('SendMessage', { QueueUrl: url, MessageBody: 'poison' });
      await until(
        () => queues.contents('JobsDlq').length === 1 && queues.contents('Jobs').length === 0,
      );
      expect(queues.contents('JobsDlq')[0]!.body).toBe('poison');
      expect(seen.filter((b) => b === 'poison')).toHaveLength(3);
      expect(left.map(({ body, receiveCount }) => ({ body, receiveCount }))).toEqual([
        { body: 'poison', receiveCount: 1 },
        { body: 'poison', receiveCount: 2 },
        { body: 'poison', receiveCount: 3 },
      ]);
      expect(new Set(seen.filter((b) => b !== 'poison')).size).toBe(25);
      expect(peak).toBeLessThanOrEqual(2);
      expect(poller.batches.every((b) => b.size <= 10)).toBe(true);
    } finally {
      await poller.stop();
    }
  });

  it('counts a batch in flight from its first receive, through its batching window, until its invocation ends, and a message it left on the queue as none', async () => {
    const queues = new LocalQueues({ queues: specs, timeScale: 1 });
    let invoked = false;
    let finish: () => void = () => undefined;
    const poller = startEventSourceMapping({
      mapping: { ...mapping, maximumBatchingWindowSeconds: 0.5 },
      queues,
      functionArn: 'x',
      invoke: async () => {
        invoked = true;
        await new Promise<void>((resolve) => (finish = resolve));
        return { payload: { errorType: 'Error', errorMessage: 'x' }, functionError: 'Unhandled' };
      },
    });
    try {
      expect(poller.inFlight).toBe(0);
      await queues.handle('SendMessage', { QueueUrl: url, MessageBody: 'slow' });
      await until(() => poller.inFlight === 1);
      expect(invoked).toBe(false);
      await until(() => invoked);
      expect(poller.inFlight).toBe(1);
      finish();
      await until(() => poller.inFlight === 0);
      expect(queues.contents('Jobs')).toEqual([{ body: 'slow', receiveCount: 1, visible: false }]);
    } finally {
      await poller.stop();
    }
  });

  it('leaves the whole batch on the queue when the function fails', async () => {
    const queues = new LocalQueues({ queues: specs, timeScale: 0.01 });
    const poller = startEventSourceMapping({
      mapping,
      queues,
      functionArn: 'x',
      timeScale: 0.01,
      invoke: async () => ({
        payload: { errorType: 'Error', errorMessage: 'x' },
        functionError: 'Unhandled',
      }),
    });
    try {
      await queues.handle('SendMessage', { QueueUrl: url, MessageBody: 'a' });
      await until(() => queues.contents('JobsDlq').length === 1);
      expect(poller.batches.filter((b) => b.functionError === 'Error').length).toBe(3);
    } finally {
      await poller.stop();
    }
  });
});

import { LocalQueues } from '../src/sqs/local-queues';
import { queueSpec } from './support';

/** A template's queues as deployed: a 180 s visibility timeout, redriven after 5 receives. */
const deployed = { visibilityTimeoutSeconds: 180 };
const specs = [
  queueSpec('Jobs', {
    ...deployed,
    redrive: { deadLetterQueueLogicalId: 'JobsDlq', maxReceiveCount: 5 },
  }),
  queueSpec('JobsDlq', deployed),
];
const url = specs[0]!.queueUrl;

type Received = { Messages?: { ReceiptHandle: string; Attributes: Record<string, string> }[] };

const receive = async (queues: LocalQueues, request: Record<string, unknown> = {}) =>
  (await queues.handle('ReceiveMessage', { QueueUrl: url, ...request })) as Received;

describe('the visibilityTimeoutSeconds option of the queues', () => {
  it('replaces every queue’s visibility timeout, so a message left unanswered is received again and redriven after maxReceiveCount', async () => {
    const queues = new LocalQueues({ queues: specs, visibilityTimeoutSeconds: 0.1 });
    await queues.handle('SendMessage', { QueueUrl: url, MessageBody: 'poison' });
    const counts: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const got = await receive(queues, { WaitTimeSeconds: 5 });
      counts.push(got.Messages![0]!.Attributes['ApproximateReceiveCount']!);
      expect(await receive(queues)).toEqual({});
    }
    expect(counts).toEqual(['1', '2', '3', '4', '5']);
    // The sixth receive finds it gone to the dead-letter queue, as SQS moves it.
    expect(await receive(queues, { WaitTimeSeconds: 0.5 })).toEqual({});
    expect(queues.contents('JobsDlq').map((m) => m.body)).toEqual(['poison']);
  });

  it.each([
    ['the template’s timeout without it', undefined, '180'],
    ['its own when given', 0.1, '0.1'],
  ])('makes the queues report %s', async (_case, visibilityTimeoutSeconds, reported) => {
    const queues = new LocalQueues({
      queues: specs,
      ...(visibilityTimeoutSeconds === undefined ? {} : { visibilityTimeoutSeconds }),
    });
    const { Attributes } = (await queues.handle('GetQueueAttributes', { QueueUrl: url })) as {
      Attributes: Record<string, string>;
    };
    expect(Attributes['VisibilityTimeout']).toBe(reported);
    expect(queues.queue('JobsDlq').visibilityTimeoutSeconds).toBe(Number(reported));
  });

  it('still gives a ReceiveMessage the VisibilityTimeout it names', async () => {
    const queues = new LocalQueues({ queues: specs, visibilityTimeoutSeconds: 0.05 });
    await queues.handle('SendMessage', { QueueUrl: url, MessageBody: 'held' });
    expect((await receive(queues, { VisibilityTimeout: 60 })).Messages).toHaveLength(1);
    expect(await receive(queues, { WaitTimeSeconds: 0.3 })).toEqual({});
  });

  it('is scaled by timeScale, as the template’s timeout is', async () => {
    const queues = new LocalQueues({
      queues: specs,
      visibilityTimeoutSeconds: 10,
      timeScale: 0.01,
    });
    await queues.handle('SendMessage', { QueueUrl: url, MessageBody: 'scaled' });
    await receive(queues);
    const started = Date.now();
    expect((await receive(queues, { WaitTimeSeconds: 500 })).Messages).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it.each([-1, 43_201, Number.NaN])('refuses %s seconds, outside SQS’s 0 to 43,200', (seconds) => {
    expect(() => new LocalQueues({ queues: specs, visibilityTimeoutSeconds: seconds })).toThrow(
      expect.objectContaining({ name: 'InvalidAttributeValue' }),
    );
  });
});

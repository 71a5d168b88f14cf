/**
 * The local stack takes Polly's turns on its own pacing table when it speaks with Polly (the
 * engine's fake Polly answers, so no account is needed), and takes none for espeak-ng, which
 * then speaks every chunk with no request to Polly at all: the fake Polly's requests are what it
 * counts.
 */
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { PACING_TABLE_KEY } from '@lumcast/pacing';
import type { LocalStack } from './engine-test-stack';
import { engineOf } from './engine-test-stack';
import { makeEpisode, startTestStack, temporaryDataDir } from './support';

jest.setTimeout(120_000);

async function pollyLine(stack: LocalStack, quality: string): Promise<number | undefined> {
  const { Item } = await stack.dynamo.client.send(
    new GetItemCommand({
      TableName: stack.env.LUMCAST_PACING_TABLE,
      Key: { [PACING_TABLE_KEY]: { S: `polly:${quality}` } },
      ConsistentRead: true,
    }),
  );
  return Item?.['nextFreeAt']?.N === undefined ? undefined : Number(Item['nextFreeAt'].N);
}

describe.each([
  ['polly', true],
  ['local', false],
] as const)('the local stack speaking with %s', (speech, paced) => {
  let stack: LocalStack;
  let data: ReturnType<typeof temporaryDataDir>;

  beforeAll(async () => {
    data = temporaryDataDir();
    stack = await startTestStack({ dataDir: data.dir, speech });
  });
  afterAll(async () => {
    await stack?.stop();
    data?.remove();
  });

  it(`${paced ? 'takes' : 'takes no'} turns at Polly's neural engine for a neural episode`, async () => {
    const before = Date.now();
    const job = await makeEpisode(stack, 'pacing-user', {
      topic: 'Tide pools',
      minutes: 1,
      quality: 'neural',
    });
    expect(job.status).toBe('ready');
    expect(job.progress).toMatchObject({ done: job.progress.total });
    // Polly is asked once a chunk when it speaks, never when espeak-ng does.
    expect(engineOf(stack).polly.requests).toHaveLength(paced ? job.progress.total : 0);
    const line = await pollyLine(stack, 'neural');
    if (paced) {
      // One slot of 1 / (8 × 0.95) s per chunk, all granted after the request.
      expect(line).toBeGreaterThan(before + (job.progress.total - 1) * (1000 / (8 * 0.95)));
    } else {
      expect(line).toBeUndefined();
    }
  });
});

/**
 * The local stack takes Polly's turns on its own pacing table when it speaks with Polly (a fast
 * stand-in speaks here, so no account is needed), and takes none for espeak-ng.
 */
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { PACING_TABLE_KEY } from '@lumcast/pacing';
import type { LocalStack } from '../local-stack';
import { makeEpisode, startTestStack, temporaryDataDir, ToneSynthesizer } from './support';

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
  const synthesizer = new ToneSynthesizer({ secondsPerChar: 0.01 });

  beforeAll(async () => {
    data = temporaryDataDir();
    stack = await startTestStack({
      dataDir: data.dir,
      speech,
      services: { synthesizer: () => synthesizer },
    });
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
    expect(synthesizer.calls).toBe(job.progress.total);
    const line = await pollyLine(stack, 'neural');
    if (paced) {
      // One slot of 1 / (8 × 0.95) s per chunk, all granted after the request.
      expect(line).toBeGreaterThan(before + (job.progress.total - 1) * (1000 / (8 * 0.95)));
    } else {
      expect(line).toBeUndefined();
    }
  });
});

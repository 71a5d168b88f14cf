import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { PACING_TABLE_KEY } from '@lumcast/pacing';
import { startDeployedApp, type DeployedApp } from '../deployed-app';
import { createEpisode, describeDenials, untilFinal } from './episodes';
import { answeredWait, invocationsOf, jobOf, storedChunk } from './pacing-figures';

let deployed: DeployedApp;
let direct: DynamoDBClient;

/** The longest a function sleeps for its turn (the pipeline's `TURN_POLICY.lambdaWaitLimitMs`). */
const LAMBDA_WAIT_LIMIT_MS = 2000;
/** What an invocation may take beyond its sleep: a pacing write, Polly, S3 and DynamoDB, on a busy machine. */
const WORK_MARGIN_MS = 1500;

beforeAll(async () => {
  // AWS's time (Polly's 8 TPS is real time); the fake model writes fast, so scripts take seconds.
  deployed = await startDeployedApp({ timeScale: 1, bedrock: { outputTokensPerSecond: 6000 } });
  direct = new DynamoDBClient({
    region: deployed.app.account.region,
    endpoint: deployed.dynamodbUrl,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
}, 180_000);
afterAll(() => deployed?.stop());

function pacingTable(): string {
  const table = deployed.app.tables.find((t) =>
    t.keySchema.some((k) => k.AttributeName === PACING_TABLE_KEY),
  );
  if (!table) throw new Error('no pacing table in the template');
  return table.tableName;
}

/** Other functions' grants, as the pacing table would hold them: a line ending `ms` from now. */
async function backlog(key: string, ms: number): Promise<number> {
  const endsAt = Date.now() + ms;
  await direct.send(
    new PutItemCommand({
      TableName: pacingTable(),
      Item: { [PACING_TABLE_KEY]: { S: key }, nextFreeAt: { N: String(endsAt) } },
    }),
  );
  return endsAt;
}

/** Posts a 1-minute neural episode and waits until it is ready. */
async function readyOneMinuteEpisode(token: string, topic: string) {
  const jobId = await createEpisode(deployed, token, { topic, minutes: 1, quality: 'neural' });
  const job = await untilFinal(deployed, token, jobId, 120_000);
  expect(job.status).toBe('ready');
  return { jobId, job };
}

function modelId(): string {
  const writeScript = deployed.app.functions.find((fn) => fn.handlerName === 'write-script');
  const id = writeScript?.environment['LUMCAST_BEDROCK_MODEL_ID'];
  if (!id) throw new Error('write-script has no LUMCAST_BEDROCK_MODEL_ID');
  return id;
}

describe('provider pacing through the deployed app', () => {
  it('sends synthesize turns further than 2 s through the state machine’s Wait, holding their places, and no function sleeps longer', async () => {
    const token = await deployed.token('paced-speech');
    // Longer than the script takes to write, so every chunk's first turn is beyond 2 s.
    const lineEndsAt = await backlog('polly:neural', 25_000);
    const pollyBefore = deployed.polly.requests.length;
    const { jobId, job } = await readyOneMinuteEpisode(token, 'Harbours');

    const invocations = invocationsOf(deployed, 'synthesize').filter((i) => jobOf(i) === jobId);
    // Every chunk's first turn was in the line's future: it went back to the state machine ...
    expect(invocations.filter(answeredWait).length).toBeGreaterThanOrEqual(job.progress.total);
    // ... and came back with the start it held, without queueing again.
    const returned = invocations.filter(
      (i) => typeof (i.event as { turn?: { startAt?: unknown } }).turn?.startAt === 'string',
    );
    expect(returned.length).toBeGreaterThanOrEqual(job.progress.total);
    expect(invocations.filter(storedChunk)).toHaveLength(job.progress.total);
    for (const invocation of invocations) {
      expect(invocation.durationMs).toBeLessThanOrEqual(LAMBDA_WAIT_LIMIT_MS + WORK_MARGIN_MS);
      if (answeredWait(invocation)) expect(invocation.durationMs).toBeLessThan(WORK_MARGIN_MS);
    }
    // No call jumped the line the other grants hold.
    for (const request of deployed.polly.requests.slice(pollyBefore)) {
      expect(request.at.getTime()).toBeGreaterThanOrEqual(lineEndsAt - 5);
    }
    expect(describeDenials(deployed)).toEqual([]);
  });

  it('makes write-script wait for Bedrock’s turn when the model’s key is backlogged', async () => {
    const token = await deployed.token('paced-model');
    const lineEndsAt = await backlog(`bedrock:${modelId()}`, 8000);
    const bedrockBefore = deployed.bedrock.requests.length;
    const { jobId } = await readyOneMinuteEpisode(token, 'Lighthouses');

    const invocations = invocationsOf(deployed, 'write-script').filter((i) => jobOf(i) === jobId);
    expect(invocations.some(answeredWait)).toBe(true);
    for (const invocation of invocations.filter(answeredWait)) {
      expect(invocation.durationMs).toBeLessThan(WORK_MARGIN_MS);
    }
    const modelCalls = deployed.bedrock.requests.slice(bedrockBefore);
    expect(modelCalls.length).toBeGreaterThan(0);
    // Granted no earlier than the line's end, less the turn's lead.
    expect(modelCalls[0]?.at.getTime()).toBeGreaterThanOrEqual(lineEndsAt - 5);
  });

  it('stores every chunk of a 1-minute episode within 3 s of its first chunk request while a 30-minute episode synthesizes', async () => {
    const longToken = await deployed.token('fair-long');
    const shortToken = await deployed.token('fair-short');
    const longJobId = await createEpisode(deployed, longToken, {
      topic: 'The long history of rivers',
      minutes: 30,
      quality: 'neural',
    });
    // Post the short episode once the long one is well into synthesis.
    const storedOfLong = () =>
      invocationsOf(deployed, 'synthesize').filter((i) => jobOf(i) === longJobId && storedChunk(i))
        .length;
    const deadline = Date.now() + 240_000;
    while (storedOfLong() < 24 && Date.now() < deadline) await sleep(200);
    expect(storedOfLong()).toBeGreaterThanOrEqual(24);
    const shortJobId = await createEpisode(deployed, shortToken, {
      topic: 'A short note on rivers',
      minutes: 1,
      quality: 'neural',
    });
    const short = await untilFinal(deployed, shortToken, shortJobId, 120_000);
    expect(short.status).toBe('ready');
    const long = await untilFinal(deployed, longToken, longJobId, 600_000);
    expect(long.status).toBe('ready');

    const shortCalls = invocationsOf(deployed, 'synthesize').filter((i) => jobOf(i) === shortJobId);
    // Its first chunk request to Polly (a new container's INIT before it is not Polly's line).
    const texts = new Set(
      shortCalls.map((i) => (i.event as { chunk: { text: string } }).chunk.text),
    );
    // (The fake model writes alike texts for both episodes: only requests after its first step count.)
    const firstInvoked = Math.min(...shortCalls.map((i) => i.startedAtMs));
    const firstRequest = Math.min(
      ...deployed.polly.requests
        .filter((r) => texts.has(r.text) && r.at.getTime() >= firstInvoked)
        .map((r) => r.at.getTime()),
    );
    const lastStored = Math.max(...shortCalls.filter(storedChunk).map((i) => i.endedAtMs));
    expect(shortCalls.filter(storedChunk)).toHaveLength(short.progress.total);
    // Behind the long episode's 4 places in line at most, then its own chunks.
    expect(lastStored - firstRequest).toBeLessThanOrEqual(3000);
    // The long one was still being spoken after the short one was done: it did wait behind it.
    const longLastStored = Math.max(
      ...invocationsOf(deployed, 'synthesize')
        .filter((i) => jobOf(i) === longJobId && storedChunk(i))
        .map((i) => i.endedAtMs),
    );
    expect(longLastStored).toBeGreaterThan(lastStored);
  });
});

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import {
  SpeechThrottledError,
  type SpeechRequest,
  type SpeechSynthesizer,
} from '@lumcast/audio-assembly';
import { createTables } from '@lumcast/local-dynamo';
import { PACING_TABLE_KEY, ProviderPacer } from '@lumcast/pacing';
import { BedrockScriptWriter, parseScriptRequest } from '@lumcast/script-generation';
import { buildWriteScriptHandler } from '../src/composition/handler-builders';
import { JobsTable } from '../src/jobs/jobs-table';
import { pacedModelCalls } from '../src/pacing/paced-model-calls';
import type { SpeechTurns } from '../src/pacing/pacing-from-environment';
import { ProviderTurns } from '../src/pacing/provider-turns';
import { objectKeys } from '../src/ports/object-store';
import { SeriesMemory } from '../src/series/series-memory';
import { createSynthesizeStep } from '../src/steps/synthesize';
import { MemoryObjectStore, queuedJob, startTestDynamo, TABLES, type TestDynamo } from './support';

const PACING_TABLE = 'pacing';
const T0 = Date.parse('2026-12-07T10:00:00.000Z');
let dynamo: TestDynamo;
let jobs: JobsTable;
let clockMs = T0;
const now = () => new Date(clockMs);

beforeAll(async () => {
  dynamo = await startTestDynamo();
  await createTables(dynamo.client, [{ name: PACING_TABLE, partitionKey: PACING_TABLE_KEY }]);
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLES.jobs, now });
});
afterAll(() => dynamo.close());
beforeEach(() => {
  clockMs = T0;
});

/** A provider line that ends `ms` from now, as other functions' grants would leave it. */
async function backlog(key: string, ms: number): Promise<void> {
  await dynamo.client.send(
    new PutItemCommand({
      TableName: PACING_TABLE,
      Item: { [PACING_TABLE_KEY]: { S: key }, nextFreeAt: { N: String(clockMs + ms) } },
    }),
  );
}

function turnsAt(key: string, quotaPerSecond: number): ProviderTurns {
  return new ProviderTurns({
    pacer: new ProviderPacer({ client: dynamo.client, tableName: PACING_TABLE, now }),
    key,
    quotaPerSecond,
    now,
    // The function's sleep moves the shared clock.
    sleep: async (ms) => {
      clockMs += ms;
    },
  });
}

/** A synthesizer that records what it spoke. */
class RecordingSynthesizer implements SpeechSynthesizer {
  readonly spoken: string[] = [];
  voiceForHost(): string {
    return 'Joanna';
  }
  async synthesize(request: SpeechRequest): Promise<Uint8Array> {
    this.spoken.push(request.text);
    return new Uint8Array([0xff, 0xf3]);
  }
}

function speechTurnsFor(key: string): SpeechTurns {
  const turns = turnsAt(key, 8);
  return { standard: turns, neural: turns, generative: turns };
}

async function synthesizingJob() {
  const job = queuedJob({ userId: 'pacing-user', quality: 'neural' });
  await jobs.create(job);
  await jobs.setStatus(job.userId, job.jobId, 'synthesizing', { totalChunks: 1 });
  return job;
}

describe('the synthesize step with Polly paced', () => {
  it('speaks at once on an idle line', async () => {
    const job = await synthesizingJob();
    const synthesizer = new RecordingSynthesizer();
    const step = createSynthesizeStep({
      jobs,
      store: new MemoryObjectStore(),
      synthesizer,
      speechTurns: speechTurnsFor('polly:idle'),
    });
    const chunk = { index: 0, text: 'Hello.', hostIndex: 0 as const };
    expect(
      await step({
        userId: job.userId,
        jobId: job.jobId,
        quality: 'neural',
        totalChunks: 1,
        chunk,
      }),
    ).toEqual({ index: 0, key: objectKeys.chunk(job.userId, job.jobId, 0) });
    expect(synthesizer.spoken).toEqual(['Hello.']);
  });

  it('answers a Wait holding its start when the line is 20 s long, speaks nothing, then speaks in its turn without a second place', async () => {
    const job = await synthesizingJob();
    const key = 'polly:backlogged';
    await backlog(key, 20_000);
    const synthesizer = new RecordingSynthesizer();
    const step = createSynthesizeStep({
      jobs,
      store: new MemoryObjectStore(),
      synthesizer,
      speechTurns: speechTurnsFor(key),
    });
    const input = {
      userId: job.userId,
      jobId: job.jobId,
      quality: 'neural' as const,
      totalChunks: 1,
      chunk: { index: 0, text: 'Later.', hostIndex: 1 as const },
    };
    const first = await step(input);
    expect(first).toEqual({
      waitUntil: '2026-12-07T10:00:19.000Z',
      startAt: '2026-12-07T10:00:20.000Z',
    });
    expect(synthesizer.spoken).toEqual([]);

    clockMs = Date.parse('2026-12-07T10:00:19.030Z'); // the Wait ends; the function is invoked
    const second = await step({ ...input, turn: first as { waitUntil: string; startAt: string } });
    expect(second).toEqual({ index: 0, key: objectKeys.chunk(job.userId, job.jobId, 0) });
    expect(synthesizer.spoken).toEqual(['Later.']);
    expect(clockMs).toBe(T0 + 20_000); // it slept the last 0.97 s to its start
    // One place taken in all: a second invocation did not queue again.
    const afterwards = await turnsAt(key, 8).short();
    expect(afterwards).toEqual({ kind: 'go' });
    expect(clockMs).toBeCloseTo(T0 + 20_000 + 1000 / (8 * 0.95), -1);
  });
});

describe('a paced call that Polly throttles anyway', () => {
  /** A synthesizer whose first `throttles` calls Polly throttles. */
  function throttling(throttles: number) {
    const synthesizer = new RecordingSynthesizer();
    let left = throttles;
    const speak = synthesizer.synthesize.bind(synthesizer);
    synthesizer.synthesize = async (request) => {
      if (left-- > 0)
        throw new SpeechThrottledError('Polly throttled the request 1 time(s)', { attempts: 1 });
      return speak(request);
    };
    return synthesizer;
  }

  it.each([
    [1, 'speaks in its new turn at the end of the line', 'stored'],
    [2, 'speaks in its third turn', 'stored'],
    [3, 'gives the third throttle to the state machine’s Retry', 'throws'],
  ] as const)('after %i throttle(s) %s', async (throttles, _, expected) => {
    const job = await synthesizingJob();
    const key = `polly:throttled-${throttles}`;
    const synthesizer = throttling(throttles);
    const step = createSynthesizeStep({
      jobs,
      store: new MemoryObjectStore(),
      synthesizer,
      speechTurns: speechTurnsFor(key),
    });
    const answer = step({
      userId: job.userId,
      jobId: job.jobId,
      quality: 'neural',
      totalChunks: 1,
      chunk: { index: 0, text: 'Again.', hostIndex: 0 },
    });
    if (expected === 'throws') {
      await expect(answer).rejects.toBeInstanceOf(SpeechThrottledError);
    } else {
      await expect(answer).resolves.toEqual({
        index: 0,
        key: objectKeys.chunk(job.userId, job.jobId, 0),
      });
      expect(synthesizer.spoken).toEqual(['Again.']);
    }
  });

  it('answers a Wait when its new place is further than what is left of its wait limit', async () => {
    const job = await synthesizingJob();
    const key = 'polly:throttled-behind';
    const synthesizer = new RecordingSynthesizer();
    synthesizer.synthesize = async () => {
      // While the call was out, other functions filled the next 10 s of the line.
      await backlog(key, 10_000);
      throw new SpeechThrottledError('Polly throttled the request 1 time(s)', { attempts: 1 });
    };
    const step = createSynthesizeStep({
      jobs,
      store: new MemoryObjectStore(),
      synthesizer,
      speechTurns: speechTurnsFor(key),
    });
    const answer = await step({
      userId: job.userId,
      jobId: job.jobId,
      quality: 'neural',
      totalChunks: 1,
      chunk: { index: 0, text: 'Later again.', hostIndex: 0 },
    });
    expect(answer).toEqual({
      waitUntil: '2026-12-07T10:00:09.000Z',
      startAt: '2026-12-07T10:00:10.000Z',
    });
  });
});

describe('the write-script function with Bedrock paced', () => {
  it('answers a Wait and calls no model when the model’s line is longer than a function waits', async () => {
    const job = queuedJob({ userId: 'pacing-user', minutes: 2, quality: 'neural' });
    await jobs.create(job);
    const store = new MemoryObjectStore();
    const request = parseScriptRequest({ topic: 'Tides', minutes: 2, quality: 'neural' });
    await store.put(
      objectKeys.scriptOutline(job.userId, job.jobId),
      JSON.stringify({ request, plan: { kind: 'whole' } }),
    );
    const key = 'bedrock:test-model';
    await backlog(key, 60_000);
    let calls = 0;
    const client = {
      send: async () => {
        calls++;
        throw new Error('the model must not be called before its turn');
      },
    } as unknown as BedrockRuntimeClient;
    const handler = buildWriteScriptHandler({
      jobs,
      store,
      writer: new BedrockScriptWriter({
        client,
        modelId: 'test-model',
        beforeEachCall: pacedModelCalls(turnsAt(key, 100 / 60)),
      }),
      seriesMemory: new SeriesMemory({ client: dynamo.client, tableName: TABLES.series }),
      sources: { fetchText: async () => '' },
      maxChunkChars: 3000,
      speechEngine: 'espeak-ng' as const,
    });
    const answer = await handler({
      userId: job.userId,
      jobId: job.jobId,
      phase: 'chapter',
      part: 0,
    });
    // The line ends at +60 s; a 2 s wait would fit from +58 s.
    expect(answer).toEqual({ waitUntil: '2026-12-07T10:00:58.000Z' });
    expect(calls).toBe(0);
    expect(store.objects.has(objectKeys.scriptPart(job.userId, job.jobId, 0))).toBe(false);
  });
});

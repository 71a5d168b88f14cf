/**
 * Synthesis throughput on what runs (the second part of the `tools:bench` target): one episode's chunks through
 * the deployed state machine's `SynthesizeChunks` Map state (taken from podcast.asl.json as it is: its
 * MaxConcurrency, ItemSelector and Retry rules, run by aws-local-stepfunctions), each item handled by
 * the real Synthesize Lambda handler (`buildSynthesizeHandler`: zod input, `PollySynthesizer` with the
 * handler's client settings, chunk MP3 to a store in memory, `markChunkDone` on DynamoDB Local),
 * against the wire-level fake Polly holding 8 requests per second for neural speech.
 *
 * The bound is what Polly's rate allows: `chunks ÷ 8` seconds. Prints chunks/s against it, the ratio,
 * and what the throttling cost (Polly's throttle answers, the adapter's own retries, the Map's retries).
 * Prints figures; asserts nothing. Run:
 * `npx tsx --tsconfig tools/tsconfig.json tools/bench/synthesis-throughput.bench.ts [--chunks=32,160] [--runs=2] [--delay-ms=0,500,1000]`.
 * With an answer delay `d`, the Map's MaxConcurrency also caps the rate at MaxConcurrency ÷ d chunks/s
 * (printed as "Map cap/s"): past 500 ms per request, 4 in flight cannot use Polly's 8 per second.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PollyClient } from '@aws-sdk/client-polly';
import { startDynamoDbLocal } from '@lumcast/local-dynamo';
import {
  buildSynthesizeHandler,
  jobsTableFrom,
  readEnvironment,
  synthesizerFrom,
  ObjectNotFoundError,
  type JobRecord,
  type ObjectStore,
} from '@lumcast/pipeline';
import { startFakePolly } from '@lumcast/aws-emulator';
import { ensureTables, LOCAL_TABLES } from '../local-stack/tables';

process.env['POWERTOOLS_LOG_LEVEL'] ??= 'SILENT';

/** The deployed state machine's definition. */
const DEFINITION_PATH = path.resolve(
  __dirname,
  '../../apps/functions/src/state-machine/podcast.asl.json',
);

/** The chunks' store, in memory: the bench measures speech against Polly's rate, not storage. */
class MemoryObjectStore implements ObjectStore {
  private readonly objects = new Map<string, Uint8Array | string>();

  async put(key: string, body: Uint8Array | string): Promise<void> {
    this.objects.set(key, body);
  }

  async get(key: string): Promise<Uint8Array> {
    const body = this.objects.get(key);
    if (body === undefined) throw new ObjectNotFoundError(key);
    return typeof body === 'string' ? new TextEncoder().encode(body) : body;
  }

  async delete(keys: string[]): Promise<void> {
    keys.forEach((key) => this.objects.delete(key));
  }
}

/** Polly's SynthesizeSpeech quota for neural voices (requests per second). */
const POLLY_NEURAL_TPS = 8;
/** The Synthesize handler's Polly request timeout (apps/functions/src/handlers/synthesize.ts). */
const POLLY_REQUEST_TIMEOUT_MS = 10_000;
/** A chunk of about 60 words, as the script writer cuts them. */
const CHUNK_TEXT =
  'The first lighthouses were fires on hills, and for centuries the light itself changed little. ' +
  'Keepers burned wood, then coal, then oil, until a French physicist designed a lens of glass rings ' +
  'that sent the light out to sea in one beam, visible from more than thirty kilometres away.';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = ''] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const CHUNK_COUNTS = (args['chunks'] || '32,160').split(',').map(Number);
const RUNS = Number(args['runs'] || 2);
/** Fake Polly answer delays to try, in ms (0: answers at once; real Polly takes longer). */
const DELAYS_MS = (args['delay-ms'] || '0,500,1000').split(',').map(Number);

interface MapState {
  Type: 'Map';
  MaxConcurrency: number;
  ItemProcessor: { States: Record<string, { Resource?: string }> };
  [key: string]: unknown;
}

/** The deployed Map state alone, as a one-state machine (its Catch and Next replaced by End). */
function synthesizeChunksMachine(): { definition: object; maxConcurrency: number } {
  const text = readFileSync(DEFINITION_PATH, 'utf8').replace(
    /\$\{(\w+)\}/g,
    (_match, name: string) => `arn:aws:lambda:us-east-1:000000000000:function:bench-${name}`,
  );
  const states = (JSON.parse(text) as { States: Record<string, unknown> }).States;
  const { Catch: _catch, Next: _next, ...map } = states['SynthesizeChunks'] as MapState;
  void _catch;
  void _next;
  return {
    definition: {
      StartAt: 'SynthesizeChunks',
      States: { SynthesizeChunks: { ...map, End: true } },
    },
    maxConcurrency: map.MaxConcurrency,
  };
}

async function main(): Promise<void> {
  const [cpuLoad] = loadavg();
  console.log(
    `Synthesis throughput bench — node ${process.version}, load average ${cpuLoad?.toFixed(1)}`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lumcast-synthesis-bench-'));
  const dynamo = await startDynamoDbLocal();
  try {
    await ensureTables(dynamo.client, LOCAL_TABLES);
    const env = readEnvironment({
      LUMCAST_USERS_TABLE: LOCAL_TABLES.users,
      LUMCAST_JOBS_TABLE: LOCAL_TABLES.jobs,
      LUMCAST_SERIES_TABLE: LOCAL_TABLES.series,
      LUMCAST_AUDIO_BUCKET: 'bench-audio',
      LUMCAST_SCRIPT_WRITER: 'offline',
      LUMCAST_SPEECH: 'polly',
    });
    const jobs = jobsTableFrom(env, dynamo.client);
    const { StateMachine } = await import('aws-local-stepfunctions');
    const { definition, maxConcurrency } = synthesizeChunksMachine();
    const machine = new StateMachine(definition as never);
    console.log(
      `SynthesizeChunks Map from podcast.asl.json (MaxConcurrency ${maxConcurrency}), real Synthesize handler + PollySynthesizer, fake Polly at ${POLLY_NEURAL_TPS} neural requests/s`,
    );
    console.log(
      'delay ms | chunks | run | seconds | bound s | ratio  | chunks/s (bound) | Map cap/s | Polly requests | throttled | adapter retries | Map retries',
    );
    for (const delayMs of DELAYS_MS) {
      const polly = await startFakePolly({
        requestsPerSecond: { neural: POLLY_NEURAL_TPS },
        responseDelayMs: delayMs,
      });
      try {
        // The handler's own client settings, pointed at the fake.
        const synthesizer = synthesizerFrom(
          env,
          () =>
            new PollyClient({
              endpoint: polly.url,
              region: 'us-east-1',
              credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
              maxAttempts: 1,
              requestHandler: { requestTimeout: POLLY_REQUEST_TIMEOUT_MS },
            }),
        );
        const handler = buildSynthesizeHandler({
          jobs,
          store: new MemoryObjectStore(),
          synthesizer,
        });
        let mapRetries = 0;
        const failureNames = new Map<string, number>();
        const counted = async (input: unknown) => {
          try {
            return await handler(input as never);
          } catch (error) {
            mapRetries += 1; // every failure the Map sees is retried by its Retry rules, or fails the run
            const name = error instanceof Error ? error.name : typeof error;
            failureNames.set(name, (failureNames.get(name) ?? 0) + 1);
            throw error;
          }
        };

        for (const chunkCount of CHUNK_COUNTS) {
          for (let run = 1; run <= RUNS; run++) {
            const now = new Date().toISOString();
            const jobId = `bench-${delayMs}-${chunkCount}-${run}-${Date.now()}`;
            const job: JobRecord = {
              userId: 'bench',
              jobId,
              status: 'synthesizing',
              topic: 'Lighthouses',
              minutes: Math.ceil(chunkCount / 8),
              quality: 'neural',
              createdAt: now,
              updatedAt: now,
              estimatedCost: 1,
              totalChunks: chunkCount,
              chunksDone: 0,
            };
            await jobs.create(job);
            const chunks = Array.from({ length: chunkCount }, (_, index) => ({
              index,
              text: CHUNK_TEXT,
              hostIndex: (index % 2) as 0 | 1,
            }));
            const before = { ...polly.counters, requests: { ...polly.counters.requests } };
            mapRetries = 0;
            const start = performance.now();
            const execution = machine.run(
              {
                userId: job.userId,
                jobId,
                script: { chunks, quality: 'neural', totalChunks: chunkCount },
              } as never,
              {
                overrides: { taskResourceLocalHandlers: { SynthesizeChunk: counted } },
              } as never,
            );
            const result = (await execution.result) as { synthesized: unknown[] };
            const seconds = (performance.now() - start) / 1000;
            const synthesized = result.synthesized.length;
            const done = (await jobs.get(job.userId, jobId))?.chunksDone;
            if (synthesized !== chunkCount || done !== chunkCount) {
              throw new Error(
                `run synthesized ${synthesized} chunks, marked ${done}, of ${chunkCount}`,
              );
            }
            const requests = polly.counters.requests.neural - before.requests.neural;
            const throttled = polly.counters.throttled - before.throttled;
            const adapterRetries = requests - chunkCount - mapRetries;
            const bound = chunkCount / POLLY_NEURAL_TPS;
            console.log(
              [
                String(delayMs).padStart(8),
                String(chunkCount).padStart(6),
                String(run).padStart(3),
                seconds.toFixed(2).padStart(7),
                bound.toFixed(1).padStart(7),
                `${(seconds / bound).toFixed(2)}×`.padStart(6),
                `${(chunkCount / seconds).toFixed(2)} (${POLLY_NEURAL_TPS})`.padStart(16),
                (delayMs > 0 ? (maxConcurrency / (delayMs / 1000)).toFixed(1) : '-').padStart(9),
                String(requests).padStart(14),
                String(throttled).padStart(9),
                String(adapterRetries).padStart(15),
                String(mapRetries).padStart(11),
              ].join(' | '),
            );
            // Let the fake's one-second window empty so runs do not share it.
            await new Promise((resolve) => setTimeout(resolve, 1100));
          }
        }
        console.log(
          `   delay ${delayMs} ms: most requests admitted in any second ${polly.counters.maxAdmittedInAnySecond.neural}, most arriving ${polly.counters.maxRequestsInAnySecond.neural}; items the Map retried, by error: ${JSON.stringify(Object.fromEntries(failureNames))}`,
        );
      } finally {
        await polly.stop();
      }
    }
  } finally {
    await dynamo.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

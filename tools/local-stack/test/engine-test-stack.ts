/**
 * The local-stack specs' run: `startEngineStack`, the synthesized app's bundles in worker
 * threads on the engine, with what a spec sets of it. A `ToneSynthesizer` (`tones`) makes the
 * run speak with the engine's fake Polly at the stand-in's rate of characters, which makes MP3 of
 * the right length fast, and the stand-in then reports the fake Polly's requests as its calls and
 * voices. `holdJobs` stops the event source mappings, so accepted jobs stay queued. What else a
 * spec changes of the engine is `engine` (`../engine-overrides.ts`), and `engineOf` reaches it.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PollyClient } from '@aws-sdk/client-polly';
import type { AwsEmulator, FakePollyOptions } from '@lumcast/aws-emulator';
import { PollySynthesizer } from '@lumcast/audio-assembly';
import type { LocalDynamo } from '@lumcast/local-dynamo';
import { readEnvironment, type Environment } from '@lumcast/pipeline';
import type { EngineOverrides } from '../engine-overrides';
import { startEngineStack } from '../engine-stack';
import type { ImportedData } from '../in-process-data-import';
import type { LocalConfig } from '../local-config';
import type { RecoveredJobs } from '../recover-jobs';
import type { RecordedChild } from '../stack-processes-file';
import { ToneSynthesizer } from './tone-synthesizer';

/** What a spec sets of its run. */
export interface LocalStackOptions extends LocalConfig {
  /** Where the dashboard's static export is (the specs give an empty folder). */
  dashboardDir?: string;
  /** Nothing consumes the job queue: accepted jobs stay `queued` (tests of what the API accepts). */
  holdJobs?: boolean;
  /** Speech by the engine's fake Polly at this stand-in's rate, reporting what it heard. */
  tones?: ToneSynthesizer;
  /** What the spec changes of the engine under the run (`../engine-overrides.ts`). */
  engine?: EngineOverrides;
}

/** A running local stack, as the specs see it. */
export interface LocalStack {
  url: string;
  port: number;
  /** The address the server is bound to: `127.0.0.1` unless `host` said otherwise. */
  address: string;
  /** Every table and setting any function is configured with, read as one environment. */
  env: Environment;
  /** DynamoDB Local itself, past the front door. */
  dynamo: LocalDynamo;
  /** The file saying where `dynamo` listens (`<data>/dynamodb-endpoint.json`), removed by `stop`. */
  dynamoEndpointFile: string;
  /** Jobs found unfinished at start. */
  recovered: RecoveredJobs;
  /** What an in-process run had left in the data folder, moved in at start. */
  imported: ImportedData;
  /** What a killed run had left on this data folder, stopped before this one opened it. */
  staleStopped: readonly RecordedChild[];
  /** Resolves when no job queue holds a message and no execution runs. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** The engine under each stack {@link startEngineTestStack} started. */
const engines = new WeakMap<LocalStack, AwsEmulator>();

/** The engine a test stack runs on (its fakes, queues, state machine and front doors). */
export function engineOf(stack: LocalStack): AwsEmulator {
  const emulator = engines.get(stack);
  if (!emulator) throw new Error('This stack was not started by startEngineTestStack');
  return emulator;
}

/** How the engine speaks for a spec: its speech setting, and the fake Polly's rate for `tones`. */
function speechFor(options: LocalStackOptions): {
  speech: LocalConfig['speech'];
  polly?: FakePollyOptions;
} {
  if (options.tones === undefined) return { speech: options.speech };
  const charactersPerSecond = 1 / (options.tones.options.secondsPerChar ?? 0.01);
  return { speech: 'polly', polly: { charactersPerSecond } };
}

/** DynamoDB Local itself, past the front door . */
function dynamoOf(endpoint: string): LocalDynamo {
  const made = new Set<DynamoDBClient>();
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const newClient = () => {
    const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials });
    made.add(client);
    return client;
  };
  const requestsReceived = () => {
    throw new Error("DynamoDB Local's request count is not kept on the engine run");
  };
  const close = async () => made.forEach((client) => client.destroy());
  return { endpoint, client: newClient(), newClient, requestsReceived, close };
}

/** Starts the specs' run: see the file's comment. */
export async function startEngineTestStack(options: LocalStackOptions): Promise<LocalStack> {
  const { speech, polly } = speechFor(options);
  const { tones } = options;
  // The specs' Polly and Bedrock are the engine's fakes (no account): no real services.
  const engine = { realServices: {}, ...options.engine };
  const stack = await startEngineStack({ ...options, speech, ...(polly ? { polly } : {}), engine });
  const { emulator } = stack;
  // The bundles' Polly synthesizer picks each host's voice: the spec's stand-in reports those.
  const voices = new PollySynthesizer({ client: new PollyClient({ region: 'us-east-1' }) });
  tones?.speakThrough({
    requests: () => emulator.polly.requests,
    voiceForHost: (host, quality) => voices.voiceForHost(host, quality),
  });
  // Held jobs: no event source mapping polls, so every accepted job stays `queued` on its queue.
  if (options.holdJobs) await Promise.all(emulator.pollers.map((poller) => poller.stop()));
  // Every table and setting any function is configured with, as the in-process stack's one `env`.
  const configured = Object.assign({}, ...emulator.app.functions.map((fn) => fn.environment));
  const dynamo = dynamoOf(emulator.dynamodbUrl);
  const mapped = new Set(emulator.app.eventSourceMappings.map((mapping) => mapping.queueLogicalId));
  // A queue with a redrive policy holds a message until it is taken or moved on; a dead-letter
  // queue's consumer may leave a letter on it for good (one naming no job), so there only a letter
  // waiting to be received counts, with every batch still in a consumer's hands.
  const waiting = (queue: string) =>
    emulator.queues
      .contents(queue)
      .some((message) => message.visible || emulator.queues.queue(queue).redrive !== undefined);
  const busy = () =>
    emulator.pollers.some((poller) => poller.inFlight > 0) ||
    [...mapped].some(waiting) ||
    emulator.stateMachine.list().some((execution) => execution.status === 'RUNNING');
  const testStack: LocalStack = {
    url: stack.url,
    port: stack.port,
    address: stack.address,
    env: readEnvironment({ ...configured, LUMCAST_SPEECH: speech }),
    dynamo,
    dynamoEndpointFile: stack.dynamoEndpointFile,
    recovered: stack.recovered,
    imported: stack.imported,
    staleStopped: stack.staleStopped,
    async idle() {
      // Twice quiet in a row: a finished step may be about to queue or start the next.
      for (let quiet = 0; quiet < 2;) {
        quiet = busy() ? 0 : quiet + 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      await dynamo.close();
      await stack.stop();
    },
  };
  engines.set(testStack, emulator);
  return testStack;
}

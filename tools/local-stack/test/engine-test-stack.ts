/**
 * `startTestStack` on the engine (`LUMCAST_ENGINE=1` in the test's environment): the same specs
 * run against `startEngineStack`, the synthesized app's bundles in worker threads. What the
 * in-process stack lets a spec reach inside (its services, queue and state machine) does not exist
 * there: asking for it throws `NotOnTheEngineError`, naming it, so the spec fails saying why. A
 * replaced speech synthesizer (the specs' fast `ToneSynthesizer`) becomes the engine's fake Polly
 * at the same speaking rate, which makes MP3 of the right length just as fast, and the stand-in
 * then reports the fake Polly's requests as its calls and voices; any other replaced service is
 * refused. `holdJobs` stops the event source mappings, so accepted jobs stay queued.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PollyClient } from '@aws-sdk/client-polly';
import type { AwsEmulator, FakePollyOptions } from '@lumcast/aws-emulator';
import { PollySynthesizer } from '@lumcast/audio-assembly';
import type { LocalDynamo } from '@lumcast/local-dynamo';
import { readEnvironment } from '@lumcast/pipeline';
import { startEngineStack } from '../engine-stack';
import type { LocalStack, LocalStackOptions } from '../local-stack';
import { ToneSynthesizer } from './tone-synthesizer';

/** A part of the in-process stack a spec asked for, which the engine run does not have. */
export class NotOnTheEngineError extends Error {
  override readonly name = 'NotOnTheEngineError';
  constructor(what: string) {
    super(`${what} is the in-process stack's; the engine run has none (LUMCAST_ENGINE=1)`);
  }
}

/** The engine under each stack {@link startEngineTestStack} started (for a spec's engine-only needs). */
const engines = new WeakMap<LocalStack, AwsEmulator>();

/**
 * The engine a test stack runs on.
 *
 * @throws Error when the stack is the in-process one.
 */
export function engineOf(stack: LocalStack): AwsEmulator {
  const emulator = engines.get(stack);
  if (!emulator) throw new Error('This stack is the in-process one, not on the engine');
  return emulator;
}

/** Whether the specs' stacks run on the engine (`LUMCAST_ENGINE=1`). */
export const ON_ENGINE = process.env['LUMCAST_ENGINE'] === '1';

/** How the engine speaks for a spec: its speech setting, and the fake Polly's rate for a `ToneSynthesizer`. */
interface EngineSpeech {
  speech: LocalStackOptions['speech'];
  tones?: ToneSynthesizer;
  polly?: FakePollyOptions;
}

/**
 * A spec's replaced synthesizer on the engine: a `ToneSynthesizer` (without `fail` or `bytes`,
 * which the fake Polly cannot do) becomes the fake Polly speaking as many characters a second,
 * with the run's speech set to Polly; anything else replaced is refused.
 */
function speechFor(options: LocalStackOptions): EngineSpeech {
  const { services } = options;
  if (services === undefined) return { speech: options.speech };
  const replaced =
    typeof services === 'function' ? ['a function of the services'] : Object.keys(services);
  const tones =
    typeof services === 'object' && replaced.length === 1 ? services.synthesizer?.() : undefined;
  if (!(tones instanceof ToneSynthesizer)) {
    throw new NotOnTheEngineError(`Replacing ${replaced.join(', ')}`);
  }
  if (tones.options.fail || tones.options.bytes) {
    throw new NotOnTheEngineError("A ToneSynthesizer's fail or bytes");
  }
  const charactersPerSecond = 1 / (tones.options.secondsPerChar ?? 0.01);
  return { speech: 'polly', tones, polly: { charactersPerSecond } };
}

/** DynamoDB Local itself, past the front door (as the in-process stack's `dynamo`). */
function dynamoOf(endpoint: string): LocalDynamo {
  const made = new Set<DynamoDBClient>();
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const newClient = () => {
    const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials });
    made.add(client);
    return client;
  };
  const requestsReceived = missing('The DynamoDB request count');
  const close = async () => made.forEach((client) => client.destroy());
  return { endpoint, client: newClient(), newClient, requestsReceived, close };
}

function missing(what: string): () => never {
  return () => {
    throw new NotOnTheEngineError(what);
  };
}

/** The engine run as the specs' `LocalStack`: see the file's comment for what it lacks. */
export async function startEngineTestStack(options: LocalStackOptions): Promise<LocalStack> {
  const { speech, tones, polly } = speechFor(options);
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
    get services(): never {
      return missing('stack.services')();
    },
    get queue(): never {
      return missing('stack.queue')();
    },
    get machine(): never {
      return missing('stack.machine')();
    },
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

/**
 * `npx nx run pacing:bench`: the pacer alone on AWS's DynamoDB Local, in real time, at 8 and 80
 * calls per second. Each run drives a long job and, partway through, a short one, as state machine
 * Maps would (4 concurrent chunks each, a call lasting 300 ms), against a provider that admits at
 * most `rate` calls in any sliding second and throttles the rest. The baseline, in the same run, is
 * the same jobs without the pacer, retrying throttled calls with full-jitter backoff (200 ms
 * doubling, at most 60 s), as a blind client does. Printed per run: the most calls the provider saw admitted in any second,
 * utilisation of the rate, throttled calls, DynamoDB calls and write units per grant, and the
 * short job's wait for its last chunk as a ratio of its ideal (8 slots: the long job's four places
 * in line, then its own four). The pacer here runs at the provider's full rate, with no headroom,
 so timer jitter between two starts one second apart can still be throttled: the pipeline paces a
 little below the quota for that (see `libs/pipeline`).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderPacer } from '../src/provider-pacer';
import {
  mostStartsInAnyWindow,
  startPacingStore,
  type PacingStore,
} from '../test/support/pacing-table';
import { utilisation } from '../test/support/paced-jobs';

const CALL_MS = 300;
/** The share of the provider's limit the pipeline paces at (timer jitter's allowance). */
const HEADROOM = 0.95;
/** The least time from a grant to its start, as the pipeline configures it. */
const START_LEAD_MS = 100;
const CONCURRENCY = 4;

/** A provider holding `rate` calls in any sliding second: the fake Polly's rule. */
class SlidingWindowProvider {
  readonly admitted: number[] = [];
  throttled = 0;
  constructor(private readonly rate: number) {}

  call(): boolean {
    const now = performance.now();
    const recent = this.admitted.filter((t) => t > now - 1000).length;
    if (recent >= this.rate) {
      this.throttled++;
      return false;
    }
    this.admitted.push(now);
    return true;
  }
}

type Strategy = (provider: SlidingWindowProvider) => Promise<void>;

function pacedStrategy(
  store: PacingStore,
  key: string,
  rate: number,
  grantedStarts: number[],
): Strategy {
  const pacer = new ProviderPacer({
    client: store.client,
    tableName: store.tableName,
    startLeadMs: START_LEAD_MS,
  });
  return async (provider) => {
    for (;;) {
      const turn = await pacer.acquire({ key, ratePerSecond: rate, maxWaitMs: 60_000 });
      if (turn.outcome === 'granted') grantedStarts.push(turn.startAt.getTime());
      const at = turn.outcome === 'granted' ? turn.startAt : turn.retryAt;
      await sleep(Math.max(0, at.getTime() - Date.now()));
      if (turn.outcome === 'granted' && provider.call()) return;
    }
  };
}

function blindRetryStrategy(): Strategy {
  return async (provider) => {
    for (let attempt = 0; ; attempt++) {
      if (provider.call()) return;
      await sleep(Math.random() * Math.min(60_000, 200 * 2 ** attempt));
    }
  };
}

/** Runs a job's chunks, CONCURRENCY at a time; resolves with when its last call ended. */
async function runJob(
  chunks: number,
  strategy: Strategy,
  provider: SlidingWindowProvider,
): Promise<number> {
  let next = 0;
  const lane = async () => {
    while (next < chunks) {
      next++;
      await strategy(provider);
      await sleep(CALL_MS);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return performance.now();
}

interface RunFigures {
  maxInAnySecond: number;
  utilisation: number;
  throttled: number;
  shortJobRatio: number;
}

async function run(
  rate: number,
  longJobs: number,
  chunksPerLongJob: number,
  strategy: Strategy,
): Promise<RunFigures> {
  const provider = new SlidingWindowProvider(rate);
  const long = Promise.all(
    Array.from({ length: longJobs }, () => runJob(chunksPerLongJob, strategy, provider)),
  );
  await sleep(2000);
  const shortStarted = performance.now();
  const shortEnded = await runJob(4, strategy, provider);
  await long;
  // Behind the long jobs' places in line (4 each), then its own four.
  const idealMs = ((4 * longJobs + 4) * 1000) / rate + CALL_MS;
  return {
    maxInAnySecond: mostStartsInAnyWindow(provider.admitted),
    utilisation: utilisation(provider.admitted, rate),
    throttled: provider.throttled,
    shortJobRatio: (shortEnded - shortStarted) / idealMs,
  };
}

async function main(): Promise<void> {
  const store = await startPacingStore();
  try {
    for (const rate of [8, 80]) {
      // Enough long jobs that demand exceeds the rate (4 lanes of ~3 calls a second each),
      // with about six seconds of the key's time between them.
      const longJobs = rate / 8 + 1;
      const chunksPerLongJob = 48;
      const baseline = await run(rate, longJobs, chunksPerLongJob, blindRetryStrategy());
      store.commands.length = 0;
      store.writeUnits.length = 0;
      const starts: number[] = [];
      const pacedRate = rate * HEADROOM;
      const paced = await run(
        rate,
        longJobs,
        chunksPerLongJob,
        pacedStrategy(store, `bench:${rate}`, pacedRate, starts),
      );
      const writeUnits = store.writeUnits.reduce((sum, units) => sum + units, 0);
      console.log(
        `pacing bench at ${rate}/s, paced at ${pacedRate}/s: grants max ${mostStartsInAnyWindow(starts)} in any second, ` +
          `utilisation of the paced rate ${utilisation(starts, pacedRate).toFixed(3)}; ` +
          `provider saw max ${paced.maxInAnySecond} in any second (limit ${rate}), ` +
          `utilisation ${paced.utilisation.toFixed(3)}, throttled ${paced.throttled}; ` +
          `${(store.commands.length / starts.length).toFixed(2)} DynamoDB calls and ${(writeUnits / starts.length).toFixed(2)} WCU per grant; ` +
          `short job ${paced.shortJobRatio.toFixed(2)}× its ideal | baseline (blind retries) ` +
          `utilisation ${baseline.utilisation.toFixed(3)}, throttled ${baseline.throttled}, ` +
          `short job ${baseline.shortJobRatio.toFixed(2)}× its ideal | paced/baseline utilisation ` +
          `${(paced.utilisation / baseline.utilisation).toFixed(2)}`,
      );
    }
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ProviderPacer } from '../../src/provider-pacer';
import { fakeClock } from './pacing-table';

/** One job of the simulation: like a state machine's Map, `concurrency` chunks asked for at once. */
export interface SimulatedJob {
  readonly name: string;
  readonly chunks: number;
  readonly concurrency: number;
  /** Virtual ms after the simulation's start at which the job's first chunks ask. */
  readonly arrivesAtMs: number;
}

/** What one job saw. */
export interface JobTimeline {
  readonly firstAskMs: number;
  /** The start of each chunk's call, virtual ms. */
  readonly starts: number[];
}

/** Everything the simulation saw. */
export interface SimulationResult {
  readonly jobs: Record<string, JobTimeline>;
  /** Every granted start, virtual ms. */
  readonly starts: number[];
  readonly grants: number;
  readonly deferrals: number;
}

/** Options of {@link simulatePacedJobs}. */
export interface SimulationOptions {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly key: string;
  readonly ratePerSecond: number;
  /** How long one provider call lasts once started. */
  readonly callMs: number;
  /** What each ask accepts before it is deferred. */
  readonly maxWaitMs: number;
  /** The virtual clock's step. */
  readonly stepMs: number;
  readonly jobs: readonly SimulatedJob[];
}

type Iteration = { job: SimulatedJob; askAtMs: number };

/**
 * Runs jobs against one pacer key on a virtual clock that moves in steps: at each step, every
 * Map iteration whose time has come asks the pacer (all of them at once, each with its own pacer,
 * as separate Lambda containers would); a grant's call starts at `startAt` and the iteration asks
 * for its job's next chunk when the call ends; a deferral asks again at `retryAt`.
 */
export async function simulatePacedJobs(options: SimulationOptions): Promise<SimulationResult> {
  const clock = fakeClock(Date.parse('2026-12-07T12:00:00.000Z'));
  const origin = clock.ms();
  const remaining = new Map(options.jobs.map((job) => [job.name, job.chunks]));
  const left = (job: SimulatedJob) => remaining.get(job.name) ?? 0;
  const timelines = new Map<string, JobTimeline>();
  let iterations: Iteration[] = [];
  for (const job of options.jobs) {
    timelines.set(job.name, { firstAskMs: job.arrivesAtMs, starts: [] });
    for (let i = 0; i < Math.min(job.concurrency, job.chunks); i++) {
      iterations.push({ job, askAtMs: job.arrivesAtMs });
      remaining.set(job.name, left(job) - 1);
    }
  }
  const starts: number[] = [];
  let deferrals = 0;
  while (iterations.length > 0) {
    const nowMs = clock.ms() - origin;
    const due = iterations.filter((it) => it.askAtMs <= nowMs);
    const answers = await Promise.all(
      due.map((it) =>
        new ProviderPacer({ client: options.client, tableName: options.tableName, now: clock.now })
          .acquire({
            key: options.key,
            ratePerSecond: options.ratePerSecond,
            maxWaitMs: options.maxWaitMs,
          })
          .then((answer) => ({ it, answer })),
      ),
    );
    const next: Iteration[] = iterations.filter((it) => it.askAtMs > nowMs);
    for (const { it, answer } of answers) {
      if (answer.outcome === 'deferred') {
        deferrals++;
        next.push({ job: it.job, askAtMs: answer.retryAt.getTime() - origin });
        continue;
      }
      const startMs = answer.startAt.getTime() - origin;
      starts.push(startMs);
      timelines.get(it.job.name)?.starts.push(startMs);
      if (left(it.job) > 0) {
        remaining.set(it.job.name, left(it.job) - 1);
        next.push({ job: it.job, askAtMs: startMs + options.callMs });
      }
    }
    iterations = next;
    clock.advance(options.stepMs);
  }
  return { jobs: Object.fromEntries(timelines), starts, grants: starts.length, deferrals };
}

/**
 * The share of the rate the starts used from the first to the last: starts ÷ (rate × span), where
 * the span runs from the first start to one slot after the last.
 */
export function utilisation(starts: readonly number[], ratePerSecond: number): number {
  const first = Math.min(...starts);
  const last = Math.max(...starts);
  const spanSeconds = (last - first) / 1000 + 1 / ratePerSecond;
  return starts.length / (ratePerSecond * spanSeconds);
}

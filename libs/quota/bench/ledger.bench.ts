/**
 * Throughput benchmark of the ledger on AWS's DynamoDB Local: one job = `reserve` then `settle`
 * (two `TransactWriteItems` of two items each), against the design post's tier-1 write (one
 * conditional `UpdateItem ADD` on a counter, no idempotency) measured in the same run on the same
 * server. Modes:
 *
 * - sequential: one caller, one job after another;
 * - concurrent users: `USERS` callers at once, each on its own user, one job after another;
 * - one user's burst: `BURST` jobs of the same user at once, in the same minute: they conflict on
 *   the user's item (`TransactionConflict`, retried after a jittered back-off) and, after the
 *   first, find the minute's rate window taken (a refused first attempt, retried in that window).
 *
 * Each user's clock moves one minute per job in the first two modes (a user makes a job every few
 * minutes at most, so each reservation opens its minute's rate window); the burst's clock stands
 * still. Limits are far above any plan's so nothing is refused. A warm-up round (the JVM compiles
 * as it goes), then `ROUNDS` rounds in which ledger and tier-1 alternate which goes first. Printed:
 * rates, their ratio (over all rounds, and the lowest and highest round), latency, and per job the
 * transactions sent, the cancelled ones (of which conflicts), retries exhausted, and WCU as AWS
 * bills them (`meterCapacity`, `ReturnConsumedCapacity`).
 *
 * What DynamoDB Local cannot show: it runs transactions one at a time (200 concurrent two-item
 * transactions on one item all succeed, with no `TransactionConflict`), so concurrency does not
 * raise the ledger's rate here and a burst's retries are only the rate-window ones; on AWS
 * concurrent transactions on one item also conflict and back off.
 *
 * Run: `npx nx run quota:bench`, or
 * `npx tsx --tsconfig libs/quota/tsconfig.json libs/quota/bench/ledger.bench.ts`. Needs Java 17.
 */
import { availableParallelism, cpus, loadavg } from 'node:os';
import { UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTables, startDynamoDbLocal } from '@lumcast/local-dynamo';
import { QuotaContentionError } from '../src/errors';
import { isoWeekKey } from '../src/iso-week';
import { QuotaLedger } from '../src/ledger';
import { USERS_TABLE_KEY } from '../src/users-table';
import {
  capacityDifference,
  fakeClock,
  meterCapacity,
  pipelineJobId,
  type CapacityMeter,
  type CapacityUse,
} from '../test/support/local-dynamo';

const TABLE = 'users';
const ROUNDS = 3;
const USERS = 16;
const BURST = 16;
const START = Date.parse('2026-12-02T00:00:00Z'); // Wednesday of 2026-W49
const WEEK = isoWeekKey(new Date(START));
const LIMIT = 1_000_000;
const ADMISSION = { maxInFlight: 100_000, reservationsPerMinute: 100_000 };

interface Mode {
  readonly name: string;
  /** Callers at once. */
  readonly workers: number;
  /** Jobs each caller runs, one after another. */
  readonly jobsPerWorker: number;
  /** Whether all callers share one user (and one minute). */
  readonly oneUser: boolean;
  /** How many times the phase repeats per round (a burst is short). */
  readonly repeats: number;
}

const MODES: readonly Mode[] = [
  { name: 'sequential', workers: 1, jobsPerWorker: 200, oneUser: false, repeats: 1 },
  { name: `${USERS} users at once`, workers: USERS, jobsPerWorker: 20, oneUser: false, repeats: 1 },
  {
    name: `one user, burst of ${BURST}`,
    workers: BURST,
    jobsPerWorker: 1,
    oneUser: true,
    repeats: 6,
  },
];

interface Sample {
  readonly jobs: number;
  readonly seconds: number;
  readonly latenciesMs: number[];
  readonly use: CapacityUse;
  /** HTTP attempts the server received (the SDK's own retries included). */
  readonly attempts: number;
  readonly exhausted: number;
}

/** HTTP attempts received by the server so far (set once it is started). */
let attemptsReceived: () => number = () => 0;

let userSeq = 0;
const newUser = (label: string) => `${label}-${(userSeq += 1)}`;

/** Runs `workers` callers of `job` at once; `job(worker, index)` returns false when it gave up. */
async function phase(
  meter: CapacityMeter,
  mode: Mode,
  job: (worker: number, index: number) => Promise<boolean>,
): Promise<Sample> {
  const latenciesMs: number[] = [];
  let exhausted = 0;
  const before = meter.total();
  const attemptsBefore = attemptsReceived();
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: mode.workers }, async (_, worker) => {
      for (let index = 0; index < mode.jobsPerWorker; index += 1) {
        const t0 = process.hrtime.bigint();
        if (!(await job(worker, index))) exhausted += 1;
        latenciesMs.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    jobs: mode.workers * mode.jobsPerWorker,
    seconds,
    latenciesMs,
    use: capacityDifference(meter.total(), before),
    attempts: attemptsReceived() - attemptsBefore,
    exhausted,
  };
}

/** One user's ledger with a clock of its own, moved by `tick`. */
function userLedger(client: DynamoDBClient) {
  const clock = fakeClock(new Date(START).toISOString());
  let minutes = 0;
  const ledger = new QuotaLedger({ client, tableName: TABLE, now: clock.now, maxAttempts: 10 });
  return {
    ledger,
    tick: () => clock.set(new Date(START + (minutes += 1) * 60_000 + 1_000).toISOString()),
  };
}

/** Reserve then settle one one-slot job; false when the ledger gave up (`QuotaContentionError`). */
async function reserveAndSettle(ledger: QuotaLedger, userId: string, n: number): Promise<boolean> {
  const jobId = pipelineJobId(n);
  try {
    const held = await ledger.reserve({ userId, jobId, cost: 1, weeklyLimit: LIMIT, ...ADMISSION });
    if (held.outcome !== 'reserved') throw new Error(`reserve refused: ${held.outcome}`);
    const settled = await ledger.settle({
      userId,
      jobId,
      cost: 1,
      quotedCost: 1,
      weeklyLimit: LIMIT,
    });
    if (settled.outcome !== 'charged') throw new Error(`settle answered ${settled.outcome}`);
    return true;
  } catch (error) {
    if (error instanceof QuotaContentionError) return false;
    throw error;
  }
}

function tier1Write(client: DynamoDBClient, userId: string): Promise<unknown> {
  return client.send(
    new UpdateItemCommand({
      TableName: TABLE,
      Key: { userId: { S: userId } },
      UpdateExpression: 'ADD quotaCount :cost',
      ConditionExpression: 'quotaWeek = :week AND quotaCount <= :room',
      ExpressionAttributeValues: {
        ':cost': { N: '1' },
        ':week': { S: WEEK },
        ':room': { N: String(LIMIT - 1) },
      },
    }),
  );
}

/** The ledger's phase for `mode` on fresh users, each with one job done first (the week started). */
async function ledgerPhase(
  client: DynamoDBClient,
  meter: CapacityMeter,
  mode: Mode,
): Promise<Sample> {
  const users = Array.from({ length: mode.oneUser ? 1 : mode.workers }, () => ({
    userId: newUser('ledger'),
    ...userLedger(client),
  }));
  for (const user of users) {
    user.tick();
    await reserveAndSettle(user.ledger, user.userId, 0);
    user.tick();
  }
  let n = 0;
  return phase(meter, mode, async (worker) => {
    const user = users[mode.oneUser ? 0 : worker];
    if (user === undefined) throw new Error('no user');
    if (!mode.oneUser) user.tick();
    return reserveAndSettle(user.ledger, user.userId, (n += 1));
  });
}

async function tier1Phase(
  client: DynamoDBClient,
  meter: CapacityMeter,
  mode: Mode,
): Promise<Sample> {
  const users = Array.from({ length: mode.oneUser ? 1 : mode.workers }, () => newUser('tier-1'));
  for (const userId of users) {
    await client.send(
      new UpdateItemCommand({
        TableName: TABLE,
        Key: { userId: { S: userId } },
        UpdateExpression: 'SET quotaWeek = :week, quotaCount = :zero',
        ExpressionAttributeValues: { ':week': { S: WEEK }, ':zero': { N: '0' } },
      }),
    );
  }
  return phase(meter, mode, async (worker) => {
    await tier1Write(client, users[mode.oneUser ? 0 : worker] ?? '');
    return true;
  });
}

function merge(samples: readonly Sample[]): Sample {
  const zero: CapacityUse = {
    reportedWrite: 0,
    write: 0,
    read: 0,
    requests: 0,
    transactions: 0,
    cancelled: 0,
    conflicts: 0,
  };
  return samples.reduce(
    (sum, sample) => ({
      jobs: sum.jobs + sample.jobs,
      seconds: sum.seconds + sample.seconds,
      latenciesMs: [...sum.latenciesMs, ...sample.latenciesMs],
      use: {
        reportedWrite: sum.use.reportedWrite + sample.use.reportedWrite,
        write: sum.use.write + sample.use.write,
        read: sum.use.read + sample.use.read,
        requests: sum.use.requests + sample.use.requests,
        transactions: sum.use.transactions + sample.use.transactions,
        cancelled: sum.use.cancelled + sample.use.cancelled,
        conflicts: sum.use.conflicts + sample.use.conflicts,
      },
      attempts: sum.attempts + sample.attempts,
      exhausted: sum.exhausted + sample.exhausted,
    }),
    { jobs: 0, seconds: 0, latenciesMs: [], use: zero, attempts: 0, exhausted: 0 },
  );
}

const rate = (sample: Sample) => sample.jobs / sample.seconds;
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main(): Promise<void> {
  const started = Date.now();
  const dynamo = await startDynamoDbLocal();
  try {
    const client = dynamo.newClient();
    const meter = meterCapacity(client);
    attemptsReceived = dynamo.requestsReceived;
    await createTables(client, [{ name: TABLE, partitionKey: USERS_TABLE_KEY.partitionKey }]);
    const results = new Map<string, { ledger: Sample[]; tier1: Sample[] }>();

    for (let round = 0; round <= ROUNDS; round += 1) {
      for (const mode of MODES) {
        const ledger: Sample[] = [];
        const tier1: Sample[] = [];
        for (let repeat = 0; repeat < mode.repeats; repeat += 1) {
          if ((round + repeat) % 2 === 0) {
            ledger.push(await ledgerPhase(client, meter, mode));
            tier1.push(await tier1Phase(client, meter, mode));
          } else {
            tier1.push(await tier1Phase(client, meter, mode));
            ledger.push(await ledgerPhase(client, meter, mode));
          }
        }
        if (round === 0) continue; // warm-up
        const entry = results.get(mode.name) ?? { ledger: [], tier1: [] };
        entry.ledger.push(merge(ledger));
        entry.tier1.push(merge(tier1));
        results.set(mode.name, entry);
      }
    }

    console.log(
      `DynamoDB Local throughput, ${ROUNDS} rounds after a warm-up; node ${process.version}, ` +
        `${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')} at the end.\n`,
    );
    console.log(
      '| mode | tier-1 writes/s | ledger jobs/s (reserve + settle) | ledger ÷ tier-1 (lowest–highest round) | p50 / p95 ms, tier-1 | p50 / p95 ms, ledger job | transactions per job | HTTP attempts per job | cancelled per job (conflicts) | gave up | WCU per job, ledger / tier-1 |',
    );
    console.log('|---|---:|---:|---|---|---|---:|---:|---|---:|---|');
    for (const mode of MODES) {
      const entry = results.get(mode.name);
      if (entry === undefined) continue;
      const ledger = merge(entry.ledger);
      const tier1 = merge(entry.tier1);
      const ratios = entry.ledger.map((sample, index) => {
        const baseline = entry.tier1[index];
        return baseline === undefined ? 0 : rate(sample) / rate(baseline);
      });
      const perJob = (value: number) => (value / ledger.jobs).toFixed(2);
      console.log(
        `| ${mode.name} | ${rate(tier1).toFixed(0)} | ${rate(ledger).toFixed(0)} | ${(
          rate(ledger) / rate(tier1)
        ).toFixed(
          2,
        )} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ${percentile(
          tier1.latenciesMs,
          50,
        ).toFixed(1)} / ${percentile(tier1.latenciesMs, 95).toFixed(1)} | ${percentile(
          ledger.latenciesMs,
          50,
        ).toFixed(1)} / ${percentile(ledger.latenciesMs, 95).toFixed(1)} | ${perJob(
          ledger.use.transactions,
        )} | ${perJob(ledger.attempts)} | ${perJob(ledger.use.cancelled)} (${perJob(ledger.use.conflicts)}) | ${ledger.exhausted} of ${
          ledger.jobs
        } | ${perJob(ledger.use.write)} / ${(tier1.use.write / tier1.jobs).toFixed(2)} |`,
      );
    }
    console.log(
      `\nA ledger job is two requests (reserve, settle) against tier-1's one; "gave up" counts jobs ` +
        `whose reserve or settle threw QuotaContentionError after 10 attempts. "HTTP attempts" ` +
        `equal to transactions means the SDK retried nothing. DynamoDB Local runs transactions one ` +
        `at a time (no TransactionConflict): a burst's cancelled attempts are the reservations that ` +
        `found the minute's rate window opened by another (all but the first), not conflicts. ` +
        `${Math.round((Date.now() - started) / 1000)} s.`,
    );
  } finally {
    await dynamo.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

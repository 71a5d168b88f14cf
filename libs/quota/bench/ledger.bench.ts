/**
 * Benchmark of `QuotaLedger.deduct` against in-process dynalite. The baseline is
 * a raw, unconditional `UpdateItem ADD quotaCount :1` on the same items,
 * measured in the same run and interleaved with the ledger (rounds alternate
 * which goes first) so that load from other processes hits both alike.
 *
 * A second reference is the in-week write of the design post's tier 1:
 * `ADD quotaCount :cost` conditioned on `quotaWeek = :week AND quotaCount <=
 * :room` (the limit check alone, with no job ids and so no idempotency). It
 * shows how much of the gap to raw is the price of any limit check at all.
 *
 * Printed per mode: charges per second (wall clock), process CPU per charge
 * (client and dynalite share this process, so it is the less noisy figure on a
 * busy machine), the ratios to raw (over all rounds, and the lowest and highest
 * single round), and DynamoDB requests per in-week charge as counted by the
 * server.
 *
 * Run: `npx tsx libs/quota/bench/ledger.bench.ts` (the `quota:bench` target).
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { QuotaLedger, isoWeekKey } from '../src/index';
import { putItem, startLocalDynamo, type LocalDynamo } from '../test/support/local-dynamo';

const ROUNDS = 5;
const CONCURRENCY = 16;
const NOW = new Date('2026-12-02T12:00:00Z');
const WEEK = isoWeekKey(NOW);

interface Mode {
  readonly name: string;
  /** Charges per phase (one raw phase and one ledger phase per round). */
  readonly charges: number;
  readonly workers: number;
  /** Charges each user-week receives in a phase (a 200-slot week holds ~10-20 typical jobs). */
  readonly chargesPerUser: number;
  /** Job ids already in each user's week before the phase. */
  readonly priorJobs: number;
  readonly cost: number;
  readonly weeklyLimit: number;
}

const MODES: readonly Mode[] = [
  {
    name: 'sequential',
    charges: 300,
    workers: 1,
    chargesPerUser: 15,
    priorJobs: 1,
    cost: 10,
    weeklyLimit: 200,
  },
  {
    name: `concurrency ${CONCURRENCY}`,
    charges: 480,
    workers: CONCURRENCY,
    chargesPerUser: 15,
    priorJobs: 1,
    cost: 10,
    weeklyLimit: 200,
  },
  {
    name: 'heavy week, seq.',
    charges: 300,
    workers: 1,
    chargesPerUser: 100,
    priorJobs: 150,
    cost: 1,
    weeklyLimit: 1500,
  },
];

interface Sample {
  readonly charges: number;
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly requests: number;
}

async function sample(
  dynamo: LocalDynamo,
  charges: number,
  work: () => Promise<void>,
): Promise<Sample> {
  const requestsBefore = dynamo.requestsReceived();
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    charges,
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    requests: dynamo.requestsReceived() - requestsBefore,
  };
}

/** The users of one phase: worker w's k-th charge goes to user `${prefix}-${w}-${floor(k / chargesPerUser)}`. */
function phaseUsers(prefix: string, mode: Mode): string[][] {
  const perWorker = Math.ceil(mode.charges / mode.workers);
  return Array.from({ length: mode.workers }, (_, worker) =>
    Array.from(
      { length: Math.ceil(perWorker / mode.chargesPerUser) },
      (_, k) => `${prefix}-${worker}-${k}`,
    ),
  );
}

/** Puts each user in the current week with `priorJobs` job ids already charged (not measured). */
async function prepare(dynamo: LocalDynamo, users: readonly string[], mode: Mode): Promise<void> {
  for (const userId of users) {
    await putItem(dynamo, {
      userId: { S: userId },
      plan: { S: 'free' },
      quotaWeek: { S: WEEK },
      quotaCount: { N: String(mode.priorJobs) },
      quotaChargedJobs: { SS: Array.from({ length: mode.priorJobs }, () => randomUUID()) },
    });
  }
}

async function runPhase(
  mode: Mode,
  users: string[][],
  chargeOne: (userId: string) => Promise<void>,
): Promise<void> {
  await Promise.all(
    users.map(async (own) => {
      const perWorker = Math.ceil(mode.charges / mode.workers);
      for (let k = 0; k < perWorker; k += 1)
        await chargeOne(own[Math.floor(k / mode.chargesPerUser)] as string);
    }),
  );
}

function total(samples: readonly Sample[], field: keyof Sample): number {
  return samples.reduce((sum, s) => sum + s[field], 0);
}

function rate(samples: readonly Sample[]): number {
  return total(samples, 'charges') / total(samples, 'seconds');
}

function cpuMs(samples: readonly Sample[]): number {
  return (1000 * total(samples, 'cpuSeconds')) / total(samples, 'charges');
}

/** `ratio` over all rounds, then the lowest and highest single-round ratio: "0.78 (0.70-0.86)". */
function ratioWithRange(
  contender: readonly Sample[],
  raw: readonly Sample[],
  ratio: (contender: readonly Sample[], raw: readonly Sample[]) => number,
): string {
  const perRound = contender.map((sample, round) => ratio([sample], [raw[round] as Sample]));
  return `${ratio(contender, raw).toFixed(2)} (${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)})`;
}

const byRate = (contender: readonly Sample[], raw: readonly Sample[]) =>
  rate(contender) / rate(raw);
const byCpu = (contender: readonly Sample[], raw: readonly Sample[]) =>
  cpuMs(raw) / cpuMs(contender);

async function main(): Promise<void> {
  const dynamo = await startLocalDynamo();
  const ledger = new QuotaLedger({
    client: dynamo.client,
    tableName: dynamo.tableName,
    now: () => NOW,
  });
  const rawAdd = async (userId: string): Promise<void> => {
    await dynamo.client.send(
      new UpdateItemCommand({
        TableName: dynamo.tableName,
        Key: { userId: { S: userId } },
        UpdateExpression: 'ADD #count :cost',
        ExpressionAttributeNames: { '#count': 'quotaCount' },
        ExpressionAttributeValues: { ':cost': { N: '1' } },
      }),
    );
  };

  const rows: string[][] = [];
  for (const mode of MODES) {
    // The post's tier-1 write: the limit check alone, no job ids (so no idempotency).
    const limitOnly = async (userId: string): Promise<void> => {
      await dynamo.client.send(
        new UpdateItemCommand({
          TableName: dynamo.tableName,
          Key: { userId: { S: userId } },
          UpdateExpression: 'ADD #c :c',
          ConditionExpression: '#w = :w AND #c <= :r',
          ExpressionAttributeNames: { '#w': 'quotaWeek', '#c': 'quotaCount' },
          ExpressionAttributeValues: {
            ':c': { N: String(mode.cost) },
            ':w': { S: WEEK },
            ':r': { N: String(mode.weeklyLimit - mode.cost) },
          },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
    };
    const charge = async (userId: string): Promise<void> => {
      const result = await ledger.deduct({
        userId,
        jobId: randomUUID(),
        cost: mode.cost,
        weeklyLimit: mode.weeklyLimit,
      });
      if (result.outcome !== 'charged')
        throw new Error(`benchmark expected a charge, got ${result.outcome}`);
    };
    const contenders = [
      { name: 'raw', chargeOne: rawAdd, samples: [] as Sample[] },
      { name: 'tier1', chargeOne: limitOnly, samples: [] as Sample[] },
      { name: 'ledger', chargeOne: charge, samples: [] as Sample[] },
    ];
    // Round -1 is a warm-up (V8 compiles the SDK, dynalite and ledger paths); it is not recorded.
    for (let round = -1; round < ROUNDS; round += 1) {
      // Each contender charges its own, identically prepared items; the order rotates every round.
      const phases = contenders.map((contender) => ({
        contender,
        users: phaseUsers(`${contender.name}-${mode.workers}-${mode.priorJobs}-${round}`, mode),
      }));
      await prepare(
        dynamo,
        phases.flatMap((phase) => phase.users.flat()),
        mode,
      );
      const shift = ((round % phases.length) + phases.length) % phases.length;
      for (const { contender, users } of [...phases.slice(shift), ...phases.slice(0, shift)]) {
        const measured = await sample(dynamo, mode.charges, () =>
          runPhase(mode, users, contender.chargeOne),
        );
        if (round >= 0) contender.samples.push(measured);
      }
    }
    const [raw, tier1, led] = contenders.map((contender) => contender.samples) as [
      Sample[],
      Sample[],
      Sample[],
    ];
    rows.push([
      mode.name,
      rate(raw).toFixed(0),
      rate(tier1).toFixed(0),
      rate(led).toFixed(0),
      ratioWithRange(tier1, raw, byRate),
      ratioWithRange(led, raw, byRate),
      cpuMs(raw).toFixed(2),
      cpuMs(tier1).toFixed(2),
      cpuMs(led).toFixed(2),
      ratioWithRange(tier1, raw, byCpu),
      ratioWithRange(led, raw, byCpu),
      (total(led, 'requests') / total(led, 'charges')).toFixed(2),
    ]);
  }
  await dynamo.close();

  console.log(
    `QuotaLedger.deduct (in-week charges) vs raw UpdateItem ADD and the post's tier-1 write, in-process dynalite, ${WEEK}`,
  );
  console.log(
    `node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the end, ` +
      `a warm-up and ${ROUNDS} interleaved rounds per mode, job ids are UUIDs; ratios: all rounds (lowest-highest round)`,
  );
  console.log('');
  const header = [
    'mode',
    'raw /s',
    'tier-1 /s',
    'ledger /s',
    'tier-1 rate ratio',
    'ledger rate ratio',
    'raw CPU ms',
    'tier-1 CPU ms',
    'ledger CPU ms',
    'tier-1 CPU ratio',
    'ledger CPU ratio',
    'calls per charge',
  ];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  console.log(line(header));
  console.log(
    `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`,
  );
  for (const row of rows) console.log(line(row));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

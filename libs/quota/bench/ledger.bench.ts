/**
 * Benchmark of `QuotaLedger.deduct` against in-process dynalite. The baseline is
 * a raw, unconditional `UpdateItem ADD quotaCount :1` on the same items,
 * measured in the same run and interleaved with the ledger (rounds alternate
 * which goes first) so that load from other processes hits both alike.
 *
 * Printed per mode: charges per second (wall clock), process CPU per charge
 * (client and dynalite share this process, so it is the less noisy figure on a
 * busy machine), the ledger/raw ratios, and DynamoDB requests per in-week
 * charge as counted by the server.
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

  const rows: string[] = [];
  for (const mode of MODES) {
    const raw: Sample[] = [];
    const led: Sample[] = [];
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
    // Round -1 is a warm-up (V8 compiles the SDK, dynalite and ledger paths); it is not recorded.
    for (let round = -1; round < ROUNDS; round += 1) {
      // Raw and ledger phases use distinct but identically prepared items.
      const rawUsers = phaseUsers(`raw-${mode.workers}-${mode.priorJobs}-${round}`, mode);
      const ledgerUsers = phaseUsers(`ledger-${mode.workers}-${mode.priorJobs}-${round}`, mode);
      await prepare(dynamo, [...rawUsers.flat(), ...ledgerUsers.flat()], mode);
      const rawPhase = () => sample(dynamo, mode.charges, () => runPhase(mode, rawUsers, rawAdd));
      const ledgerPhase = () =>
        sample(dynamo, mode.charges, () => runPhase(mode, ledgerUsers, charge));
      const [first, second] = round % 2 === 0 ? [rawPhase, ledgerPhase] : [ledgerPhase, rawPhase];
      const firstSample = await first();
      const secondSample = await second();
      if (round >= 0) {
        (round % 2 === 0 ? raw : led).push(firstSample);
        (round % 2 === 0 ? led : raw).push(secondSample);
      }
    }
    const rawRate = total(raw, 'charges') / total(raw, 'seconds');
    const ledgerRate = total(led, 'charges') / total(led, 'seconds');
    const rawCpu = (1000 * total(raw, 'cpuSeconds')) / total(raw, 'charges');
    const ledgerCpu = (1000 * total(led, 'cpuSeconds')) / total(led, 'charges');
    const calls = total(led, 'requests') / total(led, 'charges');
    rows.push(
      [
        mode.name.padEnd(18),
        rawRate.toFixed(0).padStart(8),
        ledgerRate.toFixed(0).padStart(9),
        (ledgerRate / rawRate).toFixed(2).padStart(10),
        rawCpu.toFixed(2).padStart(11),
        ledgerCpu.toFixed(2).padStart(14),
        (rawCpu / ledgerCpu).toFixed(2).padStart(9),
        calls.toFixed(2).padStart(15),
      ].join(' | '),
    );
  }
  await dynamo.close();

  console.log(
    `QuotaLedger.deduct (in-week charges) vs raw UpdateItem ADD, in-process dynalite, ${WEEK}`,
  );
  console.log(
    `node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the end, ` +
      `a warm-up and ${ROUNDS} interleaved rounds per mode, job ids are UUIDs`,
  );
  console.log('');
  console.log(
    'mode               | raw /s   | ledger /s | rate ratio | raw CPU ms | ledger CPU ms | CPU ratio | calls per charge',
  );
  console.log(
    '-------------------|---------:|----------:|-----------:|-----------:|--------------:|----------:|----------------:',
  );
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

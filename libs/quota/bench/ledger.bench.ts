/**
 * Benchmark of QuotaLedger.deduct against in-process dynalite, with a raw
 * unconditional `UpdateItem ADD` on the same items as the baseline measured in
 * the same run. Prints DynamoDB calls per in-week charge and charges per second,
 * sequentially and at concurrency 16, with the ledger/raw ratio.
 *
 * Run: `npx tsx libs/quota/bench/ledger.bench.ts` (or the `quota:bench` target).
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { QuotaLedger, isoWeekKey } from '../src/index';
import { startLocalDynamo, type LocalDynamo } from '../test/support/local-dynamo';

const ROUNDS = 3;
const SEQUENTIAL_CHARGES = 600;
const SEQUENTIAL_USERS = 30;
const CONCURRENCY = 16;
const CONCURRENT_CHARGES = 1600;
const WEEKLY_LIMIT = 1_000_000;
const NOW = new Date('2026-12-02T12:00:00Z');

interface Measure {
  readonly charges: number;
  readonly seconds: number;
  readonly requests: number;
}

async function measure(
  dynamo: LocalDynamo,
  charges: number,
  work: () => Promise<void>,
): Promise<Measure> {
  const requestsBefore = dynamo.requestsReceived();
  const started = process.hrtime.bigint();
  await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { charges, seconds, requests: dynamo.requestsReceived() - requestsBefore };
}

/** Runs `total` tasks with at most `concurrency` in flight; task i goes to worker i % concurrency. */
async function inParallel(
  total: number,
  concurrency: number,
  task: (index: number, worker: number) => Promise<void>,
) {
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let index = worker; index < total; index += concurrency) await task(index, worker);
    }),
  );
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dynamo = await startLocalDynamo();
  const ledger = new QuotaLedger({
    client: dynamo.client,
    tableName: dynamo.tableName,
    now: () => NOW,
  });
  const users = Array.from(
    { length: Math.max(SEQUENTIAL_USERS, CONCURRENCY) },
    (_, index) => `bench-user-${index}`,
  );

  // Start each user's week (rollover path, not measured): every measured charge is in-week.
  for (const userId of users) {
    await ledger.deduct({ userId, jobId: randomUUID(), cost: 1, weeklyLimit: WEEKLY_LIMIT });
  }

  const rawAdd = (userId: string) =>
    dynamo.client.send(
      new UpdateItemCommand({
        TableName: dynamo.tableName,
        Key: { userId: { S: userId } },
        UpdateExpression: 'ADD #count :cost',
        ExpressionAttributeNames: { '#count': 'quotaCount' },
        ExpressionAttributeValues: { ':cost': { N: '1' } },
      }),
    );
  const charge = async (userId: string) => {
    const result = await ledger.deduct({
      userId,
      jobId: randomUUID(),
      cost: 1,
      weeklyLimit: WEEKLY_LIMIT,
    });
    if (result.outcome !== 'charged') throw new Error(`unexpected ${result.outcome}`);
  };
  const userFor = (index: number, pool: number) => users[index % pool] as string;

  const results: Record<string, { raw: Measure[]; ledger: Measure[] }> = {
    sequential: { raw: [], ledger: [] },
    [`concurrency ${CONCURRENCY}`]: { raw: [], ledger: [] },
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    const seq = results['sequential'] as { raw: Measure[]; ledger: Measure[] };
    const par = results[`concurrency ${CONCURRENCY}`] as { raw: Measure[]; ledger: Measure[] };
    seq.raw.push(
      await measure(dynamo, SEQUENTIAL_CHARGES, async () => {
        for (let i = 0; i < SEQUENTIAL_CHARGES; i += 1) await rawAdd(userFor(i, SEQUENTIAL_USERS));
      }),
    );
    seq.ledger.push(
      await measure(dynamo, SEQUENTIAL_CHARGES, async () => {
        for (let i = 0; i < SEQUENTIAL_CHARGES; i += 1) await charge(userFor(i, SEQUENTIAL_USERS));
      }),
    );
    par.raw.push(
      await measure(dynamo, CONCURRENT_CHARGES, () =>
        inParallel(CONCURRENT_CHARGES, CONCURRENCY, async (_, worker) => {
          await rawAdd(userFor(worker, CONCURRENCY));
        }),
      ),
    );
    par.ledger.push(
      await measure(dynamo, CONCURRENT_CHARGES, () =>
        inParallel(CONCURRENT_CHARGES, CONCURRENCY, (_, worker) =>
          charge(userFor(worker, CONCURRENCY)),
        ),
      ),
    );
  }
  await dynamo.close();

  const jobsPerUser =
    1 + ROUNDS * (SEQUENTIAL_CHARGES / SEQUENTIAL_USERS + CONCURRENT_CHARGES / CONCURRENCY);
  console.log(`QuotaLedger.deduct vs raw UpdateItem ADD — in-process dynalite, ${isoWeekKey(NOW)}`);
  console.log(
    `node ${process.version}, ${availableParallelism()} cores, ${ROUNDS} interleaved rounds (median shown), ` +
      `job ids are UUIDs, up to ${Math.max(...users.map((_, i) => (i < CONCURRENCY ? jobsPerUser : 0)))} jobs per user-week`,
  );
  console.log('');
  console.log('mode            | raw ADD /s | ledger /s | ratio | ledger calls per charge');
  console.log('----------------|-----------:|----------:|------:|-----------------------:');
  for (const [mode, { raw, ledger: led }] of Object.entries(results)) {
    const rawRate = median(raw.map((m) => m.charges / m.seconds));
    const ledgerRate = median(led.map((m) => m.charges / m.seconds));
    const calls =
      led.reduce((sum, m) => sum + m.requests, 0) / led.reduce((sum, m) => sum + m.charges, 0);
    console.log(
      `${mode.padEnd(15)} | ${rawRate.toFixed(0).padStart(10)} | ${ledgerRate.toFixed(0).padStart(9)} | ` +
        `${(ledgerRate / rawRate).toFixed(2).padStart(5)} | ${calls.toFixed(2).padStart(23)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

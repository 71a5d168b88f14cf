/**
 * Capacity benchmark of the ledger (counters on the user's item + one record per job, every
 * operation one two-item `TransactWriteItems`) on AWS's DynamoDB Local, with
 * `ReturnConsumedCapacity: 'TOTAL'` set on every command by client middleware (`meterCapacity`).
 *
 * 1. Calibration: what DynamoDB Local reports for transactions of known items, next to what AWS
 *    bills (2 WCU per started KB of each item), which is how `billedWriteUnits` converts.
 * 2. For each plan (free 200, creator 600, studio 1,500 slots a week): a heavy week of one-slot
 *    jobs with ids of the pipeline's 29-byte shape, spread evenly over the week, after a previous
 *    week just as full. At the first, middle and last job: WCU of reserve, settle, release (of a
 *    second job reserved a minute later) and grant (one slot), RCU of usage; next to the design
 *    post's tier-1 write (one conditional `UpdateItem ADD` on a counter) and a read of its item,
 *    measured at the same points of the same run.
 *
 * Run: `npx nx run quota:bench` (after `ledger.bench.ts`), or
 * `npx tsx --tsconfig libs/quota/tsconfig.json libs/quota/bench/capacity.bench.ts`. Needs Java 17.
 */
import {
  GetItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type DynamoDBClient,
  type TransactWriteItem,
} from '@aws-sdk/client-dynamodb';
import { createTables, startDynamoDbLocal } from '@lumcast/local-dynamo';
import { isoWeekKey } from '../src/iso-week';
import { QuotaLedger } from '../src/ledger';
import { PLANS, planLimitsFor } from '../src/plans';
import { USERS_TABLE_KEY } from '../src/users-table';
import {
  fakeClock,
  meterCapacity,
  pipelineJobId,
  type CapacityMeter,
  type CapacityUse,
} from '../test/support/local-dynamo';

const TABLE = 'users';
const WEEK_MS = 7 * 24 * 3600 * 1000;
const PREVIOUS_MONDAY = Date.parse('2026-11-23T00:00:00Z'); // 2026-W48
const THIS_MONDAY = Date.parse('2026-11-30T00:00:00Z'); // 2026-W49
// Far above any plan's, so no reservation is refused: this bench measures capacity, not admission.
const ADMISSION = { maxInFlight: 100_000, reservationsPerMinute: 100_000 };

const OPERATIONS = ['reserve', 'settle', 'release', 'grant', 'usage'] as const;
type Operation = (typeof OPERATIONS)[number] | 'tier-1 write' | 'tier-1 read';
type Point = Partial<Record<Operation, CapacityUse>>;

/** Job `n` of a week of `limit` jobs, spread evenly over the week. */
const instantOf = (monday: number, n: number, limit: number) =>
  new Date(monday + ((n - 0.5) * WEEK_MS) / limit).toISOString();

/** What DynamoDB Local reports for transactions of known items, against AWS's billing. */
async function calibrate(client: DynamoDBClient, meter: CapacityMeter) {
  let key = 0;
  const put = (bytes: number): TransactWriteItem => ({
    Put: {
      TableName: 'calibration',
      Item: { id: { S: `k${(key += 1)}` }, pad: { S: 'x'.repeat(bytes) } },
    },
  });
  const cases: { name: string; items: TransactWriteItem[]; aws: number }[] = [
    { name: '1 item of ≤ 1 KB', items: [put(10)], aws: 2 },
    { name: '2 items of ≤ 1 KB', items: [put(10), put(10)], aws: 4 },
    { name: '3 items of ≤ 1 KB', items: [put(10), put(10), put(10)], aws: 6 },
    { name: '1 item of 1.5 KB', items: [put(1500)], aws: 4 },
    { name: '2 items of 1.5 KB', items: [put(1500), put(1500)], aws: 8 },
    { name: '1 item of 1.5 KB + 1 of ≤ 1 KB', items: [put(1500), put(10)], aws: 6 },
  ];
  const rows: string[] = [];
  for (const { name, items, aws } of cases) {
    const use = await meter.measure(() =>
      client.send(new TransactWriteItemsCommand({ TransactItems: items })),
    );
    rows.push(`| ${name} | ${use.reportedWrite} | ${aws} | ${use.write} |`);
  }
  return rows;
}

/** One plan's heavy week (and the previous one) for two users: the ledger's and the tier-1 one. */
async function heavyWeek(client: DynamoDBClient, meter: CapacityMeter, plan: string) {
  const limit = planLimitsFor(plan).weeklySlots;
  const clock = fakeClock(instantOf(PREVIOUS_MONDAY, 1, limit));
  const ledger = new QuotaLedger({ client, tableName: TABLE, now: clock.now });
  const points = [1, Math.ceil(limit / 2), limit];
  const measured = new Map<number, Point>(points.map((n) => [n, {}]));
  const heavy = `heavy-${plan}`;
  const tier1 = `tier-1-${plan}`;

  /** The post's tier 1: `ADD` under a week-and-room condition; a refused one in a new week rolls over. */
  const tier1Write = async (week: string) => {
    const key = { userId: { S: tier1 } };
    try {
      await client.send(
        new UpdateItemCommand({
          TableName: TABLE,
          Key: key,
          UpdateExpression: 'ADD quotaCount :cost',
          ConditionExpression: 'quotaWeek = :week AND quotaCount <= :room',
          ExpressionAttributeValues: {
            ':cost': { N: '1' },
            ':week': { S: week },
            ':room': { N: String(limit - 1) },
          },
        }),
      );
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'ConditionalCheckFailedException')
        throw error;
      await client.send(
        new UpdateItemCommand({
          TableName: TABLE,
          Key: key,
          UpdateExpression: 'SET quotaWeek = :week, quotaCount = :cost',
          ConditionExpression: 'attribute_not_exists(quotaWeek) OR quotaWeek < :week',
          ExpressionAttributeValues: { ':cost': { N: '1' }, ':week': { S: week } },
        }),
      );
    }
  };

  for (const monday of [PREVIOUS_MONDAY, THIS_MONDAY]) {
    const measuring = monday === THIS_MONDAY;
    for (let n = 1; n <= limit; n += 1) {
      const at = instantOf(monday, n, limit);
      clock.set(at);
      const point = measuring ? measured.get(n) : undefined;
      const run = async (operation: Operation, work: () => Promise<unknown>) => {
        if (point === undefined) return work();
        point[operation] = await meter.measure(work);
        return undefined;
      };
      const jobId = pipelineJobId(n);
      const request = { userId: heavy, jobId, cost: 1, weeklyLimit: limit };
      await run('reserve', () => ledger.reserve({ ...request, ...ADMISSION }));
      if (point !== undefined) {
        await run('grant', () =>
          ledger.grant({ userId: heavy, operationId: `grant-${n}`, slots: 1, weeklyLimit: limit }),
        );
        // A second job a minute later, reserved and released (the granted slot makes room for it).
        clock.set(new Date(Date.parse(at) + 60_000).toISOString());
        const probe = `${jobId.slice(0, -1)}x`;
        await ledger.reserve({ ...request, jobId: probe, ...ADMISSION });
        await run('release', () => ledger.release({ userId: heavy, jobId: probe, heldCost: 1 }));
      }
      await run('settle', () => ledger.settle({ ...request, quotedCost: 1 }));
      await run('tier-1 write', () => tier1Write(isoWeekKey(new Date(at))));
      if (point !== undefined) {
        await run('usage', () => ledger.usage({ userId: heavy, weeklyLimit: limit }));
        await run('tier-1 read', () =>
          client.send(new GetItemCommand({ TableName: TABLE, Key: { userId: { S: tier1 } } })),
        );
      }
    }
  }
  const end = await ledger.usage({ userId: heavy, weeklyLimit: limit });
  if (end.used !== limit) throw new Error(`${plan}: ${end.used} of ${limit} jobs charged`);
  return { plan, limit, points, measured };
}

const format = (units: number | undefined) => (units === undefined ? '–' : String(units));

async function main(): Promise<void> {
  const started = Date.now();
  const dynamo = await startDynamoDbLocal();
  try {
    const client = dynamo.newClient();
    const meter = meterCapacity(client);
    await createTables(client, [
      { name: TABLE, partitionKey: USERS_TABLE_KEY.partitionKey },
      { name: 'calibration', partitionKey: 'id' },
    ]);

    console.log(
      '## How DynamoDB Local reports a TransactWriteItems (ReturnConsumedCapacity TOTAL)\n',
    );
    console.log(
      '| transaction (one table) | DynamoDB Local reports | AWS bills (2 WCU per started KB of each item) | billedWriteUnits (exact for a report of 2, else an upper bound) |',
    );
    console.log('|---|---:|---:|---:|');
    for (const row of await calibrate(client, meter)) console.log(row);
    console.log(
      '\nDynamoDB Local already applies the 2× transactional factor per item, but adds up only the\n' +
        'distinct per-item figures of a table: any number of items of ≤ 1 KB report 2. A report of 2\n' +
        'therefore means every item was ≤ 1 KB, and AWS bills 2 × items (a two-item ledger\n' +
        'transaction: 4 WCU); other reports are converted to an upper bound (items × report).\n' +
        'A cancelled transaction is an error response with no ConsumedCapacity, so it is counted\n' +
        'apart ("cancelled") and not in any WCU figure below; likewise the tier-1 write\'s refused\n' +
        'in-week attempt at the first job of a week (a ConditionalCheckFailedException, no capacity).\n',
    );

    for (const plan of Object.keys(PLANS)) {
      const { limit, points, measured } = await heavyWeek(client, meter, plan);
      const at = (operation: Operation) => points.map((n) => measured.get(n)?.[operation]);
      const tier1Write = at('tier-1 write')[2]?.write ?? 1;
      const tier1Read = at('tier-1 read')[2]?.read ?? 0.5;
      console.log(
        `## ${plan}: ${limit} one-slot jobs this week (jobs ${points.join(', ')} measured), after ${limit} last week\n`,
      );
      console.log(
        '| operation | WCU as AWS bills, first / middle / last | DynamoDB Local reported | RCU first / middle / last | requests (transactions, cancelled) at first | at last | last ÷ tier-1 |',
      );
      console.log('|---|---|---|---|---|---|---:|');
      for (const operation of [...OPERATIONS, 'tier-1 write', 'tier-1 read'] as const) {
        const uses = at(operation);
        const lastUse = uses[2];
        const isRead = operation === 'usage' || operation === 'tier-1 read';
        const ratio = isRead
          ? (lastUse?.read ?? 0) / tier1Read
          : (lastUse?.write ?? 0) / tier1Write;
        const shape = (use: CapacityUse | undefined) =>
          use === undefined ? '–' : `${use.requests} (${use.transactions}, ${use.cancelled})`;
        console.log(
          `| ${operation} | ${uses.map((use) => format(use?.write)).join(' / ')} | ${uses
            .map((use) => format(use?.reportedWrite))
            .join(' / ')} | ${uses.map((use) => format(use?.read)).join(' / ')} | ${shape(
            uses[0],
          )} | ${shape(lastUse)} | ${ratio.toFixed(1)}× |`,
        );
      }
      console.log('');
    }
    console.log(
      `Ratios: writes to the tier-1 write's WCU, reads (usage, tier-1 read) to the tier-1 read's RCU. ` +
        `Grants of one slot at each measured job leave the week with 3 slots unused. ` +
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

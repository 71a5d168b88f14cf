import type { AddressInfo } from 'node:net';
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { USERS_TABLE_KEY } from '../../src/index';

/** An in-process dynalite server with a users table, and a real SDK client pointed at it. */
export interface LocalDynamo {
  readonly client: DynamoDBClient;
  readonly endpoint: string;
  readonly tableName: string;
  /** Names of the commands the client has sent, in order (counted by client middleware). */
  readonly commands: string[];
  /** HTTP requests the server has received (an independent count). */
  requestsReceived(): number;
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
  close(): Promise<void>;
}

/** Starts dynalite on a free port and creates the users table with the real SDK client. */
export async function startLocalDynamo(tableName = 'users'): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let received = 0;
  server.on('request', () => {
    received += 1;
  });
  const commands: string[] = [];
  const clients: DynamoDBClient[] = [];
  let pending: {
    when: (name: string, input: Record<string, unknown>) => boolean;
    action: () => Promise<unknown>;
  }[] = [];
  const newClient = (): DynamoDBClient => {
    const client = new DynamoDBClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
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
    clients.push(client);
    return client;
  };
  const client = newClient();
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      AttributeDefinitions: [
        {
          AttributeName: USERS_TABLE_KEY.partitionKey,
          AttributeType: USERS_TABLE_KEY.partitionKeyType,
        },
      ],
      KeySchema: [{ AttributeName: USERS_TABLE_KEY.partitionKey, KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  commands.length = 0;
  return {
    client,
    endpoint,
    tableName,
    commands,
    requestsReceived: () => received,
    beforeNext: (when, action) => {
      pending.push({ when, action });
    },
    newClient,
    close: async () => {
      for (const each of clients) each.destroy();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
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

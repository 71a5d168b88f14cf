import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
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
  const newClient = (): DynamoDBClient => {
    const client = new DynamoDBClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    client.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(String(context.commandName));
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
      AttributeDefinitions: [{ AttributeName: USERS_TABLE_KEY.partitionKey, AttributeType: USERS_TABLE_KEY.partitionKeyType }],
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
    newClient,
    close: async () => {
      for (const each of clients) each.destroy();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** A clock fixed at `iso` that tests move with `set`. */
export function fakeClock(iso: string): { now: () => Date; set: (next: string) => void } {
  let current = new Date(iso);
  return { now: () => new Date(current.getTime()), set: (next) => (current = new Date(next)) };
}

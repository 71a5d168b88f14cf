import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import dynalite from 'dynalite';
import { SERIES_MEMORY_TABLE_KEY } from '../../src/index';

/** An in-process dynalite server with a series-memory table, and a real SDK client pointed at it. */
export interface LocalDynamo {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** HTTP requests the server has received so far. */
  requestsReceived(): number;
  close(): Promise<void>;
}

/** Starts dynalite on a free port and creates the series-memory table with the exported key schema. */
export async function startLocalDynamo(tableName = 'series-memory'): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let received = 0;
  server.on('request', () => {
    received += 1;
  });
  const client = new DynamoDBClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      AttributeDefinitions: [
        {
          AttributeName: SERIES_MEMORY_TABLE_KEY.partitionKey,
          AttributeType: SERIES_MEMORY_TABLE_KEY.partitionKeyType,
        },
        {
          AttributeName: SERIES_MEMORY_TABLE_KEY.sortKey,
          AttributeType: SERIES_MEMORY_TABLE_KEY.sortKeyType,
        },
      ],
      KeySchema: [
        { AttributeName: SERIES_MEMORY_TABLE_KEY.partitionKey, KeyType: 'HASH' },
        { AttributeName: SERIES_MEMORY_TABLE_KEY.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  return {
    client,
    tableName,
    requestsReceived: () => received,
    close: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

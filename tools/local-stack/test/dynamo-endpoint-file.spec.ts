/**
 * The file in the data folder that says where a running local stack's DynamoDB Local listens:
 * on its own, then as a real stack writes and removes it.
 */
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import {
  TransactWriteItemsCommand,
  DynamoDBClient,
  GetItemCommand,
} from '@aws-sdk/client-dynamodb';
import {
  DYNAMO_ENDPOINT_FILE,
  DynamoEndpointFileError,
  dynamoEndpointFilePath,
  readDynamoEndpointFile,
  removeDynamoEndpointFile,
  writeDynamoEndpointFile,
  type DynamoEndpointInfo,
} from '../dynamo-endpoint-file';
import { LOCAL_TABLES } from '../tables';
import { startTestStack, temporaryDataDir } from './support';

jest.setTimeout(120_000);

const info: DynamoEndpointInfo = {
  endpoint: 'http://127.0.0.1:8123',
  tables: { ...LOCAL_TABLES },
  pid: process.pid,
  startedAt: '2026-12-03T12:00:00.000Z',
};

describe('the DynamoDB endpoint file', () => {
  const data = temporaryDataDir();
  afterAll(() => data.remove());

  it('is written with mode 0600, read back as written, and leaves no temporary file behind', async () => {
    await writeDynamoEndpointFile(data.dir, info);
    await writeDynamoEndpointFile(data.dir, { ...info, endpoint: 'http://127.0.0.1:8124' });
    expect(statSync(dynamoEndpointFilePath(data.dir)).mode & 0o777).toBe(0o600);
    expect(await readDynamoEndpointFile(data.dir)).toEqual({
      ...info,
      endpoint: 'http://127.0.0.1:8124',
    });
    expect(readdirSync(data.dir)).toEqual([DYNAMO_ENDPOINT_FILE]);
  });

  it('reads as undefined when there is none, and fails by name when it is not JSON or not the schema', async () => {
    const empty = temporaryDataDir();
    try {
      expect(await readDynamoEndpointFile(empty.dir)).toBeUndefined();
      writeFileSync(dynamoEndpointFilePath(empty.dir), '{ half');
      await expect(readDynamoEndpointFile(empty.dir)).rejects.toThrow(DynamoEndpointFileError);
      writeFileSync(dynamoEndpointFilePath(empty.dir), JSON.stringify({ ...info, endpoint: 'x' }));
      await expect(readDynamoEndpointFile(empty.dir)).rejects.toThrow(/endpoint/);
    } finally {
      empty.remove();
    }
  });

  it('is removed only while it still names the endpoint being stopped', async () => {
    await writeDynamoEndpointFile(data.dir, info);
    await removeDynamoEndpointFile(data.dir, 'http://127.0.0.1:9999');
    expect(existsSync(dynamoEndpointFilePath(data.dir))).toBe(true);
    await removeDynamoEndpointFile(data.dir, info.endpoint);
    expect(existsSync(dynamoEndpointFilePath(data.dir))).toBe(false);
    await expect(removeDynamoEndpointFile(data.dir, info.endpoint)).resolves.toBeUndefined();
  });
});

describe('a running local stack', () => {
  it('records where its DynamoDB Local listens, which answers transactions there, and removes the record on stop', async () => {
    const data = temporaryDataDir();
    const stack = await startTestStack({ dataDir: data.dir });
    let client: DynamoDBClient | undefined;
    try {
      const recorded = await readDynamoEndpointFile(data.dir);
      if (recorded === undefined) throw new Error('the stack wrote no endpoint file');
      // The tables the stack's functions are configured with (on the engine, the template's).
      expect(recorded).toMatchObject({
        endpoint: stack.dynamo.endpoint,
        tables: {
          users: stack.env.LUMCAST_USERS_TABLE,
          jobs: stack.env.LUMCAST_JOBS_TABLE,
          series: stack.env.LUMCAST_SERIES_TABLE,
          feeds: stack.env.LUMCAST_FEEDS_TABLE,
          pacing: stack.env.LUMCAST_PACING_TABLE,
        },
        pid: process.pid,
      });
      expect(stack.dynamoEndpointFile).toBe(dynamoEndpointFilePath(data.dir));
      expect(statSync(stack.dynamoEndpointFile).mode & 0o777).toBe(0o600);

      // Another client, with other credentials, reaches the same (shared) database.
      client = new DynamoDBClient({
        endpoint: recorded.endpoint,
        region: 'eu-west-1',
        credentials: { accessKeyId: 'operator', secretAccessKey: 'operator' },
      });
      await client.send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: recorded.tables.users, Item: { userId: { S: 'probe-a' } } } },
            { Put: { TableName: recorded.tables.users, Item: { userId: { S: 'probe-b' } } } },
          ],
        }),
      );
      const { Item } = await stack.dynamo.client.send(
        new GetItemCommand({
          TableName: recorded.tables.users,
          Key: { userId: { S: 'probe-b' } },
          ConsistentRead: true,
        }),
      );
      expect(Item).toEqual({ userId: { S: 'probe-b' } });
    } finally {
      client?.destroy();
      await stack.stop();
    }
    expect(existsSync(dynamoEndpointFilePath(data.dir))).toBe(false);
    data.remove();
  });
});

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { createTables, startDynamoDbLocal, type LocalDynamo } from '../src/index';

jest.setTimeout(90_000);

let dynamo: LocalDynamo;

beforeAll(async () => {
  dynamo = await startDynamoDbLocal();
});
afterAll(async () => {
  await dynamo?.close();
});

describe('startDynamoDbLocal', () => {
  it('answers the real SDK client, with transactions that dynalite does not implement', async () => {
    await createTables(dynamo.client, [{ name: 'things', partitionKey: 'id' }]);
    await dynamo.client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName: 'things', Item: { id: { S: 'a' } } } },
          { Put: { TableName: 'things', Item: { id: { S: 'b' } } } },
        ],
      }),
    );
    const { Item } = await dynamo.client.send(
      new GetItemCommand({ TableName: 'things', Key: { id: { S: 'b' } }, ConsistentRead: true }),
    );
    expect(Item).toEqual({ id: { S: 'b' } });
  });

  it('counts the requests of every client it made, on one shared database', async () => {
    const other: DynamoDBClient = dynamo.newClient();
    const before = dynamo.requestsReceived();
    const { Item } = await other.send(
      new GetItemCommand({ TableName: 'things', Key: { id: { S: 'a' } }, ConsistentRead: true }),
    );
    expect(Item).toEqual({ id: { S: 'a' } });
    expect(dynamo.requestsReceived() - before).toBe(1);
  });
});

describe('startDynamoDbLocal with a path', () => {
  const parent = mkdtempSync(path.join(tmpdir(), 'lumcast-dynamodb-local-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('creates the missing folder and keeps tables and items there across a restart, a relative path taken from the current directory', async () => {
    const folder = path.join(parent, 'nested', 'dynamodb');
    const relative = path.relative(process.cwd(), folder);
    const first = await startDynamoDbLocal({ path: relative });
    try {
      await createTables(first.client, [{ name: 'kept', partitionKey: 'id' }]);
      await first.client.send(
        new PutItemCommand({ TableName: 'kept', Item: { id: { S: 'x' }, n: { N: '7' } } }),
      );
    } finally {
      await first.close();
    }
    expect(existsSync(path.join(folder, 'shared-local-instance.db'))).toBe(true);

    const second = await startDynamoDbLocal({ path: relative });
    try {
      const { Item } = await second.client.send(
        new GetItemCommand({ TableName: 'kept', Key: { id: { S: 'x' } }, ConsistentRead: true }),
      );
      expect(Item).toEqual({ id: { S: 'x' }, n: { N: '7' } });
    } finally {
      await second.close();
    }
  });
});

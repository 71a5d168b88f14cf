import {
  GetItemCommand,
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

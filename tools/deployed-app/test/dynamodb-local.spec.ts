import {
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import {
  loadSynthesizedApp,
  startDynamoDbLocal,
  type RunningDynamoDbLocal,
} from '@lumcast/aws-emulator';
import { CDK_OUT_DIR } from './support/synthesized-template';

const app = loadSynthesizedApp({ cdkOutDir: CDK_OUT_DIR, endpoints: {} });
let dynamo: RunningDynamoDbLocal;
let client: DynamoDBClient;

beforeAll(async () => {
  dynamo = await startDynamoDbLocal(app.tables);
  // A caller's own key: with -sharedDb, it sees the tables created under another key.
  client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDCALLER', secretAccessKey: 'secret' },
  });
});

afterAll(async () => {
  client?.destroy();
  await dynamo?.stop();
});

describe('startDynamoDbLocal with the template’s tables', () => {
  it('creates and reads an item in each table with a real DynamoDBClient', async () => {
    expect(app.tables.length).toBeGreaterThan(0);
    for (const table of app.tables) {
      const key: Record<string, AttributeValue> = {};
      for (const k of table.keySchema) {
        const type = table.attributeDefinitions.find(
          (a) => a.AttributeName === k.AttributeName,
        )?.AttributeType;
        key[k.AttributeName] = type === 'N' ? { N: '1' } : { S: `${table.logicalId}-key` };
      }
      await client.send(
        new PutItemCommand({
          TableName: table.tableName,
          Item: { ...key, payload: { S: 'hello' } },
        }),
      );
      const read = await client.send(
        new GetItemCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }),
      );
      expect(read.Item?.['payload']).toEqual({ S: 'hello' });
    }
  });

  it('sets TTL exactly where the template sets it', async () => {
    for (const table of app.tables) {
      const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: table.tableName }));
      if (table.ttlAttribute === undefined)
        expect(ttl.TimeToLiveDescription?.TimeToLiveStatus).toBe('DISABLED');
      else expect(ttl.TimeToLiveDescription?.AttributeName).toBe(table.ttlAttribute);
    }
  });
});

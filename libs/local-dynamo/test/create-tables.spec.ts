import { DescribeTableCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createTables } from '../src/create-tables';
import { InvalidTableDefinitionError } from '../src/errors';
import { startDynalite, type LocalDynamo } from '../src/start-dynalite';

describe('createTables', () => {
  let dynamo: LocalDynamo;
  beforeEach(async () => {
    dynamo = await startDynalite();
  });
  afterEach(async () => {
    await dynamo.close();
  });

  const tables = [
    { name: 'users', partitionKey: 'userId' },
    { name: 'jobs', partitionKey: 'userId', sortKey: 'jobId' },
  ];

  it('creates active on-demand tables with string keys', async () => {
    await createTables(dynamo.client, tables);
    const jobs = await dynamo.client.send(new DescribeTableCommand({ TableName: 'jobs' }));
    expect(jobs.Table?.TableStatus).toBe('ACTIVE');
    expect(jobs.Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    expect(jobs.Table?.KeySchema).toEqual([
      { AttributeName: 'userId', KeyType: 'HASH' },
      { AttributeName: 'jobId', KeyType: 'RANGE' },
    ]);
    expect(jobs.Table?.AttributeDefinitions).toEqual([
      { AttributeName: 'userId', AttributeType: 'S' },
      { AttributeName: 'jobId', AttributeType: 'S' },
    ]);
    const users = await dynamo.client.send(new DescribeTableCommand({ TableName: 'users' }));
    expect(users.Table?.KeySchema).toEqual([{ AttributeName: 'userId', KeyType: 'HASH' }]);
  });

  it('creates global secondary indexes with the table, projecting what they name', async () => {
    await createTables(dynamo.client, [
      {
        name: 'jobs',
        partitionKey: 'userId',
        sortKey: 'jobId',
        globalIndexes: [
          {
            name: 'by-series',
            partitionKey: 'userSeries',
            sortKey: 'createdAt',
            nonKeyAttributes: ['status'],
          },
          { name: 'by-status', partitionKey: 'status' },
        ],
      },
    ]);
    const { Table } = await dynamo.client.send(new DescribeTableCommand({ TableName: 'jobs' }));
    expect(Table?.AttributeDefinitions?.map((attribute) => attribute.AttributeName)).toEqual([
      'userId',
      'jobId',
      'userSeries',
      'createdAt',
      'status',
    ]);
    const indexes = Object.fromEntries(
      (Table?.GlobalSecondaryIndexes ?? []).map((index) => [index.IndexName, index]),
    );
    expect(indexes['by-series']).toMatchObject({
      IndexStatus: 'ACTIVE',
      KeySchema: [
        { AttributeName: 'userSeries', KeyType: 'HASH' },
        { AttributeName: 'createdAt', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['status'] },
    });
    expect(indexes['by-status']).toMatchObject({
      KeySchema: [{ AttributeName: 'status', KeyType: 'HASH' }],
      Projection: { ProjectionType: 'ALL' },
    });
  });

  it('can be called twice without error, creating only what is missing', async () => {
    await createTables(dynamo.client, tables.slice(0, 1));
    await expect(createTables(dynamo.client, tables)).resolves.toBeUndefined();
    await expect(createTables(dynamo.client, tables)).resolves.toBeUndefined();
    const output = await dynamo.client.send(new ListTablesCommand({}));
    expect(output.TableNames).toEqual(['jobs', 'users']);
  });

  it('rethrows errors other than an existing table', async () => {
    await dynamo.close();
    await expect(createTables(dynamo.client, tables)).rejects.toThrow();
    dynamo = await startDynalite();
  });

  it.each([
    ['an empty name', [{ name: '', partitionKey: 'id' }]],
    ['an empty partition key', [{ name: 't', partitionKey: '' }]],
    ['an empty sort key', [{ name: 't', partitionKey: 'id', sortKey: '' }]],
    ['a sort key equal to the partition key', [{ name: 't', partitionKey: 'id', sortKey: 'id' }]],
    [
      'an index without a name',
      [{ name: 't', partitionKey: 'id', globalIndexes: [{ name: '', partitionKey: 'x' }] }],
    ],
    [
      'an index with an empty partition key',
      [{ name: 't', partitionKey: 'id', globalIndexes: [{ name: 'i', partitionKey: '' }] }],
    ],
    [
      'an index defined twice',
      [
        {
          name: 't',
          partitionKey: 'id',
          globalIndexes: [
            { name: 'i', partitionKey: 'x' },
            { name: 'i', partitionKey: 'y' },
          ],
        },
      ],
    ],
    [
      'a name defined twice',
      [
        { name: 't', partitionKey: 'id' },
        { name: 't', partitionKey: 'id' },
      ],
    ],
  ])('refuses %s with InvalidTableDefinitionError before sending anything', async (_, bad) => {
    await expect(createTables(dynamo.client, bad)).rejects.toBeInstanceOf(
      InvalidTableDefinitionError,
    );
    expect(dynamo.requestsReceived()).toBe(0);
  });
});

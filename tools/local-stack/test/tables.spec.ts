/**
 * The local stack's tables on DynamoDB Local: created with the keys the libs declare, and the
 * jobs table's series-episodes index added to (or, with an older projection, replaced in) a table from a data folder made before it.
 */
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { createTables, startDynamoDbLocal, type LocalDynamo } from '@lumcast/local-dynamo';
import { FEEDS_TABLE_KEY, JOBS_TABLE_KEY, SERIES_EPISODES_INDEX } from '@lumcast/pipeline';
import { PACING_TABLE_KEY } from '@lumcast/pacing';
import { ensureTables, LOCAL_TABLES } from '../tables';

jest.setTimeout(120_000);

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startDynamoDbLocal();
});
afterAll(() => dynamo.close());

async function seriesIndexOf(table: string) {
  const { Table } = await dynamo.client.send(new DescribeTableCommand({ TableName: table }));
  return Table?.GlobalSecondaryIndexes?.find(
    (index) => index.IndexName === SERIES_EPISODES_INDEX.name,
  );
}

describe('ensureTables', () => {
  it('creates the tables, the jobs table with an ACTIVE series-episodes index, and can run again', async () => {
    await ensureTables(dynamo.client, LOCAL_TABLES);
    await ensureTables(dynamo.client, LOCAL_TABLES);

    expect(await seriesIndexOf(LOCAL_TABLES.jobs)).toMatchObject({
      IndexStatus: 'ACTIVE',
      KeySchema: [
        { AttributeName: 'userSeries', KeyType: 'HASH' },
        { AttributeName: 'createdAt', KeyType: 'RANGE' },
      ],
    });
    expect(await seriesIndexOf(LOCAL_TABLES.users)).toBeUndefined();
  });

  it('creates the feeds table with its user-feeds index, projecting every attribute', async () => {
    await ensureTables(dynamo.client, LOCAL_TABLES);
    const { Table } = await dynamo.client.send(
      new DescribeTableCommand({ TableName: LOCAL_TABLES.feeds }),
    );
    expect(Table?.KeySchema).toEqual([{ AttributeName: 'feedId', KeyType: 'HASH' }]);
    expect(Table?.GlobalSecondaryIndexes).toEqual([
      expect.objectContaining({
        IndexName: FEEDS_TABLE_KEY.userIndex.name,
        IndexStatus: 'ACTIVE',
        KeySchema: [
          { AttributeName: 'userId', KeyType: 'HASH' },
          { AttributeName: 'createdAt', KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      }),
    ]);
  });

  it('creates the pacing table keyed by the pacer’s string key, with no index', async () => {
    await ensureTables(dynamo.client, LOCAL_TABLES);
    const { Table } = await dynamo.client.send(
      new DescribeTableCommand({ TableName: LOCAL_TABLES.pacing }),
    );
    expect(Table?.KeySchema).toEqual([{ AttributeName: PACING_TABLE_KEY, KeyType: 'HASH' }]);
    expect(Table?.GlobalSecondaryIndexes).toBeUndefined();
  });

  it('adds the index to a jobs table left by a local stack from before it', async () => {
    const names = {
      users: 'old-users',
      jobs: 'old-jobs',
      series: 'old-series',
      feeds: 'old-feeds',
      pacing: 'old-pacing',
    };
    await createTables(dynamo.client, [{ name: names.jobs, ...JOBS_TABLE_KEY }]);
    expect(await seriesIndexOf(names.jobs)).toBeUndefined();

    await ensureTables(dynamo.client, names);

    expect((await seriesIndexOf(names.jobs))?.IndexStatus).toBe('ACTIVE');
  });

  it('replaces the index of a data folder made when the index projected fewer fields', async () => {
    const names = {
      users: 'older-users',
      jobs: 'older-jobs',
      series: 'older-series',
      feeds: 'older-feeds',
      pacing: 'older-pacing',
    };
    await createTables(dynamo.client, [
      {
        name: names.jobs,
        ...JOBS_TABLE_KEY,
        globalIndexes: [{ ...SERIES_EPISODES_INDEX, nonKeyAttributes: ['status'] }],
      },
    ]);

    await ensureTables(dynamo.client, names);

    const index = await seriesIndexOf(names.jobs);
    expect(index?.IndexStatus).toBe('ACTIVE');
    expect(index?.Projection?.NonKeyAttributes).toEqual(
      expect.arrayContaining(['audioBytes', 'durationSeconds']),
    );
  });
});

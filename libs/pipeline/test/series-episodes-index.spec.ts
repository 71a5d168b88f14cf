import { DescribeTableCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import {
  createTables,
  startDynalite,
  startDynamoDbLocal,
  type LocalDynamo,
} from '@lumcast/local-dynamo';
import { SeriesEpisodesError } from '../src/errors';
import { JOBS_TABLE_KEY, JobsTable } from '../src/jobs/jobs-table';
import { SeriesEpisodes } from '../src/series/series-episodes';
import {
  ensureSeriesEpisodesIndex,
  SERIES_EPISODES_INDEX,
} from '../src/series/series-episodes-index';
import { queuedJob } from './support';

async function indexOf(dynamo: LocalDynamo, table: string) {
  const { Table } = await dynamo.client.send(new DescribeTableCommand({ TableName: table }));
  return Table?.GlobalSecondaryIndexes?.find((index) => index.IndexName === 'series-episodes');
}

describe('SERIES_EPISODES_INDEX', () => {
  it('keys by userSeries and createdAt and projects the list fields but no source text or key', () => {
    expect(SERIES_EPISODES_INDEX).toMatchObject({
      name: 'series-episodes',
      partitionKey: 'userSeries',
      sortKey: 'createdAt',
    });
    expect(SERIES_EPISODES_INDEX.nonKeyAttributes).toEqual(
      expect.arrayContaining(['status', 'topic', 'seriesId', 'audioKey', 'chunksDoneSet']),
    );
    for (const absent of ['sourceText', 'userId', 'jobId', 'userSeries', 'createdAt']) {
      expect(SERIES_EPISODES_INDEX.nonKeyAttributes).not.toContain(absent);
    }
  });
});

describe('ensureSeriesEpisodesIndex on DynamoDB Local', () => {
  let dynamo: LocalDynamo;
  beforeAll(async () => {
    dynamo = await startDynamoDbLocal();
  });
  afterAll(() => dynamo.close());

  it('adds the index to a jobs table made without it, listing the jobs that carry userSeries', async () => {
    await createTables(dynamo.client, [{ name: 'old-jobs', ...JOBS_TABLE_KEY }]);
    const jobs = new JobsTable({ client: dynamo.client, tableName: 'old-jobs' });
    const current = queuedJob({ seriesId: 'rivers' });
    await jobs.create(current);
    // A job stored before JobsTable wrote userSeries: not in the index without a backfill.
    const legacy = queuedJob({ seriesId: 'rivers' });
    await dynamo.client.send(
      new PutItemCommand({
        TableName: 'old-jobs',
        Item: {
          userId: { S: legacy.userId },
          jobId: { S: legacy.jobId },
          seriesId: { S: 'rivers' },
          createdAt: { S: legacy.createdAt },
        },
      }),
    );

    await ensureSeriesEpisodesIndex(dynamo.client, 'old-jobs');

    expect(await indexOf(dynamo, 'old-jobs')).toMatchObject({
      IndexStatus: 'ACTIVE',
      KeySchema: [
        { AttributeName: 'userSeries', KeyType: 'HASH' },
        { AttributeName: 'createdAt', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'INCLUDE' },
    });
    const page = await new SeriesEpisodes({
      client: dynamo.client,
      tableName: 'old-jobs',
    }).listPage({ userId: current.userId, seriesId: 'rivers' });
    expect(page.episodes.map((episode) => episode.jobId)).toEqual([current.jobId]);
  });

  it('replaces an index of another projection when asked, backfilling the new fields', async () => {
    await createTables(dynamo.client, [
      {
        name: 'older-shape',
        ...JOBS_TABLE_KEY,
        globalIndexes: [{ ...SERIES_EPISODES_INDEX, nonKeyAttributes: ['status', 'topic'] }],
      },
    ]);
    const jobs = new JobsTable({ client: dynamo.client, tableName: 'older-shape' });
    const job = queuedJob({ seriesId: 'rivers' });
    await jobs.create(job);
    await expect(ensureSeriesEpisodesIndex(dynamo.client, 'older-shape')).rejects.toThrow(
      /replace the index/,
    );

    await ensureSeriesEpisodesIndex(dynamo.client, 'older-shape', {
      replaceOtherShape: true,
      pollMs: 20,
    });

    const index = await indexOf(dynamo, 'older-shape');
    expect(index?.IndexStatus).toBe('ACTIVE');
    expect([...(index?.Projection?.NonKeyAttributes ?? [])].sort()).toEqual(
      [...SERIES_EPISODES_INDEX.nonKeyAttributes].sort(),
    );
    const page = await new SeriesEpisodes({
      client: dynamo.client,
      tableName: 'older-shape',
    }).listPage({ userId: job.userId, seriesId: 'rivers' });
    expect(page.episodes).toEqual([
      expect.objectContaining({ jobId: job.jobId, minutes: job.minutes }),
    ]);
  });

  it('leaves an index it already added as it is, so it is safe on every start', async () => {
    await createTables(dynamo.client, [{ name: 'twice', ...JOBS_TABLE_KEY }]);
    await ensureSeriesEpisodesIndex(dynamo.client, 'twice');
    const before = dynamo.requestsReceived();

    await expect(ensureSeriesEpisodesIndex(dynamo.client, 'twice')).resolves.toBeUndefined();

    expect(dynamo.requestsReceived() - before).toBe(1); // one DescribeTable, no UpdateTable
  });
});

describe('ensureSeriesEpisodesIndex on dynalite', () => {
  let dynamo: LocalDynamo;
  beforeEach(async () => {
    dynamo = await startDynalite();
  });
  afterEach(() => dynamo.close());

  it('accepts a table created with the index by one DescribeTable', async () => {
    await createTables(dynamo.client, [
      { name: 'jobs', ...JOBS_TABLE_KEY, globalIndexes: [SERIES_EPISODES_INDEX] },
    ]);
    const before = dynamo.requestsReceived();

    await ensureSeriesEpisodesIndex(dynamo.client, 'jobs');

    expect(dynamo.requestsReceived() - before).toBe(1);
  });

  it('refuses an index of that name with another projection, which only replacing it can change', async () => {
    await createTables(dynamo.client, [
      {
        name: 'jobs',
        ...JOBS_TABLE_KEY,
        globalIndexes: [{ ...SERIES_EPISODES_INDEX, nonKeyAttributes: ['status'] }],
      },
    ]);

    await expect(ensureSeriesEpisodesIndex(dynamo.client, 'jobs')).rejects.toThrow(
      /replace the index/,
    );
  });

  it('fails with a SeriesEpisodesError when the table cannot take the index (dynalite refuses UpdateTable)', async () => {
    await createTables(dynamo.client, [{ name: 'jobs', ...JOBS_TABLE_KEY }]);

    await expect(
      ensureSeriesEpisodesIndex(dynamo.client, 'jobs', { timeoutMs: 50, pollMs: 10 }),
    ).rejects.toBeInstanceOf(SeriesEpisodesError);
  });

  it('maps a missing table to a SeriesEpisodesError that keeps the cause', async () => {
    const failure = await ensureSeriesEpisodesIndex(dynamo.client, 'no-such-table').catch(
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(SeriesEpisodesError);
    expect((failure as Error).cause).toMatchObject({ name: 'ResourceNotFoundException' });
  });
});

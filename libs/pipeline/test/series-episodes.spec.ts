import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { createTables, startDynalite, type LocalDynamo } from '@lumcast/local-dynamo';
import { InvalidListCursorError, SeriesEpisodesError, SeriesInputError } from '../src/errors';
import type { JobRecord } from '../src/jobs/job';
import { newJobId } from '../src/jobs/job-id';
import { JOBS_TABLE_KEY, JobsTable } from '../src/jobs/jobs-table';
import { encodeListCursor } from '../src/jobs/list-cursor';
import { SeriesEpisodes } from '../src/series/series-episodes';
import { SERIES_EPISODES_INDEX } from '../src/series/series-episodes-index';

const TABLE = 'jobs';
const start = Date.parse('2026-12-02T09:00:00Z');
let sequence = 0;

/** A job of `userId` created `minute` minutes after the start, in `seriesId` when given. */
function job(userId: string, seriesId: string | undefined, minute: number): JobRecord {
  sequence += 1;
  const at = new Date(start + minute * 60_000);
  return {
    userId,
    jobId: newJobId(
      () => at,
      () => Buffer.from(sequence.toString(16).padStart(16, '0'), 'hex'),
    ),
    status: 'ready',
    topic: `Topic ${sequence}`,
    sourceText: 'A long source text that no list reads.',
    minutes: 2,
    quality: 'neural',
    ...(seriesId === undefined ? {} : { seriesId }),
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
    estimatedCost: 4,
  };
}

let dynamo: LocalDynamo;
let jobs: JobsTable;
let episodes: SeriesEpisodes;

beforeEach(async () => {
  dynamo = await startDynalite();
  await createTables(dynamo.client, [
    { name: TABLE, ...JOBS_TABLE_KEY, globalIndexes: [SERIES_EPISODES_INDEX] },
  ]);
  jobs = new JobsTable({ client: dynamo.client, tableName: TABLE });
  episodes = new SeriesEpisodes({ client: dynamo.client, tableName: TABLE });
});
afterEach(() => dynamo.close());

async function created(...records: JobRecord[]): Promise<JobRecord[]> {
  for (const record of records) await jobs.create(record);
  return records;
}

/** Every page of alice's `rivers`, following the cursor, and the number of pages. */
async function allPages(limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await episodes.listPage({ userId: 'alice', seriesId: 'rivers', limit, cursor });
    ids.push(...page.episodes.map((episode) => episode.jobId));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== undefined && pages < 50);
  return { ids, pages };
}

describe('JobsTable.create with a series', () => {
  it('writes userSeries = <userId>#<seriesId> for a job of a series, and none for a job without', async () => {
    const [inSeries, alone] = await created(job('alice', 'rivers', 1), job('alice', undefined, 2));
    const stored = async (record: JobRecord | undefined) =>
      (
        await dynamo.client.send(
          new GetItemCommand({
            TableName: TABLE,
            Key: { userId: { S: 'alice' }, jobId: { S: record?.jobId ?? '' } },
          }),
        )
      ).Item;

    expect((await stored(inSeries))?.['userSeries']).toEqual({ S: 'alice#rivers' });
    expect((await stored(alone))?.['userSeries']).toBeUndefined();
    expect(await jobs.get('alice', inSeries?.jobId ?? '')).not.toHaveProperty('userSeries');
  });
});

describe('SeriesEpisodes.listPage', () => {
  it('lists the episodes of a series newest first, as a list shows them', async () => {
    const [first, second, third] = await created(
      job('alice', 'rivers', 1),
      job('alice', 'rivers', 2),
      job('alice', 'rivers', 3),
    );

    const page = await episodes.listPage({ userId: 'alice', seriesId: 'rivers' });

    expect(page.episodes.map((episode) => episode.jobId)).toEqual([
      third?.jobId,
      second?.jobId,
      first?.jobId,
    ]);
    const { sourceText: _omitted, ...listed } = third as JobRecord;
    expect(page.episodes[0]).toEqual({ ...listed, chunksDone: 0 });
    expect(page.nextCursor).toBeUndefined();
  });

  it('reaches each of 23 episodes exactly once, in order, in pages of 5 with the cursor', async () => {
    const records = await created(
      ...Array.from({ length: 23 }, (_, minute) => job('alice', 'rivers', minute)),
    );

    const { ids, pages } = await allPages(5);

    expect(ids).toEqual(records.map((record) => record.jobId).reverse());
    expect(pages).toBe(5);
  });

  it('reaches each episode once when several were created at the same instant', async () => {
    const records = await created(
      ...Array.from({ length: 7 }, () => job('alice', 'rivers', 0)),
      job('alice', 'rivers', 1),
    );

    const { ids } = await allPages(2);

    expect([...ids].sort()).toEqual(records.map((record) => record.jobId).sort());
    expect(ids[0]).toBe(records.at(-1)?.jobId);
  });

  it('never lists another user’s jobs, another series’ jobs or jobs without a series', async () => {
    const [mine] = await created(
      job('alice', 'rivers', 1),
      job('bob', 'rivers', 2),
      job('alice', 'oceans', 3),
      job('alice', 'rivers#2', 4),
      job('alice', undefined, 5),
    );
    const bobs = await episodes.listPage({ userId: 'bob', seriesId: 'rivers' });

    expect(
      (await episodes.listPage({ userId: 'alice', seriesId: 'rivers' })).episodes.map(
        (episode) => episode.jobId,
      ),
    ).toEqual([mine?.jobId]);
    expect(bobs.episodes.map((episode) => episode.userId)).toEqual(['bob']);
  });

  it('lists only the caller’s series even with a cursor made from another user’s episode', async () => {
    const [, theirs] = await created(job('alice', 'rivers', 1), job('bob', 'rivers', 9));

    const page = await episodes.listPage({
      userId: 'alice',
      seriesId: 'rivers',
      cursor: encodeListCursor(theirs?.jobId ?? '', theirs?.createdAt),
    });

    expect(page.episodes.map((episode) => episode.userId)).toEqual(['alice']);
  });

  it.each([
    ['not a cursor', 'not a cursor'],
    ['a user-list cursor (no createdAt)', encodeListCursor('j-0mipvs3k00-5f1c9a0b7e2d4c66')],
    ['a cursor with a bad createdAt', encodeListCursor('j-0mipvs3k00-5f1c9a0b7e2d4c66', 'noon')],
    ['a cursor with a bad job id', encodeListCursor('../x', '2026-12-02T09:00:00.000Z')],
  ])('refuses %s with InvalidListCursorError before any request', async (_case, cursor) => {
    const before = dynamo.requestsReceived();
    await expect(
      episodes.listPage({ userId: 'alice', seriesId: 'rivers', cursor }),
    ).rejects.toBeInstanceOf(InvalidListCursorError);
    expect(dynamo.requestsReceived()).toBe(before);
  });

  it.each([
    ['a user id holding "#"', { userId: 'a#b', seriesId: 'rivers' }, 'userId'],
    ['an empty series id', { userId: 'alice', seriesId: ' ' }, 'seriesId'],
    ['a limit of 0', { userId: 'alice', seriesId: 'rivers', limit: 0 }, 'limit'],
    ['a limit of 101', { userId: 'alice', seriesId: 'rivers', limit: 101 }, 'limit'],
    ['a limit of 1.5', { userId: 'alice', seriesId: 'rivers', limit: 1.5 }, 'limit'],
  ])('refuses %s with SeriesInputError before any request', async (_case, query, field) => {
    const before = dynamo.requestsReceived();
    await expect(episodes.listPage(query)).rejects.toMatchObject({
      name: 'SeriesInputError',
      field,
    });
    expect(dynamo.requestsReceived()).toBe(before);
  });

  it('refuses an empty table name', () => {
    expect(() => new SeriesEpisodes({ client: dynamo.client, tableName: '' })).toThrow(
      SeriesInputError,
    );
  });

  it('maps a missing table to a SeriesEpisodesError that keeps the cause', async () => {
    const lost = new SeriesEpisodes({ client: dynamo.client, tableName: 'no-such-table' });

    const failure = await lost
      .listPage({ userId: 'alice', seriesId: 'rivers' })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(SeriesEpisodesError);
    expect((failure as Error).cause).toMatchObject({ name: 'ResourceNotFoundException' });
  });
});

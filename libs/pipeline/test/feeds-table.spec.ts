import { FeedLimitError, FeedStoreError } from '../src/errors';
import { FEED_ID_PATTERN, newFeedId } from '../src/feeds/feed-id';
import { FeedsTable, MAX_FEEDS_PER_USER } from '../src/feeds/feeds-table';
import { countCommands, startTestDynamo, TABLES, type TestDynamo } from './support';

let dynamo: TestDynamo;
let commands: string[] = [];
let clock = new Date('2026-12-04T09:00:00Z');

beforeAll(async () => {
  dynamo = await startTestDynamo();
  commands = countCommands(dynamo, 'countCommandsForFeeds');
});
afterAll(() => dynamo.close());

function feeds(options: { tableName?: string; newId?: () => string } = {}): FeedsTable {
  return new FeedsTable({
    client: dynamo.client,
    tableName: options.tableName ?? TABLES.feeds,
    now: () => clock,
    ...(options.newId ? { newId: options.newId } : {}),
  });
}

function tick(): void {
  clock = new Date(clock.getTime() + 1000);
}

describe('newFeedId', () => {
  it('makes ids of 128 random bits that match FEED_ID_PATTERN and differ each time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newFeedId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(FEED_ID_PATTERN);
  });
});

describe('FeedsTable', () => {
  it('stores a series feed and reads it back by its id', async () => {
    const table = feeds();
    const feed = await table.create({ userId: 'fiona', seriesId: 'rivers' });
    expect(feed).toEqual({
      feedId: expect.stringMatching(FEED_ID_PATTERN),
      userId: 'fiona',
      seriesId: 'rivers',
      createdAt: clock.toISOString(),
    });
    await expect(table.get(feed.feedId)).resolves.toEqual(feed);
  });

  it('stores a feed of all episodes without a series', async () => {
    const feed = await feeds().create({ userId: 'fiona-all' });
    expect(feed).not.toHaveProperty('seriesId');
    await expect(feeds().get(feed.feedId)).resolves.toEqual(feed);
  });

  it('lists a user’s feeds newest first, and nobody else’s', async () => {
    const table = feeds();
    const first = await table.create({ userId: 'gus' });
    tick();
    const second = await table.create({ userId: 'gus', seriesId: 'tides' });
    await table.create({ userId: 'someone-else' });
    const listed = await table.listForUser('gus');
    expect(listed.map((feed) => feed.feedId)).toEqual([second.feedId, first.feedId]);
  });

  it('revokes only the owner’s feed, after which it reads as missing at once', async () => {
    const table = feeds();
    const feed = await table.create({ userId: 'hana', seriesId: 'rivers' });
    await expect(table.revoke('not-hana', feed.feedId)).resolves.toBe(false);
    await expect(table.get(feed.feedId)).resolves.toEqual(feed);
    await expect(table.revoke('hana', feed.feedId)).resolves.toBe(true);
    await expect(table.get(feed.feedId)).resolves.toBeUndefined();
    await expect(table.revoke('hana', feed.feedId)).resolves.toBe(false);
  });

  it('answers an id of the wrong shape without reading the table', async () => {
    const before = commands.length;
    await expect(feeds().get('../../etc/passwd')).resolves.toBeUndefined();
    await expect(feeds().revoke('hana', 'f-short')).resolves.toBe(false);
    expect(commands.slice(before)).toEqual([]);
  });

  it('refuses the feed past MAX_FEEDS_PER_USER with FeedLimitError, and allows one again after a revoke', async () => {
    const table = feeds();
    const made = [];
    for (let index = 0; index < MAX_FEEDS_PER_USER; index += 1) {
      made.push(await table.create({ userId: 'ivy' }));
      tick();
    }
    const refusal = await table.create({ userId: 'ivy' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(FeedLimitError);
    expect(refusal).toMatchObject({ name: 'FeedLimitError', limit: MAX_FEEDS_PER_USER });
    await table.revoke('ivy', (made[0] as { feedId: string }).feedId);
    await expect(table.create({ userId: 'ivy' })).resolves.toMatchObject({ userId: 'ivy' });
  });

  it('never overwrites a feed when a new id collides with one that exists', async () => {
    const id = newFeedId();
    const table = feeds({ newId: () => id });
    await table.create({ userId: 'jo', seriesId: 'first' });
    const error = await table.create({ userId: 'mallory' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedStoreError);
    await expect(table.get(id)).resolves.toMatchObject({ userId: 'jo', seriesId: 'first' });
  });

  it('maps DynamoDB failures to FeedStoreError with the SDK error as its cause', async () => {
    const error = await feeds({ tableName: 'no-such-table' })
      .get(newFeedId())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedStoreError);
    expect((error as FeedStoreError).message).toMatch(
      /could not read a feed: ResourceNotFoundException/,
    );
    expect((error as FeedStoreError).cause).toMatchObject({ name: 'ResourceNotFoundException' });
  });
});

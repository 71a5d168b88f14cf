import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { newFeedId } from '../src/feeds/feed-id';
import { FeedsTable, MAX_FEEDS_PER_USER } from '../src/feeds/feeds-table';
import { apiEvent } from './api-events';
import { feedsApi, startTestDynamo, TABLES, type TestDynamo } from './support';

// The per-user feed limit under concurrency, on AWS's DynamoDB Local: the count is a counter on
// one item changed in the same transaction as the feed, so no interleaving passes the limit, and
// the list shows every live feed.

let dynamo: TestDynamo;

beforeAll(async () => {
  dynamo = await startTestDynamo();
});
afterAll(() => dynamo.close());

function api() {
  return feedsApi(dynamo, { forJob: async () => ({}) });
}

async function call(method: string, path: string, user: string, body?: unknown) {
  const response = await api()(apiEvent(method, path, user, body === undefined ? {} : { body }));
  const text = String(response.body ?? '');
  return { status: response.statusCode, body: text === '' ? undefined : JSON.parse(text) };
}

function table(): FeedsTable {
  return new FeedsTable({ client: dynamo.client, tableName: TABLES.feeds });
}

/** Feeds as the code before the counter wrote them: one PutItem each, no counter item. */
async function legacyFeeds(userId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const feedId = newFeedId();
    const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString();
    await dynamo.client.send(
      new PutItemCommand({
        TableName: TABLES.feeds,
        Item: marshall({ feedId, userId, createdAt }),
      }),
    );
    ids.push(feedId);
  }
  return ids;
}

/** How many more feeds `userId` can make: creates one by one until the first refusal. */
async function roomLeft(userId: string): Promise<number> {
  let made = 0;
  while ((await call('POST', '/api/feeds', userId, {})).status === 201) made += 1;
  return made;
}

const ROUNDS = Array.from({ length: 10 }, (_, round) => round + 1);

describe('the per-user feed limit', () => {
  it.each(ROUNDS)(
    'gives exactly the limit of 201s to 40 parallel creates, 422 to the rest, and lists every feed made (round %i)',
    async (round) => {
      const user = `racer-${round}-${Date.now().toString(36)}`;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          call('POST', '/api/feeds', user, index % 2 === 0 ? {} : { seriesId: `s${index}` }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_FEEDS_PER_USER);
      expect(statuses.filter((status) => status === 422)).toHaveLength(40 - MAX_FEEDS_PER_USER);
      for (const answer of answers.filter((each) => each.status === 422)) {
        expect(answer.body.error).toMatchObject({
          code: 'too_many_feeds',
          limit: MAX_FEEDS_PER_USER,
        });
      }
      const made = answers
        .filter((answer) => answer.status === 201)
        .map((answer) => answer.body.feedId as string)
        .sort();
      const listed = await call('GET', '/api/feeds', user);
      expect(listed.status).toBe(200);
      expect(listed.body.feeds.map((feed: { feedId: string }) => feed.feedId).sort()).toEqual(made);
    },
  );

  it('lets a revoked feed’s place be taken once, however often it is revoked', async () => {
    const user = `revoker-${Date.now().toString(36)}`;
    const made = await Promise.all(
      Array.from({ length: MAX_FEEDS_PER_USER }, () => call('POST', '/api/feeds', user, {})),
    );
    const [first] = made.map((answer) => answer.body.feedId as string);
    const revokes = await Promise.all(
      Array.from({ length: 5 }, () => call('DELETE', `/api/feeds/${first}`, user)),
    );
    expect(revokes.map((answer) => answer.status).sort()).toEqual([204, 404, 404, 404, 404]);
    expect(await roomLeft(user)).toBe(1);
  });

  it('never counts another user’s revoke of a feed that is not theirs', async () => {
    const user = `owner-${Date.now().toString(36)}`;
    const { body } = await call('POST', '/api/feeds', user, {});
    expect((await call('DELETE', `/api/feeds/${body.feedId}`, 'mallory')).status).toBe(404);
    expect(await roomLeft(user)).toBe(MAX_FEEDS_PER_USER - 1);
    expect(await roomLeft('mallory')).toBe(MAX_FEEDS_PER_USER);
  });

  it.each([
    [3, MAX_FEEDS_PER_USER - 3],
    [MAX_FEEDS_PER_USER, 0],
  ])(
    'counts %i feeds written before the counter existed, leaving room for %i more',
    async (legacy, room) => {
      const user = `legacy-${legacy}-${Date.now().toString(36)}`;
      await legacyFeeds(user, legacy);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => call('POST', '/api/feeds', user, {})),
      );
      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(room);
      expect((await call('GET', '/api/feeds', user)).body.feeds).toHaveLength(MAX_FEEDS_PER_USER);
    },
  );

  it('lists and counts every feed of a user who passed the limit before it held, and frees a place only below it', async () => {
    const user = `over-${Date.now().toString(36)}`;
    const ids = await legacyFeeds(user, MAX_FEEDS_PER_USER + 5);
    expect((await call('GET', '/api/feeds', user)).body.feeds).toHaveLength(ids.length);
    expect(await roomLeft(user)).toBe(0);
    for (const feedId of ids.slice(0, 6)) {
      expect((await call('DELETE', `/api/feeds/${feedId}`, user)).status).toBe(204);
    }
    expect(await roomLeft(user)).toBe(1);
  });

  it('revokes a feed written before the counter existed without making a place twice', async () => {
    const user = `legacy-revoke-${Date.now().toString(36)}`;
    const [feedId] = await legacyFeeds(user, 1);
    await expect(table().revoke(user, feedId as string)).resolves.toBe(true);
    await expect(table().revoke(user, feedId as string)).resolves.toBe(false);
    expect(await roomLeft(user)).toBe(MAX_FEEDS_PER_USER);
  });

  it('lists more than one page of the index when a user holds many feeds', async () => {
    const user = `many-${Date.now().toString(36)}`;
    const ids = await legacyFeeds(user, 45);
    const listed = await table().listForUser(user);
    expect(listed.map((feed) => feed.feedId).sort()).toEqual([...ids].sort());
    expect(listed.map((feed) => feed.createdAt)).toEqual(
      [...listed.map((feed) => feed.createdAt)].sort().reverse(),
    );
  });
});

import { ApiError } from '../../src/api/errors';
import type { CreateFeedRequest, Feed } from '../../src/api/types';
import type { FeedsApi } from '../../src/hooks/use-feeds';

/** A feed link with sensible defaults, for tests. */
export function aFeed(overrides: Partial<Feed> = {}): Feed {
  const feedId = overrides.feedId ?? 'feed-1';
  return {
    feedId,
    feedUrl: `https://lumcast.example/feeds/${feedId}.xml`,
    createdAt: '2026-12-02T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * An in-memory stand-in for `/api/feeds` with the API's rules: newest first, at most 20 links
 * (then a 422 `too_many_feeds`), 404 for a link that is not there. With `lagging`, a link made
 * is missing from `listFeeds` until `catchUp()`, as the server's eventually consistent list
 * may be. Every call is recorded.
 */
export function fakeFeedsApi(options: { feeds?: Feed[]; lagging?: boolean } = {}) {
  /** Newest first: what the server holds. */
  const feeds = [...(options.feeds ?? [])];
  /** Made, but not in the list yet. */
  const unseen = new Set<string>();
  const calls = { list: 0, create: [] as CreateFeedRequest[], revoke: [] as string[] };
  let made = 0;

  const api: FeedsApi = {
    listFeeds: async () => {
      calls.list += 1;
      return feeds.filter((feed) => !unseen.has(feed.feedId));
    },
    createFeed: async (request) => {
      calls.create.push(request);
      if (feeds.length >= 20) {
        throw new ApiError('You have 20 feed links, the most there can be. Revoke one first.', {
          status: 422,
          code: 'too_many_feeds',
        });
      }
      made += 1;
      const feed = aFeed({
        feedId: `made-${made}`,
        createdAt: new Date(Date.UTC(2026, 11, 3, 9, made)).toISOString(),
        ...(request.seriesId === undefined ? {} : { seriesId: request.seriesId }),
      });
      feeds.unshift(feed);
      if (options.lagging) unseen.add(feed.feedId);
      return feed;
    },
    revokeFeed: async (feedId) => {
      calls.revoke.push(feedId);
      const index = feeds.findIndex((feed) => feed.feedId === feedId);
      if (index < 0) throw new ApiError('No such feed.', { status: 404, code: 'not_found' });
      feeds.splice(index, 1);
      unseen.delete(feedId);
    },
  };
  return {
    api,
    calls,
    feeds,
    /** The server's list now shows every link made. */
    catchUp: () => unseen.clear(),
  };
}

import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError, NetworkError } from '../src/api/errors';
import type { Feed } from '../src/api/types';
import { useFeeds, type FeedsApi } from '../src/hooks/use-feeds';
import { aFeed, fakeFeedsApi } from './support/feeds-api';

/** A `listFeeds` whose answers the test hands out one by one, in any order. */
function heldLists() {
  const pending: ((feeds: Feed[]) => void)[] = [];
  return {
    listFeeds: () => new Promise<Feed[]>((resolve) => pending.push(resolve)),
    /** Answers the `index`-th call (from 0). */
    answer: async (index: number, feeds: Feed[]) => {
      await waitFor(() => expect(pending.length).toBeGreaterThan(index));
      await act(async () => pending[index]?.(feeds));
    },
  };
}

const ids = (feeds: Feed[] | undefined) => feeds?.map((feed) => feed.feedId);

describe('useFeeds', () => {
  it('loads the feed links and marks the list loaded', async () => {
    const { api } = fakeFeedsApi({ feeds: [aFeed({ feedId: 'feed-2' }), aFeed()] });
    const { result } = renderHook(() => useFeeds(api));
    expect(result.current.feeds.loading).toBe(true);
    await waitFor(() => expect(ids(result.current.feeds.data)).toEqual(['feed-2', 'feed-1']));
    expect(result.current.feeds.loading).toBe(false);
  });

  it('puts a created link first at once and keeps it while the server list lags', async () => {
    const older = aFeed({ feedId: 'feed-1', createdAt: '2026-12-01T09:00:00.000Z' });
    const feeds = fakeFeedsApi({ feeds: [older], lagging: true });
    const { result } = renderHook(() => useFeeds(feeds.api));
    await waitFor(() => expect(result.current.feeds.data).toHaveLength(1));

    let created: Feed | undefined;
    await act(async () => {
      created = await result.current.create({ seriesId: 'rivers' });
    });
    expect(created).toMatchObject({ feedId: 'made-1', seriesId: 'rivers' });
    await waitFor(() => expect(feeds.calls.list).toBe(2));
    await waitFor(() => expect(result.current.feeds.loading).toBe(false));
    expect(ids(result.current.feeds.data)).toEqual(['made-1', 'feed-1']);

    // Once the server lists it, it is listed once.
    feeds.catchUp();
    await act(() => result.current.reload());
    expect(ids(result.current.feeds.data)).toEqual(['made-1', 'feed-1']);
  });

  it('drops a list answer that is older than the one shown', async () => {
    const held = heldLists();
    const made = aFeed({ feedId: 'made-1', createdAt: '2026-12-03T09:00:00.000Z' });
    const api: FeedsApi = {
      listFeeds: held.listFeeds,
      createFeed: async () => made,
      revokeFeed: async () => undefined,
    };
    const { result } = renderHook(() => useFeeds(api));
    await act(async () => {
      await result.current.create({});
    });
    // The read after the create answers first (it lists the new link), then the first read.
    await held.answer(1, [made]);
    await held.answer(0, []);
    expect(ids(result.current.feeds.data)).toEqual(['made-1']);
    expect(result.current.feeds.loading).toBe(false);
  });

  it('keeps a revoked link out while a list read before the revoke still shows it', async () => {
    const held = heldLists();
    const rivers = aFeed({ feedId: 'feed-rivers', seriesId: 'rivers' });
    const revokeFeed = jest.fn(async () => undefined);
    const api: FeedsApi = {
      listFeeds: held.listFeeds,
      createFeed: async () => rivers,
      revokeFeed,
    };
    const { result } = renderHook(() => useFeeds(api));
    await held.answer(0, [rivers]);
    expect(ids(result.current.feeds.data)).toEqual(['feed-rivers']);

    let reading: Promise<void> = Promise.resolve();
    act(() => {
      reading = result.current.reload();
    });
    let gone = false;
    await act(async () => {
      gone = await result.current.revoke('feed-rivers');
    });
    expect(gone).toBe(true);
    expect(revokeFeed).toHaveBeenCalledWith('feed-rivers');
    expect(result.current.feeds.data).toEqual([]);

    await held.answer(1, [rivers]);
    await act(() => reading);
    expect(result.current.feeds.data).toEqual([]);
  });

  it('never throws: a refused create or revoke resolves and says why in words', async () => {
    const api: FeedsApi = {
      listFeeds: async () => [aFeed()],
      createFeed: async () => {
        throw new ApiError('You have 20 feed links, the most there can be.', {
          status: 422,
          code: 'too_many_feeds',
        });
      },
      revokeFeed: async () => {
        throw new NetworkError('fetch failed');
      },
    };
    const { result } = renderHook(() => useFeeds(api));
    await waitFor(() => expect(result.current.feeds.data).toHaveLength(1));

    await act(async () => {
      await expect(result.current.create({})).resolves.toBeUndefined();
    });
    expect(result.current.problem).toBe('You have 20 feed links, the most there can be.');
    expect(result.current.creating).toBe(false);

    await act(async () => {
      await expect(result.current.revoke('feed-1')).resolves.toBe(false);
    });
    expect(result.current.problem).toBe('Could not reach the server: fetch failed');
    expect(ids(result.current.feeds.data)).toEqual(['feed-1']);
  });

  it('keeps the last good list and reports the error when a reload fails', async () => {
    let fail = false;
    const api: FeedsApi = {
      listFeeds: async () => {
        if (fail) throw new Error('connection reset');
        return [aFeed()];
      },
      createFeed: async () => aFeed(),
      revokeFeed: async () => undefined,
    };
    const { result } = renderHook(() => useFeeds(api));
    await waitFor(() => expect(result.current.feeds.data).toHaveLength(1));
    fail = true;
    await act(() => result.current.reload());
    expect(result.current.feeds.error).toEqual(new Error('connection reset'));
    expect(ids(result.current.feeds.data)).toEqual(['feed-1']);
  });
});

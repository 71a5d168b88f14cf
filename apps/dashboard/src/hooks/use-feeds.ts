'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { ApiError, describeError } from '../api/errors';
import type { CreateFeedRequest, Feed } from '../api/types';
import { visibleFeeds } from '../domain/feed-list';
import type { Resource } from './resource';

/**
 * The part of the API client the feed links need.
 */
export type FeedsApi = Pick<ApiClient, 'listFeeds' | 'createFeed' | 'revokeFeed'>;

/**
 * What {@link useFeeds} gives a panel.
 */
export interface FeedLinks {
  /** The caller's feed links, newest first (the last good list is kept when a reload fails). */
  feeds: Resource<Feed[]>;
  /** A link is being made. */
  creating: boolean;
  /** Why the last create or revoke failed, in words (the server's own message); cleared by the next. */
  problem?: string;
  /** Reads the list again. */
  reload: () => Promise<void>;
  /** Makes a link; resolves to it, or to `undefined` when it failed (see `problem`). */
  create: (request: CreateFeedRequest) => Promise<Feed | undefined>;
  /** Revokes a link; resolves to whether it is gone (then it has left `feeds`). */
  revoke: (feedId: string) => Promise<boolean>;
}

/**
 * Loads the caller's feed links, makes and revokes them. A link made here stays in the list
 * even while `GET /api/feeds` (eventually consistent) does not show it yet, and one revoked
 * here stays out of it; the list is re-read after each create (an answer older than the one
 * shown is dropped). Failures never throw: the list's own is in `feeds.error`, a create's or a
 * revoke's is text in `problem`.
 *
 * @example
 * ```tsx
 * const { feeds, create, revoke } = useFeeds(api);
 * await create({ seriesId: 'rivers' });
 * ```
 */
export function useFeeds(api: FeedsApi): FeedLinks {
  const [feeds, setFeeds] = useState<Resource<Feed[]>>({ loading: true });
  const [creating, setCreating] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  /** Made here and not listed by any answer since. */
  const unlisted = useRef<Feed[]>([]);
  /** Revoked here and still listed by the last answer (a list read before the revoke landed). */
  const revoked = useRef<Set<string>>(new Set());
  /** Reads started, and the latest one whose answer was used: an older answer is stale. */
  const reads = useRef({ started: 0, applied: 0 });

  const reload = useCallback(async () => {
    const read = ++reads.current.started;
    setFeeds((previous) => ({ ...previous, loading: true }));
    try {
      const listed = await api.listFeeds();
      if (read < reads.current.applied) return;
      reads.current.applied = read;
      const listedIds = new Set(listed.map((feed) => feed.feedId));
      unlisted.current = unlisted.current.filter((feed) => !listedIds.has(feed.feedId));
      revoked.current = new Set([...revoked.current].filter((feedId) => listedIds.has(feedId)));
      setFeeds({ data: visibleFeeds(listed, unlisted.current, revoked.current), loading: false });
    } catch (error) {
      if (read < reads.current.applied) return;
      setFeeds((previous) => ({ ...previous, error, loading: false }));
    }
  }, [api]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const create = useCallback(
    async (request: CreateFeedRequest) => {
      setCreating(true);
      setProblem(undefined);
      try {
        const feed = await api.createFeed(request);
        unlisted.current = [feed, ...unlisted.current];
        setFeeds((previous) => ({
          ...previous,
          data: visibleFeeds(previous.data ?? [], unlisted.current, revoked.current),
        }));
        void reload();
        return feed;
      } catch (error) {
        setProblem(describeError(error));
        return undefined;
      } finally {
        setCreating(false);
      }
    },
    [api, reload],
  );

  const revoke = useCallback(
    async (feedId: string) => {
      setProblem(undefined);
      try {
        await api.revokeFeed(feedId);
      } catch (error) {
        setProblem(describeError(error));
        // Not the caller's (or already gone): let the server's list say what is left.
        if (error instanceof ApiError && error.status === 404) {
          unlisted.current = unlisted.current.filter((feed) => feed.feedId !== feedId);
          void reload();
        }
        return false;
      }
      revoked.current.add(feedId);
      unlisted.current = unlisted.current.filter((feed) => feed.feedId !== feedId);
      setFeeds((previous) =>
        previous.data === undefined
          ? previous
          : { ...previous, data: previous.data.filter((feed) => feed.feedId !== feedId) },
      );
      return true;
    },
    [api, reload],
  );

  return { feeds, creating, problem, reload, create, revoke };
}

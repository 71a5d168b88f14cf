import type { Feed } from '../api/types';

/** Newest first by `createdAt` (ISO 8601 compares as text); ties keep their order. */
function newestFirst(a: Feed, b: Feed): number {
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

/**
 * The feed links to show. `GET /api/feeds` is eventually consistent: a link made a moment
 * ago may be missing from it, and one revoked a moment ago may still be in it. So the list
 * is what the server `listed`, plus the links made here that it does not show yet
 * (`unlisted`), minus the ones revoked here (`revoked`); each link once (the server's copy
 * wins), newest first.
 */
export function visibleFeeds(
  listed: readonly Feed[],
  unlisted: readonly Feed[],
  revoked: ReadonlySet<string>,
): Feed[] {
  const byId = new Map<string, Feed>();
  for (const feed of [...listed, ...unlisted]) {
    if (!revoked.has(feed.feedId) && !byId.has(feed.feedId)) byId.set(feed.feedId, feed);
  }
  return [...byId.values()].sort(newestFirst);
}

/**
 * One subscribable feed as the feeds table stores it: whose episodes it lists (one series, or
 * all of them when `seriesId` is absent) and when it was made. The `feedId` is the secret.
 *
 * @example
 * ```ts
 * const feed: FeedRecord = { feedId: 'f-…', userId: 'alice', seriesId: 'rivers', createdAt: '2026-12-04T10:00:00.000Z' };
 * ```
 */
export interface FeedRecord {
  feedId: string;
  userId: string;
  seriesId?: string;
  createdAt: string;
}

/**
 * One subscribable feed as the feeds table stores it: whose episodes it lists (one series, or
 * all of them when `seriesId` is absent) and when it was made. The `feedId` is the secret.
 */
export interface FeedRecord {
  feedId: string;
  userId: string;
  seriesId?: string;
  createdAt: string;
}

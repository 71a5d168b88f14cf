/**
 * The partition key of one user's series, in the series-memory table and in the jobs table's
 * `series-episodes` index alike: `<userId>#<seriesId>`. User ids hold no `#`, so the key splits
 * one way only and one user's series never shares a partition with another user's.
 *
 * @example
 * ```ts
 * userSeriesKey('alice', 'rivers'); // 'alice#rivers'
 * userSeriesKey('alice', 'a#b'); // 'alice#a#b'
 * ```
 */
export function userSeriesKey(userId: string, seriesId: string): string {
  return `${userId}#${seriesId}`;
}

/**
 * The keys jobs and series share. A series is addressed by `<userId>#<seriesId>`: the partition
 * key of the series-memory table and of the jobs table's `series-episodes` index alike. User ids
 * hold no `#`, so the key splits one way only and one user's series never shares a partition with
 * another user's.
 */

/**
 * The attribute a job of a series carries for the jobs table's `series-episodes` index:
 * `<userId>#<seriesId>` (see {@link userSeriesKey}). A job without a series has none, so it is
 * not in the index.
 */
export const USER_SERIES_ATTRIBUTE = 'userSeries';

/**
 * The partition key of one user's series, in the series-memory table and in the jobs table's
 * `series-episodes` index alike: `<userId>#<seriesId>`.
 */
export function userSeriesKey(userId: string, seriesId: string): string {
  return `${userId}#${seriesId}`;
}

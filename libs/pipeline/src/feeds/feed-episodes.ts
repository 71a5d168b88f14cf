import type { JobRecord } from '../jobs/job';
import type { JobsTable } from '../jobs/jobs-table';
import type { SeriesEpisodes } from '../series/series-episodes';
import type { FeedRecord } from './feed-record';

/** The most episodes a feed lists (the newest ones); podcast apps page no further. */
export const FEED_MAX_EPISODES = 100;

/** Where a feed's episodes come from: the user's jobs, or one series' episodes. */
export interface FeedEpisodeSources {
  jobs: JobsTable;
  seriesEpisodes: SeriesEpisodes;
}

/**
 * Whether a job can stand in a feed: ready, with its audio's byte length, duration and
 * captions (an episode assembled before its byte length was kept has none and is left out).
 */
export function isFeedEpisode(job: JobRecord): boolean {
  return (
    job.status === 'ready' &&
    job.audioKey !== undefined &&
    job.captionsKey !== undefined &&
    (job.audioBytes ?? 0) > 0 &&
    (job.durationSeconds ?? 0) > 0
  );
}

/** Whether a job belongs to a feed: the feed's owner's, and of its series when it has one. */
export function belongsToFeed(feed: FeedRecord, job: JobRecord): boolean {
  return (
    job.userId === feed.userId && (feed.seriesId === undefined || job.seriesId === feed.seriesId)
  );
}

/**
 * The newest {@link FEED_MAX_EPISODES} of a feed's episodes that {@link isFeedEpisode}: one
 * Query of the user's jobs, or of the jobs table's series index for a series feed.
 */
export async function readFeedEpisodes(
  feed: FeedRecord,
  sources: FeedEpisodeSources,
): Promise<JobRecord[]> {
  const jobs =
    feed.seriesId === undefined
      ? await sources.jobs.listForUser(feed.userId, FEED_MAX_EPISODES)
      : (
          await sources.seriesEpisodes.listPage({
            userId: feed.userId,
            seriesId: feed.seriesId,
            limit: FEED_MAX_EPISODES,
          })
        ).episodes;
  return jobs.filter((job) => isFeedEpisode(job) && belongsToFeed(feed, job));
}

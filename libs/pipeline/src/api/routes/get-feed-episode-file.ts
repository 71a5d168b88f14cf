import { rangedFile } from '../../feeds/byte-range';
import { feedTitle } from '../../feeds/feed-document';
import { belongsToFeed, isFeedEpisode } from '../../feeds/feed-episodes';
import type { FeedEpisodeFile } from '../../feeds/feed-urls';
import { PODCAST_CHAPTERS_MEDIA_TYPE, podcastChapters } from '../../feeds/podcast-chapters';
import { JOB_ID_PATTERN } from '../../jobs/job-id';
import { apiError } from '../http';
import { requestOrigin } from '../request-origin';
import type { PublicRoute, RouteDeps } from '../route';

/**
 * `GET /feeds/{feedId}/episodes/{jobId}/{audio.mp3|captions.vtt|chapters.json}`, with no
 * identity: one file of a feed episode, for as long as the feed lives. Audio and captions
 * answer 302 to a fresh short-lived link of the episode's file (a presigned S3 URL in AWS, which
 * serves `Range` with 206), so nothing long-lived is ever signed; the chapters document is
 * served here, with `Range` too. A revoked feed, or a job that is not one of its ready
 * episodes, is 404.
 *
 * @example
 * ```ts
 * const response = await getFeedEpisodeFileRoute(deps)(event, [path, 'f-…', 'j-…', 'audio.mp3']); // 302
 * ```
 */
export function getFeedEpisodeFileRoute(deps: RouteDeps): PublicRoute {
  return async (event, match) => {
    const [, feedId = '', jobId = '', file] = match as unknown as [
      string,
      string,
      string,
      FeedEpisodeFile,
    ];
    const feed = await deps.feeds.get(feedId);
    const job =
      feed && JOB_ID_PATTERN.test(jobId) ? await deps.jobs.get(feed.userId, jobId) : undefined;
    if (!feed || !job || !belongsToFeed(feed, job) || !isFeedEpisode(job)) {
      return apiError(404, 'not_found', 'No such episode in this feed.');
    }
    if (file === 'chapters.json') {
      const chapters = podcastChapters({
        title: job.topic,
        podcastName: feedTitle(feed),
        chapters: job.chapters ?? [],
      });
      return rangedFile(Buffer.from(JSON.stringify(chapters)), event.headers?.['range'], {
        'content-type': PODCAST_CHAPTERS_MEDIA_TYPE,
        'cache-control': 'no-cache',
      });
    }
    const links = await deps.links.forJob(job);
    const link = file === 'audio.mp3' ? links.audioUrl : links.captionsUrl;
    if (!link) return apiError(404, 'not_found', 'No such episode in this feed.');
    return {
      statusCode: 302,
      headers: {
        location: new URL(link, requestOrigin(event)).href,
        'cache-control': 'no-store',
      },
    };
  };
}

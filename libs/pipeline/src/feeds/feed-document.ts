import type { JobRecord } from '../jobs/job';
import type { FeedRecord } from './feed-record';
import { feedUrls } from './feed-urls';
import { renderPodcastFeed, type FeedChannel, type FeedEpisode } from './podcast-feed';

/**
 * The language a feed declares when its newest episode names none (an empty feed, or an
 * episode made before languages): en-US, Lumcast's default.
 */
export const FEED_LANGUAGE = 'en-US';

/** A feed's title: its series id, or "all episodes" for a feed of every episode. */
export function feedTitle(feed: Pick<FeedRecord, 'seriesId'>): string {
  return feed.seriesId === undefined ? 'Lumcast — all episodes' : `${feed.seriesId} — Lumcast`;
}

/**
 * The RSS document of a feed: its channel (title, description, language — the newest
 * episode's, as RSS has one language per channel —, cover, its own URL) and one item per
 * ready episode (newest first), each linking the public audio, captions and chapters files
 * under the feed's URL. `origin` is the scheme and host the feed is served from.
 */
export function renderFeedDocument(input: {
  feed: FeedRecord;
  episodes: readonly JobRecord[];
  origin: string;
}): string {
  const urls = feedUrls(input.origin, input.feed.feedId);
  const channel: FeedChannel = {
    title: feedTitle(input.feed),
    description:
      input.feed.seriesId === undefined
        ? 'Every episode Lumcast made for you, written and voiced by AI.'
        : `The episodes of the series "${input.feed.seriesId}", written and voiced by AI with Lumcast.`,
    language: input.episodes[0]?.language ?? FEED_LANGUAGE,
    siteUrl: `${new URL(urls.feed).origin}/`,
    feedUrl: urls.feed,
    imageUrl: urls.cover,
  };
  const episodes = input.episodes.map((job): FeedEpisode => ({
    guid: `lumcast:${job.jobId}`,
    title: job.topic,
    description: episodeDescription(job),
    publishedAt: new Date(job.updatedAt),
    durationSeconds: job.durationSeconds ?? 0,
    audio: { url: urls.episodeFile(job.jobId, 'audio.mp3'), bytes: job.audioBytes ?? 0 },
    transcriptUrl: urls.episodeFile(job.jobId, 'captions.vtt'),
    chaptersUrl: urls.episodeFile(job.jobId, 'chapters.json'),
  }));
  return renderPodcastFeed({ channel, episodes });
}

function episodeDescription(job: JobRecord): string {
  const about = `A ${job.minutes}-minute episode about ${job.topic}.`;
  const chapters = (job.chapters ?? []).map((chapter) => chapter.title);
  return chapters.length > 0 ? `${about} Chapters: ${chapters.join(' · ')}.` : about;
}

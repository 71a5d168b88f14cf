import { FeedInputError } from '../errors';
import type { EpisodeChapter } from '../jobs/job';

/**
 * The media type of a chapters document, as the Podcasting 2.0 `podcast:chapters` tag and the
 * HTTP response that serves the document name it.
 */
export const PODCAST_CHAPTERS_MEDIA_TYPE = 'application/json+chapters';

/**
 * A JSON Chapters document (Podcasting 2.0, format version 1.2): `version` and `chapters` are
 * the required properties, each chapter's `startTime` (seconds) its only required one.
 */
export interface PodcastChapters {
  version: '1.2.0';
  title?: string;
  podcastName?: string;
  chapters: Array<{ startTime: number; endTime?: number; title?: string }>;
}

/**
 * The chapters document of an episode, from the chapters Assemble measured. Times are kept to
 * the millisecond; chapters must start in ascending order (the format assumes it), else
 * {@link FeedInputError}.
 */
export function podcastChapters(episode: {
  title?: string;
  podcastName?: string;
  chapters: readonly EpisodeChapter[];
}): PodcastChapters {
  let previousStart = -Infinity;
  const chapters = episode.chapters.map((chapter, index) => {
    const field = `chapters.${index}`;
    if (!(chapter.startSeconds >= 0) || chapter.startSeconds < previousStart) {
      throw new FeedInputError(
        `${field}.startSeconds`,
        `${field} starts at ${chapter.startSeconds}: chapters start at 0 or later, in ascending order`,
      );
    }
    if (!(chapter.endSeconds >= chapter.startSeconds)) {
      throw new FeedInputError(`${field}.endSeconds`, `${field} ends before it starts`);
    }
    previousStart = chapter.startSeconds;
    return {
      startTime: toMilliseconds(chapter.startSeconds),
      endTime: toMilliseconds(chapter.endSeconds),
      title: chapter.title,
    };
  });
  return {
    version: '1.2.0',
    ...(episode.title === undefined ? {} : { title: episode.title }),
    ...(episode.podcastName === undefined ? {} : { podcastName: episode.podcastName }),
    chapters,
  };
}

function toMilliseconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

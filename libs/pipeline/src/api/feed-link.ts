import type { FeedRecord } from '../feeds/feed-record';
import { feedUrls } from '../feeds/feed-urls';
import type { FeedLink } from '../contract/feed-bodies';

/** A feed as its owner sees it: the record and its public URL on the origin the request came to. */
export function toFeedLink(feed: FeedRecord, origin: string): FeedLink {
  return {
    feedId: feed.feedId,
    feedUrl: feedUrls(origin, feed.feedId).feed,
    ...(feed.seriesId === undefined ? {} : { seriesId: feed.seriesId }),
    createdAt: feed.createdAt,
  };
}

// The HTTP API's shapes come from the pipeline lib that serves them: one contract
// (`@lumcast/pipeline/contract`, browser-safe). The dashboard's names for its bodies are these:
import type { QuotaSummary as ApiQuotaSummary } from '@lumcast/pipeline/contract';
import type { PodcastRequest } from '@lumcast/pipeline';

export type {
  EpisodeChapter as Chapter,
  EpisodeOptions,
  EpisodeRender,
  FeedLink as Feed,
  HostProfile,
  JobPage as PodcastPage,
  JobStatus,
  PodcastAccepted as CreatePodcastAccepted,
  PodcastScriptBody as Script,
  PodcastScriptEdit as ScriptEdit,
  PublicJob as Job,
  RenderAccepted,
  ScriptQuote,
  SeriesHosts,
  SeriesHostsEdit,
  SourceUpload,
  UsageHistory,
} from '@lumcast/pipeline/contract';

// What is the dashboard's own: the quota as it reads older servers' too, and what it sends.

/**
 * The caller's quota for the current ISO week (`GET /api/quota`): `used` (charged),
 * `reserved` (held by jobs in progress), `granted` (extra slots this week) and the server's
 * `remaining` = `limit + granted - used - reserved`. A server from before reservations sends
 * none of the new members: `reserved`, `granted` and `inFlight` are then 0 (that server held
 * and granted nothing) and `maxInFlight` is absent (it had no cap to tell).
 */
export type QuotaSummary = Omit<ApiQuotaSummary, 'maxInFlight'> & {
  /** How many jobs the plan runs at once; absent when the server does not say. */
  maxInFlight?: number;
};

/**
 * The body of `POST /api/podcasts`: a topic, minutes and quality, and optionally a series and
 * either a `sourceText` or a `sourceUrl` (a public web page or text file the pipeline reads
 * as the source; giving both is a 400 `invalid_field` on `sourceUrl`).
 */
export type CreatePodcastRequest = PodcastRequest;

/**
 * Which page of `GET /api/podcasts` to ask for. Without `limit` the API's default (100)
 * applies; without `cursor` it is the first (newest) page.
 */
export interface PodcastPageRequest {
  limit?: number;
  cursor?: string;
}

/**
 * The body of `POST /api/feeds`: a series id, or nothing for a feed of all the caller's
 * episodes.
 */
export interface CreateFeedRequest {
  seriesId?: string;
}

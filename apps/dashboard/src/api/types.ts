// The HTTP API's shapes come from the pipeline lib that serves them: one contract.
import type {
  EpisodeChapter,
  EpisodeOptions as ApiEpisodeOptions,
  PodcastAccepted,
  PodcastRequest,
  PublicJob,
  QuotaSummary as ApiQuotaSummary,
  UsageHistory as ApiUsageHistory,
} from '@lumcast/pipeline';

export { JOB_STATUSES } from '@lumcast/pipeline';
export type { JobStatus } from '@lumcast/pipeline';

/**
 * One chapter of a ready episode, in seconds from the start of the audio.
 *
 * @example
 * ```ts
 * const intro: Chapter = { title: 'Intro', startSeconds: 0, endSeconds: 12.5 };
 * ```
 */
export type Chapter = EpisodeChapter;

/**
 * A podcast job as returned by `GET /api/podcasts` and `GET /api/podcasts/{jobId}`.
 * `estimatedCost` is the quote the user accepted, `measuredCost` (absent from older
 * servers, and until the audio is measured) what the audio measured, and `cost` what was
 * charged: `min(measuredCost, estimatedCost)`.
 *
 * @example
 * ```ts
 * const done = (job: Job) => job.status === 'ready' && job.audioUrl !== undefined;
 * ```
 */
export type Job = PublicJob & { measuredCost?: number };

/**
 * Slots used per ISO week (`GET /api/usage/history?weeks=N`), oldest first, the current
 * week last, from the server's ledger: right however many episodes there are.
 *
 * @example
 * ```ts
 * const total = (h: UsageHistory) => h.weeks.reduce((sum, week) => sum + week.used, 0);
 * ```
 */
export type UsageHistory = ApiUsageHistory;

/**
 * The caller's quota for the current ISO week (`GET /api/quota`): `used` (charged),
 * `reserved` (held by jobs in progress), `granted` (extra slots this week) and the server's
 * `remaining` = `limit + granted - used - reserved`. A server from before reservations sends
 * none of the new members: `reserved`, `granted` and `inFlight` are then 0 (that server held
 * and granted nothing) and `maxInFlight` is absent (it had no cap to tell).
 *
 * @example
 * ```ts
 * const percent = (q: QuotaSummary) => (100 * (q.used + q.reserved)) / (q.limit + q.granted);
 * ```
 */
export type QuotaSummary = Omit<
  ApiQuotaSummary,
  'reserved' | 'granted' | 'inFlight' | 'maxInFlight'
> & {
  /** Slots held by this week's jobs in progress (their quotes), not charged. */
  reserved: number;
  /** Extra slots granted for this week, on top of `limit`. */
  granted: number;
  /** Jobs in progress now. */
  inFlight: number;
  /** How many jobs the plan runs at once; absent when the server does not say. */
  maxInFlight?: number;
};

/**
 * The body of `POST /api/podcasts`: a topic, minutes and quality, and optionally a series and
 * either a `sourceText` or a `sourceUrl` (a public web page or text file the pipeline reads
 * as the source; giving both is a 400 `invalid_field` on `sourceUrl`).
 *
 * @example
 * ```ts
 * const request: CreatePodcastRequest = { topic: 'Tides', minutes: 1, quality: 'standard' };
 * const linked: CreatePodcastRequest = { ...request, sourceUrl: 'https://example.org/tides' };
 * ```
 */
export type CreatePodcastRequest = PodcastRequest;

/**
 * The 201 answer to `POST /api/sources`: the id to give `POST /api/podcasts`, and the form to
 * upload the file with (`multipart/form-data` to `uploadUrl`: every `uploadFields` entry, then
 * the file as `file`), within `maxBytes` and before `expiresAt`.
 *
 * @example
 * ```ts
 * const upload: SourceUpload = { sourceId: 'src-….pdf', uploadUrl: '/api/sources/upload', uploadFields: { key: 'sources/alice/src-….pdf' }, maxBytes: 10485760, expiresAt: '2026-12-06T10:15:00.000Z' };
 * ```
 */
export interface SourceUpload {
  sourceId: string;
  uploadUrl: string;
  uploadFields: Record<string, string>;
  maxBytes: number;
  expiresAt: string;
}

/**
 * The 202 answer to `POST /api/podcasts`.
 *
 * @example
 * ```ts
 * const accepted: CreatePodcastAccepted = { jobId: 'j1', status: 'queued', estimatedCost: 2 };
 * ```
 */
export type CreatePodcastAccepted = PodcastAccepted;

/**
 * One page of `GET /api/podcasts?limit=&cursor=`: the jobs, newest first, and the opaque
 * cursor of the next (older) page when there is one.
 *
 * @example
 * ```ts
 * const more = (page: PodcastPage) => page.nextCursor !== undefined;
 * ```
 */
export interface PodcastPage {
  items: Job[];
  /** Pass back as `cursor` to get the next page; absent on the last page. */
  nextCursor?: string;
}

/**
 * Which page of `GET /api/podcasts` to ask for. Without `limit` the API's default (100)
 * applies; without `cursor` it is the first (newest) page.
 *
 * @example
 * ```ts
 * const next: PodcastPageRequest = { limit: 20, cursor: page.nextCursor };
 * ```
 */
export interface PodcastPageRequest {
  limit?: number;
  cursor?: string;
}

/**
 * One subscribable feed link of the caller (`GET /api/feeds`, `POST /api/feeds`): a secret,
 * revocable RSS URL of one series (`seriesId`) or, without `seriesId`, of all the caller's
 * episodes. Anyone holding `feedUrl` can listen; `DELETE /api/feeds/{feedId}` revokes it.
 *
 * @example
 * ```ts
 * const label = (feed: Feed) => feed.seriesId ?? 'All episodes';
 * ```
 */
export interface Feed {
  feedId: string;
  /** The absolute http(s) URL a podcast app subscribes to. */
  feedUrl: string;
  /** The series the feed carries; absent for a feed of all the caller's episodes. */
  seriesId?: string;
  /** When the link was made (ISO 8601). */
  createdAt: string;
}

/**
 * The body of `POST /api/feeds`: a series id, or nothing for a feed of all the caller's
 * episodes.
 *
 * @example
 * ```ts
 * const rivers: CreateFeedRequest = { seriesId: 'rivers' };
 * const everything: CreateFeedRequest = {};
 * ```
 */
export interface CreateFeedRequest {
  seriesId?: string;
}

/**
 * What `GET /api/options` answers: the languages an episode can be made in (each with the
 * qualities that have voices in it, their Polly voices and the most hosts they allow), the
 * formats with their host counts, the minute limits and the default language.
 *
 * @example
 * ```ts
 * const codes = (options: EpisodeOptions) => options.languages.map((language) => language.code);
 * ```
 */
export type EpisodeOptions = ApiEpisodeOptions;

// The HTTP API's shapes come from the pipeline lib that serves them: one contract.
import type {
  EpisodeChapter,
  PodcastAccepted,
  PodcastRequest,
  PublicJob,
  QuotaSummary as ApiQuotaSummary,
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
 *
 * @example
 * ```ts
 * const done = (job: Job) => job.status === 'ready' && job.audioUrl !== undefined;
 * ```
 */
export type Job = PublicJob;

/**
 * The caller's quota for the current ISO week (`GET /api/quota`).
 *
 * @example
 * ```ts
 * const percent = (q: QuotaSummary) => (100 * q.used) / q.limit;
 * ```
 */
export type QuotaSummary = ApiQuotaSummary;

/**
 * The body of `POST /api/podcasts`.
 *
 * @example
 * ```ts
 * const request: CreatePodcastRequest = { topic: 'Tides', minutes: 1, quality: 'standard' };
 * ```
 */
export type CreatePodcastRequest = PodcastRequest;

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

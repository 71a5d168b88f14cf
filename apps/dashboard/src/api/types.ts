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

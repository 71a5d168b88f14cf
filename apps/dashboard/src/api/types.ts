import type { VoiceQuality } from '@lumcast/quota';

/**
 * Every status a job can be in, in pipeline order; the last four are final.
 *
 * @example
 * ```ts
 * JOB_STATUSES.includes('ready'); // true
 * ```
 */
export const JOB_STATUSES = [
  'queued',
  'writing_script',
  'synthesizing',
  'assembling',
  'ready',
  'failed',
  'quota_exceeded',
  'rejected_quota',
] as const;

/**
 * A job's status as the HTTP API reports it.
 *
 * @example
 * ```ts
 * const status: JobStatus = 'synthesizing';
 * ```
 */
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * One chapter of a ready episode, in seconds from the start of the audio.
 *
 * @example
 * ```ts
 * const intro: Chapter = { title: 'Intro', startSeconds: 0, endSeconds: 12.5 };
 * ```
 */
export interface Chapter {
  title: string;
  startSeconds: number;
  endSeconds: number;
}

/**
 * A podcast job as returned by `GET /api/podcasts` and `GET /api/podcasts/{jobId}`.
 *
 * @example
 * ```ts
 * const done = (job: Job) => job.status === 'ready' && job.audioUrl !== undefined;
 * ```
 */
export interface Job {
  jobId: string;
  status: JobStatus;
  topic: string;
  quality: VoiceQuality;
  minutes: number;
  seriesId?: string;
  createdAt: string;
  updatedAt: string;
  progress: { done: number; total: number };
  estimatedCost: number;
  cost?: number;
  chargedWeek?: string;
  durationSeconds?: number;
  audioUrl?: string;
  captionsUrl?: string;
  chapters?: Chapter[];
  error?: string;
}

/**
 * The caller's quota for the current ISO week (`GET /api/quota`).
 *
 * @example
 * ```ts
 * const percent = (q: QuotaSummary) => (100 * q.used) / q.limit;
 * ```
 */
export interface QuotaSummary {
  week: string;
  used: number;
  limit: number;
  remaining: number;
  resetsAt: string;
  plan: string;
  slotsPerMinute: Record<VoiceQuality, number>;
}

/**
 * The body of `POST /api/podcasts`.
 *
 * @example
 * ```ts
 * const request: CreatePodcastRequest = { topic: 'Tides', minutes: 1, quality: 'standard' };
 * ```
 */
export interface CreatePodcastRequest {
  topic: string;
  sourceText?: string;
  minutes: number;
  quality: VoiceQuality;
  seriesId?: string;
}

/**
 * The 202 answer to `POST /api/podcasts`.
 *
 * @example
 * ```ts
 * const accepted: CreatePodcastAccepted = { jobId: 'j1', status: 'queued', estimatedCost: 2 };
 * ```
 */
export interface CreatePodcastAccepted {
  jobId: string;
  status: 'queued';
  estimatedCost: number;
}

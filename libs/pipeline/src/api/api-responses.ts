import type { VoiceQuality } from '@lumcast/quota';

/**
 * The body of `GET /api/quota`: the caller's usage in the current ISO week.
 *
 * @example
 * ```ts
 * const summary: QuotaSummary = { week: '2026-W49', used: 4, limit: 200, remaining: 196,
 *   resetsAt: '2026-12-07T00:00:00.000Z', plan: 'free', slotsPerMinute: { standard: 1, neural: 2, generative: 4 } };
 * ```
 */
export interface QuotaSummary {
  week: string;
  used: number;
  limit: number;
  remaining: number;
  /** ISO 8601, next Monday 00:00Z. */
  resetsAt: string;
  plan: string;
  slotsPerMinute: Readonly<Record<VoiceQuality, number>>;
}

/**
 * The body of the 202 answer to `POST /api/podcasts`.
 *
 * @example
 * ```ts
 * const accepted: PodcastAccepted = { jobId: 'j-0mipvs3k00-5f1c9a0b7e2d4c66', status: 'queued', estimatedCost: 2 };
 * ```
 */
export interface PodcastAccepted {
  jobId: string;
  status: 'queued';
  estimatedCost: number;
}

/**
 * The body of every 4xx/5xx answer: a stable `code`, a message for people, the
 * field at fault when there is one, and numbers where they help (remaining slots…).
 *
 * @example
 * ```ts
 * const body: ApiErrorBody = { error: { code: 'invalid_field', message: 'minutes must be…', field: 'minutes' } };
 * ```
 */
export interface ApiErrorBody {
  error: { code: string; message: string; field?: string; [detail: string]: unknown };
}

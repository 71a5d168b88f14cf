import type { VoiceQuality } from '@lumcast/quota';

/**
 * The body of `GET /api/quota`: the caller's usage in the current ISO week.
 *
 * @example
 * ```ts
 * const summary: QuotaSummary = { week: '2026-W49', used: 4, reserved: 2, granted: 0, limit: 200, remaining: 194,
 *   inFlight: 1, maxInFlight: 3, resetsAt: '2026-12-07T00:00:00.000Z', plan: 'free',
 *   slotsPerMinute: { standard: 1, neural: 2, generative: 4 } };
 * ```
 */
export interface QuotaSummary {
  week: string;
  /** Slots charged this week. */
  used: number;
  /** Slots held by this week's jobs in progress (their quotes), not charged. */
  reserved: number;
  /** Extra slots granted for this week. */
  granted: number;
  limit: number;
  /** `limit + granted - used - reserved`, never below 0. */
  remaining: number;
  /** Jobs in progress, and how many the plan allows at once. */
  inFlight: number;
  maxInFlight: number;
  /** ISO 8601, next Monday 00:00Z. */
  resetsAt: string;
  plan: string;
  slotsPerMinute: Readonly<Record<VoiceQuality, number>>;
}

/**
 * The body of `GET /api/usage/history`: slots used per ISO week, oldest first,
 * the current week last (a week with no charge is 0).
 *
 * @example
 * ```ts
 * const history: UsageHistory = { weeks: [{ week: '2026-W49', startsAt: '2026-11-30T00:00:00.000Z', used: 6 }] };
 * ```
 */
export interface UsageHistory {
  weeks: Array<{
    week: string;
    /** ISO 8601, the week's Monday 00:00Z. */ startsAt: string;
    used: number;
  }>;
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

/**
 * One of the caller's feeds, as `POST /api/feeds` (201) and `GET /api/feeds` answer it: its id,
 * its secret public URL, its series (none for a feed of all episodes) and when it was made.
 *
 * @example
 * ```ts
 * const link: FeedLink = { feedId: 'f-3q2-7wX0aBcDeFgHiJkLmN',
 *   feedUrl: 'https://api.lumcast.example/feeds/f-3q2-7wX0aBcDeFgHiJkLmN', seriesId: 'rivers',
 *   createdAt: '2026-12-04T09:00:00.000Z' };
 * ```
 */
export interface FeedLink {
  feedId: string;
  feedUrl: string;
  seriesId?: string;
  createdAt: string;
}

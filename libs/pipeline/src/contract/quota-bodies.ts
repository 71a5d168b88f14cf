import * as z from '../config/zod-mini';

/**
 * The body of `GET /api/quota`: the caller's usage in the current ISO week, with `used`
 * (charged) and `reserved` (held by jobs in progress) apart, grants, jobs in flight against the
 * plan's cap, and the cost model. Built by the `getQuota` route.
 */
export const quotaSummarySchema = z.object({
  week: z.string(),
  /** Slots charged this week. */
  used: z.number(),
  /** Slots held by this week's jobs in progress (their quotes), not charged. */
  reserved: z.number(),
  /** Extra slots granted for this week. */
  granted: z.number(),
  limit: z.number(),
  /** `limit + granted - used - reserved`, never below 0. */
  remaining: z.number(),
  /** Jobs in progress, and how many the plan allows at once. */
  inFlight: z.number(),
  maxInFlight: z.number(),
  /** ISO 8601, next Monday 00:00Z. */
  resetsAt: z.string(),
  plan: z.string(),
  slotsPerMinute: z.object({
    standard: z.number(),
    neural: z.number(),
    generative: z.number(),
  }),
});

/** The body of `GET /api/quota` ({@link quotaSummarySchema}). */
export type QuotaSummary = z.infer<typeof quotaSummarySchema>;

/**
 * The body of `GET /api/usage/history`: slots used per ISO week, oldest first, the current week
 * last (a week with no charge is 0). Built by the `getUsageHistory` route.
 */
export const usageHistorySchema = z.object({
  weeks: z.array(
    z.object({
      week: z.string(),
      /** ISO 8601, the week's Monday 00:00Z. */
      startsAt: z.string(),
      used: z.number(),
    }),
  ),
});

/** The body of `GET /api/usage/history` ({@link usageHistorySchema}). */
export type UsageHistory = z.infer<typeof usageHistorySchema>;

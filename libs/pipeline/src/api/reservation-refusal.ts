import type { ReserveResult } from '@lumcast/quota';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiError } from './http';

type Refusal = Extract<
  ReserveResult,
  { outcome: 'over_limit' | 'too_many_in_flight' | 'rate_limited' }
>;

/**
 * The 429 a refused reservation answers, in the ledger's own figures: the
 * code says which check refused it (`quota_exhausted`, `too_many_in_flight`,
 * `rate_limited`), the message says it in words, and `retryAt` says when
 * trying again can succeed.
 */
export function reservationRefusal(
  refusal: Refusal,
  estimatedCost: number,
  maxInFlight: number,
): APIGatewayProxyStructuredResultV2 {
  const { usage } = refusal;
  const retryAt = refusal.retryAt.toISOString();
  switch (refusal.outcome) {
    case 'over_limit': {
      const held =
        usage.reserved > 0 ? ` (${usage.reserved} are held by episodes in progress)` : '';
      return apiError(
        429,
        'quota_exhausted',
        `This episode costs ${estimatedCost} slots but only ${usage.remaining} of ${usage.limit + usage.granted} remain this week${held}; they reset at ${usage.resetsAt.toISOString()}. Nothing was charged.`,
        {
          estimatedCost,
          remaining: usage.remaining,
          reserved: usage.reserved,
          resetsAt: usage.resetsAt.toISOString(),
          retryAt,
        },
      );
    }
    case 'too_many_in_flight':
      return apiError(
        429,
        'too_many_in_flight',
        `You already have ${usage.inFlight} episodes in progress, the most your plan runs at once (${maxInFlight}); start this one when one of them is done. Nothing was charged.`,
        { inFlight: usage.inFlight, maxInFlight, retryAt },
      );
    case 'rate_limited':
      return apiError(
        429,
        'rate_limited',
        `You have started as many episodes as your plan allows in one minute; try again at ${retryAt}. Nothing was charged.`,
        { retryAt },
      );
  }
}

/**
 * The 429 `quota_busy` of a reservation the ledger could not make for contention on the
 * caller's account (`QuotaContentionError`): nothing was held, try again in a few seconds.
 */
export function quotaBusyRefusal(now: Date): APIGatewayProxyStructuredResultV2 {
  return apiError(
    429,
    'quota_busy',
    'Too many requests for your account at once; please try again in a few seconds. Nothing was charged.',
    { retryAt: new Date(now.getTime() + 5_000).toISOString() },
  );
}

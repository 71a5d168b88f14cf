import { DEFAULT_PLAN, planLimitsFor, SLOTS_PER_MINUTE } from '@lumcast/quota';
import type { QuotaSummary } from '../../contract/quota-bodies';
import { json } from '../http';
import type { Route, RouteDeps } from '../route';

/**
 * `GET /api/quota`: the caller's week, with `used` and `reserved` apart, grants,
 * jobs in flight against the plan's cap, and the cost model. One read of the
 * caller's item (`QuotaLedger.usage` answers the plan too).
 *
 * @example
 * ```ts
 * const response = await getQuotaRoute(deps)(userId, event, match); // 200 QuotaSummary
 * ```
 */
export function getQuotaRoute(deps: RouteDeps): Route {
  return async (userId) => {
    // One GetItem: the counters and the plan come from the same read, the limit from the plan.
    const usage = await deps.ledger.usage({ userId });
    const plan = usage.plan ?? DEFAULT_PLAN;
    const limits = planLimitsFor(plan);
    const summary: QuotaSummary = {
      week: usage.week,
      used: usage.used,
      reserved: usage.reserved,
      granted: usage.granted,
      limit: usage.limit,
      remaining: usage.remaining,
      inFlight: usage.inFlight,
      maxInFlight: limits.maxInFlight,
      resetsAt: usage.resetsAt.toISOString(),
      plan,
      slotsPerMinute: SLOTS_PER_MINUTE,
    };
    return json(200, summary);
  };
}

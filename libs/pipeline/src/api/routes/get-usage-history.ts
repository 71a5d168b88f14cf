import type { UsageHistory } from '../../contract/quota-bodies';
import { parseHistoryQuery } from '../history-query';
import { apiError, json } from '../http';
import type { Route, RouteDeps } from '../route';

/**
 * `GET /api/usage/history?weeks=N`: slots used in each of the caller's last N
 * ISO weeks (1–26, default 8), oldest first, the current week last. One read of
 * the caller's item (`QuotaLedger.usageHistory`), right for any number of jobs;
 * a bad `weeks` or an unknown parameter is a 400 naming the field.
 *
 * @example
 * ```ts
 * const response = await getUsageHistoryRoute(deps)(userId, event, match); // 200 UsageHistory
 * ```
 */
export function getUsageHistoryRoute(deps: RouteDeps): Route {
  return async (userId, event) => {
    const query = parseHistoryQuery(event.queryStringParameters);
    if (!query.success) {
      return apiError(400, 'invalid_field', query.message, { field: query.field });
    }
    const history = await deps.ledger.usageHistory({ userId, weeks: query.weeks });
    const body: UsageHistory = {
      weeks: history.weeks.map((week) => ({
        week: week.week,
        startsAt: week.startsAt.toISOString(),
        used: week.used,
      })),
    };
    return json(200, body);
  };
}

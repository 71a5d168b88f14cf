import type { QuotaSummary } from '../api/types';
import { formatCountdown, formatLocalDateTime } from '../domain/time-format';
import type { Resource } from '../hooks/resource';
import { Panel, PanelError, PanelSkeleton } from './panel';
import { QuotaGauge } from './quota-gauge';

/**
 * This week: gauge of used/limit, remaining slots, and when they reset (local date + countdown).
 *
 * @example
 * ```tsx
 * <ThisWeekPanel quota={quota} now={now} onRetry={reloadQuota} />
 * ```
 */
export function ThisWeekPanel(props: {
  quota: Resource<QuotaSummary>;
  now: Date;
  onRetry: () => void;
  timeZone?: string;
}) {
  const { quota, now } = props;
  const data = quota.data;
  return (
    <Panel title="This week" busy={quota.loading} className="panel--this-week">
      {data === undefined ? (
        quota.error !== undefined ? (
          <PanelError
            error={quota.error}
            onRetry={props.onRetry}
            what="Your quota could not load."
          />
        ) : (
          <PanelSkeleton lines={4} label="Loading your quota…" />
        )
      ) : (
        <div className="this-week">
          <QuotaGauge used={data.used} limit={data.limit} />
          <dl className="facts">
            <div>
              <dt>Remaining</dt>
              <dd data-testid="quota-remaining">
                {data.remaining} {data.remaining === 1 ? 'slot' : 'slots'}
              </dd>
            </div>
            <div>
              <dt>Week</dt>
              <dd>
                {data.week} · {data.plan} plan
              </dd>
            </div>
            <div>
              <dt>Resets</dt>
              <dd>
                <time dateTime={data.resetsAt}>
                  {formatLocalDateTime(new Date(data.resetsAt), undefined, props.timeZone)}
                </time>
                <br />
                <span className="muted" data-testid="quota-countdown">
                  in {formatCountdown(new Date(data.resetsAt).getTime() - now.getTime())}
                </span>
              </dd>
            </div>
          </dl>
          {quota.error !== undefined ? (
            <PanelError error={quota.error} onRetry={props.onRetry} what="Could not refresh." />
          ) : null}
        </div>
      )}
    </Panel>
  );
}

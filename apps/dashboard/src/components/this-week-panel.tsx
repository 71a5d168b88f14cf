import type { QuotaSummary } from '../api/types';
import { formatCountdown, formatLocalDateTime } from '../domain/time-format';
import type { Resource } from '../hooks/resource';
import { Panel, PanelError, PanelSkeleton } from './panel';
import { QuotaGauge } from './quota-gauge';

/** `1 episode (up to 3 at once)`, or without the cap when the server does not say it. */
function inFlightText(quota: Pick<QuotaSummary, 'inFlight' | 'maxInFlight'>): string {
  const episodes = `${quota.inFlight} ${quota.inFlight === 1 ? 'episode' : 'episodes'}`;
  return quota.maxInFlight === undefined
    ? episodes
    : `${episodes} (up to ${quota.maxInFlight} at once)`;
}

/**
 * This week: gauge of used and reserved slots out of the limit plus grants, remaining slots,
 * episodes in progress against the plan's cap, and when the slots reset (local date + countdown).
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
          <QuotaGauge
            used={data.used}
            reserved={data.reserved}
            granted={data.granted}
            limit={data.limit}
            remaining={data.remaining}
            inFlight={data.inFlight}
          />
          <dl className="facts">
            <div>
              <dt>Remaining</dt>
              <dd data-testid="quota-remaining">
                {data.remaining} {data.remaining === 1 ? 'slot' : 'slots'}
              </dd>
            </div>
            <div>
              <dt>In progress</dt>
              <dd data-testid="quota-in-flight">{inFlightText(data)}</dd>
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

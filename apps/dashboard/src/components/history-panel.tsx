import type { Job } from '../api/types';
import { weeklyUsage } from '../domain/weekly-history';
import type { Resource } from '../hooks/resource';
import { HistoryChart } from './history-chart';
import { Panel, PanelError, PanelSkeleton } from './panel';

/**
 * History: slots used per week for the last 8 ISO weeks, computed from the user's jobs.
 *
 * @example
 * ```tsx
 * <HistoryPanel jobs={jobs} now={now} limit={quota.data?.limit} onRetry={reloadJobs} />
 * ```
 */
export function HistoryPanel(props: {
  jobs: Resource<Job[]>;
  now: Date;
  limit?: number;
  onRetry: () => void;
}) {
  const { jobs } = props;
  return (
    <Panel
      title="History"
      busy={jobs.data === undefined && jobs.loading}
      className="panel--history"
    >
      {jobs.data !== undefined ? (
        <HistoryChart weeks={weeklyUsage(jobs.data, props.now)} limit={props.limit} />
      ) : jobs.error !== undefined ? (
        <PanelError
          error={jobs.error}
          onRetry={props.onRetry}
          what="Your history could not load."
        />
      ) : (
        <PanelSkeleton lines={4} label="Loading your history…" />
      )}
    </Panel>
  );
}

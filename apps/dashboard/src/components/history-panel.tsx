import type { UsageHistory } from '../api/types';
import { weeksOfHistory } from '../domain/weekly-history';
import type { Resource } from '../hooks/resource';
import { HistoryChart } from './history-chart';
import { Panel, PanelError, PanelSkeleton } from './panel';

/**
 * History: slots used per week for the last 8 ISO weeks, as the server's ledger counts them.
 */
export function HistoryPanel(props: {
  history: Resource<UsageHistory>;
  limit?: number;
  onRetry: () => void;
}) {
  const { history } = props;
  return (
    <Panel
      title="History"
      busy={history.data === undefined && history.loading}
      className="panel--history"
    >
      {history.data !== undefined ? (
        <HistoryChart weeks={weeksOfHistory(history.data)} limit={props.limit} />
      ) : history.error !== undefined ? (
        <PanelError
          error={history.error}
          onRetry={props.onRetry}
          what="Your history could not load."
        />
      ) : (
        <PanelSkeleton lines={4} label="Loading your history…" />
      )}
    </Panel>
  );
}

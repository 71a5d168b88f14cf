'use client';

import { useCallback, useEffect, useMemo } from 'react';
import type { ApiClient } from '../api/api-client';
import { seriesIdsOf } from '../domain/series-ids';
import { useDashboardData } from '../hooks/use-dashboard-data';
import { useEpisodeOptions } from '../hooks/use-episode-options';
import { useEpisodePages } from '../hooks/use-episode-pages';
import { useNow } from '../hooks/use-now';
import { CostCalculator } from './cost-calculator';
import type { EpisodeScriptActions } from './episode-script';
import { EpisodesPanel } from './episodes-panel';
import { FeedsPanel } from './feeds-panel';
import { HistoryPanel } from './history-panel';
import { NewEpisodeForm } from './new-episode-form';
import { SeriesHostsPanel } from './series-hosts-panel';
import { ThisWeekPanel } from './this-week-panel';

/**
 * The seven panels for one signed-in user.
 */
export function Dashboard(props: { api: ApiClient }) {
  const { api } = props;
  const {
    quota,
    history,
    jobs,
    jobsNextCursor,
    reloadQuota,
    reloadHistory,
    reloadJobs,
    watchRender,
    rendering,
  } = useDashboardData(api);
  const options = useEpisodeOptions(api);
  const loadOlderPage = useCallback((cursor: string) => api.listPodcastsPage({ cursor }), [api]);
  const { episodes, pager } = useEpisodePages(jobs, jobsNextCursor, loadOlderPage);
  const now = useNow(15_000);
  const seriesIds = useMemo(() => seriesIdsOf(episodes.data ?? []), [episodes.data]);
  const scripts = useMemo<EpisodeScriptActions>(
    () => ({
      api,
      rendering,
      onRendered: (job, accepted) => watchRender(job.jobId, accepted.version),
      onRefused: () => void reloadQuota(),
      onJobChanged: () => void reloadJobs(),
    }),
    [api, rendering, watchRender, reloadQuota, reloadJobs],
  );

  // When the week rolls over while the page is open, fetch the fresh quota.
  const resetsAt = quota.data?.resetsAt;
  const rolledOver = resetsAt !== undefined && now.getTime() >= new Date(resetsAt).getTime();
  useEffect(() => {
    if (rolledOver) void reloadQuota();
  }, [rolledOver, reloadQuota]);

  return (
    <div className="grid">
      <div className="grid__column">
        <ThisWeekPanel quota={quota} now={now} onRetry={() => void reloadQuota()} />
        <NewEpisodeForm
          quota={quota.data}
          options={options.data}
          onSubmit={(request) => api.createPodcast(request)}
          onUpload={async (file, contentType) => {
            const upload = await api.createSource(contentType);
            await api.uploadSource(upload, file);
            return upload.sourceId;
          }}
          onCreated={() => {
            void reloadJobs();
            void reloadQuota();
          }}
          onRefused={() => void reloadQuota()}
        />
        <CostCalculator remaining={quota.data?.remaining} />
        <FeedsPanel api={api} seriesIds={seriesIds} />
        <SeriesHostsPanel api={api} seriesIds={seriesIds} options={options.data} />
      </div>
      <div className="grid__column">
        <EpisodesPanel
          jobs={episodes}
          pager={pager}
          onRetry={() => void reloadJobs()}
          refreshJob={(jobId) => api.getPodcast(jobId)}
          scripts={scripts}
        />
        <HistoryPanel
          history={history}
          limit={quota.data?.limit}
          onRetry={() => void reloadHistory()}
        />
      </div>
    </div>
  );
}

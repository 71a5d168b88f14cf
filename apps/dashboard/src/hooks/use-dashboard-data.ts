'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { Job, QuotaSummary, UsageHistory } from '../api/types';
import { HISTORY_WEEKS } from '../domain/weekly-history';
import { isFinal } from '../domain/job-status';
import type { Resource } from './resource';

/** How often jobs are polled while any of them is not final. */
export const POLL_INTERVAL_MS = 1500;

/**
 * Loads the quota, its history per week and the jobs, polls the jobs every
 * {@link POLL_INTERVAL_MS} while any job is still running, and reloads the quota and the
 * history whenever a job becomes final (that is when the charge lands).
 *
 * `jobs` is the first page of `GET /api/podcasts` (the API's default page size), as it
 * always was; `jobsNextCursor` is that page's `nextCursor`, from which older pages can be
 * loaded (see `useEpisodePages`). Older pages are never polled.
 *
 * @example
 * ```ts
 * const { quota, history, jobs, jobsNextCursor, reloadQuota, reloadJobs } = useDashboardData(api);
 * ```
 */
export function useDashboardData(api: ApiClient, pollIntervalMs = POLL_INTERVAL_MS) {
  const [quota, setQuota] = useState<Resource<QuotaSummary>>({ loading: true });
  const [history, setHistory] = useState<Resource<UsageHistory>>({ loading: true });
  const [jobs, setJobs] = useState<Resource<Job[]>>({ loading: true });
  const [jobsNextCursor, setJobsNextCursor] = useState<string | undefined>();
  const runningIds = useRef<Set<string>>(new Set());

  const reloadHistory = useCallback(async () => {
    setHistory((previous) => ({ ...previous, loading: true }));
    try {
      const data = await api.getUsageHistory(HISTORY_WEEKS);
      setHistory({ data, loading: false });
    } catch (error) {
      setHistory((previous) => ({ ...previous, error, loading: false }));
    }
  }, [api]);

  /** The quota, and the history with it: whatever moves one moves the other. */
  const reloadQuota = useCallback(async () => {
    setQuota((previous) => ({ ...previous, loading: true }));
    const historyLoaded = reloadHistory();
    try {
      const data = await api.getQuota();
      setQuota({ data, loading: false });
    } catch (error) {
      setQuota((previous) => ({ ...previous, error, loading: false }));
    }
    await historyLoaded;
  }, [api, reloadHistory]);

  const reloadJobs = useCallback(async () => {
    setJobs((previous) => ({ ...previous, loading: true }));
    try {
      const { items: data, nextCursor } = await api.listPodcastsPage();
      const finishedSinceLastLoad = data.some(
        (job) => isFinal(job) && runningIds.current.has(job.jobId),
      );
      runningIds.current = new Set(data.filter((job) => !isFinal(job)).map((job) => job.jobId));
      setJobs({ data, loading: false });
      setJobsNextCursor(nextCursor);
      if (finishedSinceLastLoad) void reloadQuota();
    } catch (error) {
      setJobs((previous) => ({ ...previous, error, loading: false }));
    }
  }, [api, reloadQuota]);

  useEffect(() => {
    void reloadQuota();
    void reloadJobs();
  }, [reloadQuota, reloadJobs]);

  const anyRunning = jobs.data?.some((job) => !isFinal(job)) ?? false;
  useEffect(() => {
    if (!anyRunning || jobs.loading) return undefined;
    const timer = setTimeout(() => void reloadJobs(), pollIntervalMs);
    return () => clearTimeout(timer);
  }, [anyRunning, jobs, reloadJobs, pollIntervalMs]);

  return { quota, history, jobs, jobsNextCursor, reloadQuota, reloadHistory, reloadJobs };
}

'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { Job, QuotaSummary, UsageHistory } from '../api/types';
import { HISTORY_WEEKS } from '../domain/weekly-history';
import { isFinal, isWorking } from '../domain/job-status';
import {
  RENDER_WATCH_MAX_MS,
  renderDetailsOf,
  renderSettled,
  withRenderDetails,
  type RenderDetails,
} from '../domain/render-watch';
import type { Resource } from './resource';

/** How often jobs are polled while any of them is not final. */
export const POLL_INTERVAL_MS = 1500;

/** A render the dashboard asked for and waits for: the version spoken, and since when. */
interface WatchedRender {
  version: number;
  since: number;
}

/**
 * Loads the quota, its history per week and the jobs, polls the jobs every
 * {@link POLL_INTERVAL_MS} while any job is being made (a draft waiting for review is not) or a
 * render asked for with `watchRender` is not over (`renderSettled`, for at most
 * `RENDER_WATCH_MAX_MS`), and reloads the quota and the history whenever a job becomes final
 * or a watched render ends (that is when the charge lands). A watched job is also read whole
 * (`GET /api/podcasts/{jobId}`) on each poll; its renders and script version are kept and shown
 * on a list item that comes without them.
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
  const [watched, setWatched] = useState<ReadonlyMap<string, WatchedRender>>(new Map());
  const watchedRef = useRef(watched);
  watchedRef.current = watched;
  const renderDetails = useRef(new Map<string, RenderDetails>());

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
      const { items, nextCursor } = await api.listPodcastsPage();
      // Each watched job is read whole: its renders say when the render is over.
      const watching = [...watchedRef.current];
      const read = await Promise.all(
        watching.map(([jobId]) => api.getPodcast(jobId).catch(() => undefined)),
      );
      for (const job of read) if (job) renderDetails.current.set(job.jobId, renderDetailsOf(job));
      const data = items.map((job) => withRenderDetails(job, renderDetails.current.get(job.jobId)));
      const finishedSinceLastLoad = data.some(
        (job) => isFinal(job) && runningIds.current.has(job.jobId),
      );
      runningIds.current = new Set(data.filter(isWorking).map((job) => job.jobId));
      const now = Date.now();
      const stillWatched = new Map(
        watching.filter(([jobId, render], index) => {
          const job = read[index] ?? data.find((candidate) => candidate.jobId === jobId);
          const settled = job === undefined || renderSettled(job, render.version);
          return !settled && now - render.since < RENDER_WATCH_MAX_MS;
        }),
      );
      const renderEnded = stillWatched.size !== watchedRef.current.size;
      if (renderEnded) {
        watchedRef.current = stillWatched;
        setWatched(stillWatched);
      }
      setJobs({ data, loading: false });
      setJobsNextCursor(nextCursor);
      if (finishedSinceLastLoad || renderEnded) void reloadQuota();
    } catch (error) {
      setJobs((previous) => ({ ...previous, error, loading: false }));
    }
  }, [api, reloadQuota]);

  useEffect(() => {
    void reloadQuota();
    void reloadJobs();
  }, [reloadQuota, reloadJobs]);

  /** A render of `version` was accepted: poll until it is over, and re-read what it holds. */
  const watchRender = useCallback(
    (jobId: string, version: number) => {
      const next = new Map(watchedRef.current).set(jobId, { version, since: Date.now() });
      watchedRef.current = next;
      setWatched(next);
      void reloadJobs();
      void reloadQuota();
    },
    [reloadJobs, reloadQuota],
  );
  const rendering = useMemo(
    () => new Map([...watched].map(([jobId, render]) => [jobId, render.version])),
    [watched],
  );

  const anyRunning = (jobs.data?.some(isWorking) ?? false) || watched.size > 0;
  useEffect(() => {
    if (!anyRunning || jobs.loading) return undefined;
    const timer = setTimeout(() => void reloadJobs(), pollIntervalMs);
    return () => clearTimeout(timer);
  }, [anyRunning, jobs, reloadJobs, pollIntervalMs]);

  return {
    quota,
    history,
    jobs,
    jobsNextCursor,
    reloadQuota,
    reloadHistory,
    reloadJobs,
    watchRender,
    /** The jobs whose render the dashboard waits for, with the version being spoken. */
    rendering,
  };
}

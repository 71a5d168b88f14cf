'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Job, PodcastPage } from '../api/types';
import { appendOlderPage, mergeFirstPage } from '../domain/episode-pages';
import type { Resource } from './resource';

/**
 * The "Show older episodes" control of the episodes list.
 */
export interface EpisodePager {
  /** Whether the API said there is an older page (a `nextCursor`). */
  hasOlder: boolean;
  /** An older page is being fetched. */
  loading: boolean;
  /** Why the last older page could not load (cleared when the next try starts). */
  error?: unknown;
  /** Fetches the next older page and appends it; does nothing while one is loading. */
  loadOlder: () => void;
}

interface OlderState {
  /** Whether any older page was appended (then `cursor` continues after it). */
  appended: boolean;
  cursor?: string;
  loading: boolean;
  error?: unknown;
}

/**
 * The episodes list: the polled first page of jobs followed by the older pages the user
 * asked for, newest first, each job once. The first page comes from `useDashboardData`
 * (it is polled; older pages are not: their players refresh an expired link themselves).
 * The next older page continues from the last appended page's cursor, or from the first
 * page's `nextCursor` while none was appended.
 *
 * @example
 * ```ts
 * const { jobs, jobsNextCursor } = useDashboardData(api);
 * const { episodes, pager } = useEpisodePages(jobs, jobsNextCursor, (cursor) =>
 *   api.listPodcastsPage({ cursor }),
 * );
 * ```
 */
export function useEpisodePages(
  firstPage: Resource<Job[]>,
  firstPageCursor: string | undefined,
  loadPage: (cursor: string) => Promise<PodcastPage>,
): { episodes: Resource<Job[]>; pager: EpisodePager } {
  const [known, setKnown] = useState<readonly Job[]>([]);
  const [older, setOlder] = useState<OlderState>({ appended: false, loading: false });
  const loading = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const firstJobs = firstPage.data;
  // Remember what the first page showed, so a job that a newer one pushes off it stays.
  useEffect(() => {
    if (firstJobs !== undefined) setKnown((previous) => mergeFirstPage(firstJobs, previous));
  }, [firstJobs]);

  const data = useMemo(
    () => (firstJobs === undefined ? undefined : mergeFirstPage(firstJobs, known)),
    [firstJobs, known],
  );
  const episodes = useMemo(() => ({ ...firstPage, data }), [firstPage, data]);

  const cursor = older.appended ? older.cursor : firstPageCursor;
  const loadOlder = useCallback(() => {
    if (cursor === undefined || loading.current) return;
    loading.current = true;
    setOlder((previous) => ({ ...previous, loading: true, error: undefined }));
    loadPage(cursor).then(
      (page) => {
        loading.current = false;
        if (!mounted.current) return;
        setKnown((previous) => appendOlderPage(previous, page.items));
        setOlder({ appended: true, cursor: page.nextCursor, loading: false });
      },
      (error: unknown) => {
        loading.current = false;
        if (mounted.current) setOlder((previous) => ({ ...previous, loading: false, error }));
      },
    );
  }, [cursor, loadPage]);

  const pager = useMemo<EpisodePager>(
    () => ({
      hasOlder: cursor !== undefined,
      loading: older.loading,
      error: older.error,
      loadOlder,
    }),
    [cursor, older.loading, older.error, loadOlder],
  );
  return { episodes, pager };
}

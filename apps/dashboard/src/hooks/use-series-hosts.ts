'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import { ApiError, describeError } from '../api/errors';
import type { SeriesHosts } from '../api/types';
import {
  draftHostsOf,
  emptyHost,
  hostFieldOf,
  hostsEditOf,
  hostsProblems,
  type DraftHost,
  type HostProblem,
} from '../domain/host-profiles';
import type { Resource } from './resource';

/** What the series hosts panel asks of the HTTP API. */
export type SeriesHostsApi = Pick<ApiClient, 'getSeriesHosts' | 'putSeriesHosts'>;

/**
 * One series' host profiles as the panel edits them: loaded with `GET …/hosts` whenever the
 * series changes (an older answer never replaces a newer series'), edited in place, checked
 * (names, persona length) and saved with `PUT …/hosts`; a 400 naming a host's field
 * (`hosts.1.persona`) goes beside that field, any other refusal is the server's words.
 *
 * @example
 * ```ts
 * const hosts = useSeriesHosts(api, 'rivers');
 * hosts.update(0, { persona: 'A calm geologist.' });
 * await hosts.save();
 * ```
 */
export function useSeriesHosts(api: SeriesHostsApi, seriesId: string | undefined) {
  const [loaded, setLoaded] = useState<Resource<SeriesHosts>>({ loading: false });
  const [hosts, setHosts] = useState<DraftHost[]>([]);
  const [problems, setProblems] = useState<HostProblem[]>([]);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | undefined>();
  const added = useRef(0);
  const latest = useRef(seriesId);
  latest.current = seriesId;

  const load = useCallback(async () => {
    if (seriesId === undefined) return;
    setLoaded((previous) => ({ ...previous, loading: true }));
    try {
      const data = await api.getSeriesHosts(seriesId);
      if (latest.current !== seriesId) return;
      setLoaded({ data, loading: false });
      setHosts(draftHostsOf(data.hosts));
    } catch (error) {
      if (latest.current !== seriesId) return;
      setLoaded({ error, loading: false });
    }
  }, [api, seriesId]);

  useEffect(() => {
    setLoaded({ loading: seriesId !== undefined });
    setHosts([]);
    setProblems([]);
    setStatus(undefined);
    setAlert(undefined);
    void load();
  }, [load, seriesId]);

  function edited(next: DraftHost[]) {
    setHosts(next);
    setStatus(undefined);
    setAlert(undefined);
    setProblems((previous) => (previous.length === 0 ? previous : hostsProblems(next)));
  }

  return {
    loaded,
    hosts,
    problems,
    saving,
    status,
    alert,
    reload: load,
    update(index: number, change: Partial<Omit<DraftHost, 'key'>>) {
      edited(hosts.map((host, at) => (at === index ? { ...host, ...change } : host)));
    },
    /** Adds an empty host at the end; answers its key. */
    add(): string {
      added.current += 1;
      const key = `added-${added.current}`;
      edited([...hosts, emptyHost(key)]);
      return key;
    },
    remove(index: number) {
      edited(hosts.filter((_, at) => at !== index));
    },
    /** Saves the hosts; answers the first problem (to focus its field), if any. */
    async save(): Promise<HostProblem | undefined> {
      if (seriesId === undefined) return undefined;
      const found = hostsProblems(hosts);
      setProblems(found);
      setStatus(undefined);
      setAlert(undefined);
      if (found.length > 0) return found[0];
      setSaving(true);
      try {
        const data = await api.putSeriesHosts(seriesId, hostsEditOf(hosts));
        setLoaded({ data, loading: false });
        setHosts(draftHostsOf(data.hosts));
        setStatus(
          data.hosts.length === 0
            ? `${seriesId} keeps no host profiles now: its episodes use the hosts each one asks for.`
            : `Saved the hosts of ${seriesId}. Episodes made in the series from now on use them.`,
        );
        return undefined;
      } catch (error) {
        const named = error instanceof ApiError ? hostFieldOf(error.field) : undefined;
        if (named && error instanceof ApiError) {
          const problem = { ...named, message: error.message };
          setProblems([problem]);
          return problem;
        }
        setAlert(describeError(error));
        return undefined;
      } finally {
        setSaving(false);
      }
    },
  };
}

/** The state and actions {@link useSeriesHosts} gives the panel. */
export type SeriesHostsState = ReturnType<typeof useSeriesHosts>;

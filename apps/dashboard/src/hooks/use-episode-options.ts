'use client';

import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/api-client';
import type { EpisodeOptions } from '../api/types';
import type { Resource } from './resource';

/**
 * Loads what an episode may ask for (`GET /api/options`: languages with their qualities and
 * voices, formats, minutes) once per API client; the list does not change while the page is
 * open. A failed load is kept as `error` (the form then offers only the default language).
 *
 * @example
 * ```ts
 * const options = useEpisodeOptions(api);
 * options.data?.languages.map((language) => language.name);
 * ```
 */
export function useEpisodeOptions(api: Pick<ApiClient, 'getOptions'>): Resource<EpisodeOptions> {
  const [options, setOptions] = useState<Resource<EpisodeOptions>>({ loading: true });
  useEffect(() => {
    let current = true;
    setOptions({ loading: true });
    api.getOptions().then(
      (data) => current && setOptions({ data, loading: false }),
      (error: unknown) => current && setOptions({ error, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [api]);
  return options;
}

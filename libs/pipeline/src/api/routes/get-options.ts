import { EPISODE_OPTIONS } from '../../options/episode-options';
import { json } from '../http';
import type { Route } from '../route';

/**
 * `GET /api/options`: what a `POST /api/podcasts` may ask for — the languages with the
 * qualities and voices each has, the formats with their host counts, the minute limits and the
 * default language (`EPISODE_OPTIONS`). The same for every caller; no I/O.
 *
 * @example
 * ```ts
 * const response = await getOptionsRoute()(userId, event, match); // 200 EpisodeOptions
 * ```
 */
export function getOptionsRoute(): Route {
  return async () => json(200, EPISODE_OPTIONS);
}

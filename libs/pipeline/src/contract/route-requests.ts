import type * as z from '../config/zod-mini';
import type { RouteName } from './routes';
import { renderRequestSchema, scriptQuoteRequestSchema } from './render-bodies';
import { podcastScriptEditSchema } from './script-edit-body';
import { seriesHostsEditSchema } from './series-hosts-bodies';

/**
 * The JSON body each route that takes one declares as a schema (`POST /api/podcasts` and the
 * feed and source routes parse theirs by hand, field by field, and are not listed yet).
 *
 * @example
 * ```ts
 * const edit: PodcastScriptEdit = { version: 1, turns: [{ id: 't1', speaker: 'Alex', text: 'Hi.' }] };
 * ROUTE_REQUESTS.putPodcastScript.parse(edit);
 * ```
 */
export const ROUTE_REQUESTS = {
  putPodcastScript: podcastScriptEditSchema,
  renderPodcast: renderRequestSchema,
  quotePodcastScript: scriptQuoteRequestSchema,
  putSeriesHosts: seriesHostsEditSchema,
} as const satisfies Partial<Record<RouteName, z.ZodMiniType>>;

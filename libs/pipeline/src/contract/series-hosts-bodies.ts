import * as z from '../config/zod-mini';

/** A host's voice for each quality, each one of that quality's voices in `GET /api/options`. */
export const hostVoicesSchema = z.strictObject({
  standard: z.optional(z.string()),
  neural: z.optional(z.string()),
  generative: z.optional(z.string()),
});

/**
 * One host profile of a series: a name, a persona (at most 1,000 characters) the script writer
 * gives that host as quoted data, and the voice they speak in for each quality (absent: the
 * language's default voice for their place).
 */
export const hostProfileSchema = z.strictObject({
  name: z.string(),
  persona: z.optional(z.string()),
  voices: z.optional(hostVoicesSchema),
});

/** One host profile of a series ({@link hostProfileSchema}). */
export type HostProfile = z.infer<typeof hostProfileSchema>;

/**
 * `PUT /api/series/{seriesId}/hosts`: the series' whole list of host profiles, in speaking
 * order. Episodes made in the series afterwards use them.
 */
export const seriesHostsEditSchema = z.strictObject({
  hosts: z.array(hostProfileSchema),
});

/** An edit of a series' hosts ({@link seriesHostsEditSchema}). */
export type SeriesHostsEdit = z.infer<typeof seriesHostsEditSchema>;

/**
 * `GET /api/series/{seriesId}/hosts` (and `PUT`'s answer): the series' host profiles, empty when
 * it keeps none (its episodes then use the hosts each one asks for, or the format's).
 */
export const seriesHostsSchema = z.object({
  seriesId: z.string(),
  hosts: z.array(hostProfileSchema),
});

/** A series' host profiles ({@link seriesHostsSchema}). */
export type SeriesHosts = z.infer<typeof seriesHostsSchema>;

import * as z from '../config/zod-mini';

/**
 * One turn of an edited script: the id of a turn of the latest version it keeps (absent: a new
 * turn, which gets a new stable id), who says it (one of the script's hosts) and what is said.
 */
export const scriptEditTurnSchema = z.strictObject({
  id: z.optional(z.string()),
  speaker: z.string(),
  text: z.string(),
});

/**
 * `PUT /api/podcasts/{jobId}/script`: the version the edit starts from (the latest, or 409) and
 * the whole new list of turns, in order: changed, deleted (left out), inserted (no `id`) or
 * moved. The answer is the new version as `GET …/script` shows it (`podcastScriptBodySchema`).
 */
export const podcastScriptEditSchema = z.strictObject({
  version: z.number().check(z.int(), z.minimum(1)),
  turns: z.array(scriptEditTurnSchema),
});

/** An edit of a job's script ({@link podcastScriptEditSchema}). */
export type PodcastScriptEdit = z.infer<typeof podcastScriptEditSchema>;

import * as z from '../config/zod-mini';

/** One spoken turn of a script as the API shows it: a stable id, who says it, and how long. */
export const scriptTurnSchema = z.object({
  id: z.string(),
  speaker: z.string(),
  text: z.string(),
  /** Its speaking time at the speech engine's calibrated rate for the job's voice quality. */
  seconds: z.number(),
});

/** One chapter of a script: its title and its turns' ids, in order. */
export const scriptChapterSchema = z.object({
  title: z.string(),
  turnIds: z.array(z.string()),
});

/**
 * `GET /api/podcasts/{jobId}/script`: a job's script as a list of turns, with its version (1:
 * as written), its hosts, its chapters by turn id, the speaking time it comes to and what
 * rendering it would cost (`quotaCost` of `estimatedSeconds` at the job's quality).
 */
export const podcastScriptBodySchema = z.object({
  version: z.number(),
  hosts: z.array(z.object({ name: z.string() })),
  turns: z.array(scriptTurnSchema),
  chapters: z.array(scriptChapterSchema),
  estimatedSeconds: z.number(),
  estimatedCost: z.number(),
});

/** A job's script as `GET /api/podcasts/{jobId}/script` answers it ({@link podcastScriptBodySchema}). */
export type PodcastScriptBody = z.infer<typeof podcastScriptBodySchema>;

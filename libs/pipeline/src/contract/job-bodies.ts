import * as z from '../config/zod-mini';
import { jobStatusSchema, podcastFormatSchema, voiceQualitySchema } from './body-enums';
import { episodeRenderSchema } from './render-bodies';

/** A chapter of an assembled episode, in seconds from its start. */
export const episodeChapterSchema = z.object({
  title: z.string(),
  startSeconds: z.number(),
  endSeconds: z.number(),
});

/** A chapter of an assembled episode ({@link episodeChapterSchema}). */
export type EpisodeChapter = z.infer<typeof episodeChapterSchema>;

/**
 * A job as the HTTP API shows it to its owner (`GET /api/podcasts/{jobId}`, and each item of
 * `GET /api/podcasts`): the listed fields, progress, the costs (quoted, measured, charged) and,
 * once ready, fresh links to its audio and captions. Built by the api's `toPublicJob`.
 */
export const publicJobSchema = z.object({
  jobId: z.string(),
  status: jobStatusSchema,
  topic: z.string(),
  quality: voiceQualitySchema,
  minutes: z.number(),
  /** The format asked for; absent means `deep-dive`. */
  format: z.optional(podcastFormatSchema),
  /** The hosts' names asked for; absent means the format's default hosts. */
  hosts: z.optional(z.array(z.string())),
  /** The language asked for; absent means `en-US`. */
  language: z.optional(z.string()),
  /** The source link the episode was written from, if it had one. */
  sourceUrl: z.optional(z.string()),
  /** The uploaded source file the episode was written from, if it had one. */
  sourceId: z.optional(z.string()),
  seriesId: z.optional(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  progress: z.object({ done: z.number(), total: z.number() }),
  estimatedCost: z.number(),
  /** Slots charged: `min(measuredCost, estimatedCost)`. */
  cost: z.optional(z.number()),
  /** Slots the audio measured (`quotaCost` of its duration), before the quote capped the charge. */
  measuredCost: z.optional(z.number()),
  chargedWeek: z.optional(z.string()),
  durationSeconds: z.optional(z.number()),
  /** The episode MP3's size in bytes, once assembled. */
  audioBytes: z.optional(z.number()),
  audioUrl: z.optional(z.string()),
  captionsUrl: z.optional(z.string()),
  chapters: z.optional(z.array(episodeChapterSchema)),
  error: z.optional(z.string()),
  /** The latest version of its script (a review job's, or one edited after it was ready). */
  scriptVersion: z.optional(z.number()),
  /** Its renders, oldest first (a job made without review has none). `cost` is their total. */
  renders: z.optional(z.array(episodeRenderSchema)),
});

/** A job as the HTTP API shows it to its owner ({@link publicJobSchema}). */
export type PublicJob = z.infer<typeof publicJobSchema>;

/**
 * One page of `GET /api/podcasts?limit=&cursor=`: the caller's jobs, newest first, and the
 * opaque cursor of the next (older) page when there is one (never empty).
 */
export const jobPageSchema = z.object({
  items: z.array(publicJobSchema),
  nextCursor: z.optional(z.string().check(z.minLength(1))),
});

/** One page of `GET /api/podcasts` ({@link jobPageSchema}). */
export type JobPage = z.infer<typeof jobPageSchema>;

/** The body of the 202 answer to `POST /api/podcasts`. */
export const podcastAcceptedSchema = z.object({
  jobId: z.string(),
  status: z.literal('queued'),
  estimatedCost: z.number(),
});

/** The body of the 202 answer to `POST /api/podcasts` ({@link podcastAcceptedSchema}). */
export type PodcastAccepted = z.infer<typeof podcastAcceptedSchema>;

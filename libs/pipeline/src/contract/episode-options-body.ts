import * as z from '../config/zod-mini';
import { podcastFormatSchema, voiceQualitySchema } from './body-enums';

const rangeSchema = z.object({ min: z.number(), max: z.number() });

/** A list the answer never changes (`EPISODE_OPTIONS` is frozen). */
const list = <T extends z.ZodMiniType>(item: T) => z.readonly(z.array(item));

/**
 * The body of `GET /api/options` (`EPISODE_OPTIONS`): the languages an episode can be made in,
 * each with the qualities that have voices in it, their Polly voices and the most hosts they
 * allow; the formats with their host counts; the minute limits; and the default language, which
 * is one of the languages.
 */
export const episodeOptionsSchema = z
  .object({
    languages: list(
      z.object({
        code: z.string(),
        name: z.string(),
        qualities: list(
          z.object({ quality: voiceQualitySchema, voices: list(z.string()), maxHosts: z.number() }),
        ),
      }),
    ),
    formats: list(z.object({ format: podcastFormatSchema, hosts: rangeSchema })),
    minutes: rangeSchema,
    defaultLanguage: z.string(),
  })
  .check(
    z.refine(
      (options) => options.languages.some((language) => language.code === options.defaultLanguage),
      { message: 'is not one of the languages', path: ['defaultLanguage'] },
    ),
  );

/** The body of `GET /api/options` ({@link episodeOptionsSchema}). */
export type EpisodeOptions = z.infer<typeof episodeOptionsSchema>;

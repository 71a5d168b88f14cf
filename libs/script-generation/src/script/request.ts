import { isVoiceQuality, type VoiceQuality } from '@lumcast/quota';
import * as z from '../zod-mini';
import { ScriptInputError } from '../errors';
import {
  BRIEF_MAX_MINUTES,
  DEFAULT_PODCAST_FORMAT,
  PODCAST_FORMATS,
  type PodcastFormat,
} from './podcast-format';
import { FORMAT_HOST_COUNTS } from './episode-hosts';
import { keptHost, requestedHostsSchema, type RequestedHost } from './requested-hosts';
import { LANGUAGE_TAG_PATTERN, SCRIPT_LANGUAGE_NAMES, scriptLanguageFamily } from './language';

/** Longest accepted topic, in characters (UTF-16 code units, i.e. JavaScript `length`). */
export const TOPIC_MAX_CHARS = 200;
/** Longest accepted source text: 100,000 characters (UTF-16 code units), ≈ 15,000 words. */
export const SOURCE_TEXT_MAX_CHARS = 100_000;
/** Shortest episode, in whole minutes. */
export const MIN_EPISODE_MINUTES = 1;
/** Longest episode, in whole minutes. */
export const MAX_EPISODE_MINUTES = 60;
/** Most characters of series context (all titles, summaries and key points) a request may carry. */
export const SERIES_CONTEXT_MAX_CHARS = 12_000;
/** Longest accepted user or series id. */
export const SERIES_ID_MAX_CHARS = 200;
const scriptLanguageList = Object.entries(SCRIPT_LANGUAGE_NAMES)
  .map(([family, name]) => `${name} (${family}-…)`)
  .join(', ');

const languageSchema = z.string({ error: 'language must be a string' }).check(
  z.regex(LANGUAGE_TAG_PATTERN, {
    error: (issue) =>
      `language must be a language tag such as en-US or es-MX (got ${JSON.stringify(issue.input)})`,
  }),
  z.refine((language: string) => scriptLanguageFamily(language) !== undefined, {
    error: (issue) =>
      `scripts are written in ${scriptLanguageList}; not ${JSON.stringify(issue.input)}`,
  }),
);

const previousEpisodeSchema = z.object({
  title: z.string({ error: 'title must be a string' }),
  summary: z.string({ error: 'summary must be a string' }),
  keyPoints: z.array(z.string({ error: 'key points must be strings' }), {
    error: 'keyPoints must be an array of strings',
  }),
});

const seriesContextSchema = z
  .object({
    seriesId: z
      .string({ error: 'seriesId must be a string' })
      .check(z.trim(), z.minLength(1, { error: 'seriesId must not be empty' })),
    previousEpisodes: z.array(previousEpisodeSchema, {
      error: 'previousEpisodes must be an array',
    }),
  })
  .check(
    z.refine((context) => seriesContextChars(context) <= SERIES_CONTEXT_MAX_CHARS, {
      error: `series context must be at most ${SERIES_CONTEXT_MAX_CHARS} characters in all`,
      path: ['previousEpisodes'],
    }),
  );

/**
 * Zod schema of a script request. Unknown keys are ignored; a blank `sourceText`
 * (empty or whitespace only) means "no source text".
 */
export const scriptRequestSchema = z
  .object({
    topic: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'topic is required' : 'topic must be a string',
      })
      .check(
        z.trim(),
        z.minLength(1, { error: 'topic must not be empty' }),
        z.maxLength(TOPIC_MAX_CHARS, {
          error: `topic must be at most ${TOPIC_MAX_CHARS} characters`,
        }),
      ),
    sourceText: z.pipe(
      z.optional(
        z.string({ error: 'sourceText must be a string' }).check(
          z.maxLength(SOURCE_TEXT_MAX_CHARS, {
            error: (issue) =>
              `sourceText must be at most ${SOURCE_TEXT_MAX_CHARS} characters (got ${String(
                (issue.input as string).length,
              )})`,
          }),
        ),
      ),
      z.transform((text: string | undefined) =>
        text === undefined || text.trim() === '' ? undefined : text,
      ),
    ),
    minutes: z
      .number({
        error: (issue) =>
          issue.input === undefined ? 'minutes is required' : 'minutes must be a number',
      })
      .check(
        z.int({ error: 'minutes must be a whole number' }),
        z.minimum(MIN_EPISODE_MINUTES, {
          error: `minutes must be between ${MIN_EPISODE_MINUTES} and ${MAX_EPISODE_MINUTES}`,
        }),
        z.maximum(MAX_EPISODE_MINUTES, {
          error: `minutes must be between ${MIN_EPISODE_MINUTES} and ${MAX_EPISODE_MINUTES}`,
        }),
      ),
    quality: z.custom<VoiceQuality>(isVoiceQuality, {
      error: (issue) =>
        `quality must be one of standard, neural, generative (got ${JSON.stringify(issue.input) ?? 'nothing'})`,
    }),
    format: z.optional(
      z.enum(PODCAST_FORMATS, {
        error: (issue) =>
          `format must be one of ${PODCAST_FORMATS.join(', ')} (got ${JSON.stringify(issue.input) ?? 'nothing'})`,
      }),
    ),
    hosts: z.optional(requestedHostsSchema),
    language: z.optional(languageSchema),
    series: z.optional(seriesContextSchema),
  })
  .check(
    z.superRefine((request, context) => {
      if (!request.hosts) return;
      const format = request.format ?? DEFAULT_PODCAST_FORMAT;
      const { min, max } = FORMAT_HOST_COUNTS[format];
      if (request.hosts.length < min || request.hosts.length > max) {
        context.addIssue({
          code: 'custom',
          path: ['hosts'],
          message:
            min === max
              ? `a ${format} has exactly ${min} host${min === 1 ? '' : 's'}`
              : `a ${format} has ${min} to ${max} hosts`,
        });
      }
    }),
    z.refine((request) => request.format !== 'brief' || request.minutes <= BRIEF_MAX_MINUTES, {
      error: `a brief is ${BRIEF_MAX_MINUTES} minutes at most`,
      path: ['minutes'],
    }),
  );

/**
 * What earlier episodes of the same series said, injected into the prompt so the new
 * episode builds on them without repeating them. Produced by `SeriesMemory.recall` (`@lumcast/pipeline`).
 */
export interface SeriesContext {
  seriesId: string;
  /** Oldest first; the most recent episodes that fit the memory budget. */
  previousEpisodes: PreviousEpisode[];
}

/** One earlier episode as remembered by series memory. */
export interface PreviousEpisode {
  title: string;
  summary: string;
  keyPoints: string[];
}

/** A validated request for a script. */
export interface ScriptRequest {
  topic: string;
  sourceText?: string;
  /** Whole minutes, 1–60. */
  minutes: number;
  quality: VoiceQuality;
  /** The episode's format; absent means `deep-dive`. */
  format?: PodcastFormat;
  /**
   * The hosts (one for a lecture, two or three otherwise); absent means the default hosts. A
   * host's `persona` (who they are and how they speak, at most `HOST_PERSONA_MAX_CHARS`
   * characters) is quoted to the model as data in the user turn, never in the system prompt.
   */
  hosts?: RequestedHost[];
  /**
   * The language the script is written in, a tag such as `es-MX` whose family is one of
   * `SCRIPT_LANGUAGE_NAMES`; absent means `en-US`.
   */
  language?: string;
  series?: SeriesContext;
}

/**
 * Validates unknown input as a {@link ScriptRequest} (trimming the topic), or throws a
 * {@link ScriptInputError} whose `field` names the first offending field. No I/O.
 *
 * @example
 * ```ts
 * const request = parseScriptRequest({ topic: 'Tides', minutes: 5, quality: 'neural' });
 * parseScriptRequest({ topic: 'Tides', minutes: 90, quality: 'neural' });
 * // throws ScriptInputError: minutes must be between 1 and 60 (field 'minutes')
 * ```
 */
export function parseScriptRequest(input: unknown): ScriptRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new ScriptInputError('(request)', 'a script request must be an object');
  }
  const result = scriptRequestSchema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(request)';
    throw new ScriptInputError(field, issue?.message ?? 'invalid script request', {
      cause: result.error,
    });
  }
  const { sourceText, series, format, hosts, language, ...rest } = result.data;
  return {
    ...rest,
    ...(sourceText === undefined ? {} : { sourceText }),
    ...(format === undefined ? {} : { format }),
    ...(hosts === undefined
      ? {}
      : {
          hosts: hosts.map(keptHost),
        }),
    ...(language === undefined ? {} : { language }),
    ...(series === undefined ? {} : { series }),
  };
}

/** Total characters of a series context's titles, summaries and key points. */
export function seriesContextChars(context: { previousEpisodes: PreviousEpisode[] }): number {
  let chars = 0;
  for (const episode of context.previousEpisodes) {
    chars += episode.title.length + episode.summary.length;
    for (const point of episode.keyPoints) chars += point.length;
  }
  return chars;
}

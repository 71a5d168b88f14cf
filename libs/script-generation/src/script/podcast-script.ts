import * as z from '../zod-mini';
import { describeSchemaIssues } from './schema-issues';
import { spokenWordEnds } from '../speech/spoken-words';
import { SCRIPT_HOSTS_MAX, notAHostMessage, repeatedHostIndex } from './episode-hosts';

// The script's limits and fields come first: an outline (outline.ts) and a written
// chapter (written-chapter.ts) are checked with the same fields, in the same words.

/** Longest accepted episode title, in characters. */
export const SCRIPT_TITLE_MAX_CHARS = 200;
/** Longest accepted one-paragraph summary, in characters. */
export const SCRIPT_SUMMARY_MAX_CHARS = 2_000;
/** Most key points an episode may list. */
export const SCRIPT_KEY_POINTS_MAX = 12;

/** Longest accepted key point, in characters. */
export const SCRIPT_KEY_POINT_MAX_CHARS = 500;
/** Longest accepted host name, in characters. */
export const SCRIPT_HOST_NAME_MAX_CHARS = 60;

/**
 * A trimmed, non-empty string named `what` in its messages, at most `max` characters when
 * given.
 */
export function nonBlank(what: string, max?: number) {
  const base = z
    .string({ error: `${what} must be a string` })
    .check(z.trim(), z.minLength(1, { error: `${what} must not be empty` }));
  return max === undefined
    ? base
    : base.check(z.maxLength(max, { error: `${what} must be at most ${max} characters` }));
}

/** The episode's title. */
export const titleField = nonBlank('title', SCRIPT_TITLE_MAX_CHARS);

/** The episode's one-paragraph summary. */
export const summaryField = nonBlank('summary', SCRIPT_SUMMARY_MAX_CHARS);

/** A chapter's title, written or planned. */
export const chapterTitleField = nonBlank('chapter title', SCRIPT_TITLE_MAX_CHARS);

const hostSchema = z.object({ name: nonBlank('host name', SCRIPT_HOST_NAME_MAX_CHARS) });

/**
 * The check that no two hosts of a list share a name (compared without case), reported on the
 * repeated name.
 */
export const distinctHostNames = z.superRefine((hosts: readonly { name: string }[], context) => {
  const repeated = repeatedHostIndex(hosts);
  if (repeated >= 0) {
    context.addIssue({
      code: 'custom',
      path: [repeated, 'name'],
      message: 'the hosts must have different names',
    });
  }
});

/** One to `SCRIPT_HOSTS_MAX` `{ name }` hosts with different names (compared without case). */
export const hostsField = z
  .array(hostSchema, { error: 'hosts must be an array of { name } objects' })
  .check(
    z.minLength(1, { error: 'an episode needs at least one host' }),
    z.maxLength(SCRIPT_HOSTS_MAX, { error: `an episode has at most ${SCRIPT_HOSTS_MAX} hosts` }),
    distinctHostNames,
  );

/** One to `SCRIPT_KEY_POINTS_MAX` non-blank key points. */
export const keyPointsField = z
  .array(nonBlank('key point', SCRIPT_KEY_POINT_MAX_CHARS), {
    error: 'keyPoints must be an array of strings',
  })
  .check(
    z.minLength(1, { error: 'list at least one key point' }),
    z.maxLength(SCRIPT_KEY_POINTS_MAX, {
      error: `list at most ${SCRIPT_KEY_POINTS_MAX} key points`,
    }),
  );

const segmentSchema = z.object({ speaker: nonBlank('speaker'), text: nonBlank('segment text') });

/** At least one `{ speaker, text }` segment (each schema checks the speakers). */
export const segmentsField = z
  .array(segmentSchema, { error: 'segments must be an array' })
  .check(z.minLength(1, { error: 'a chapter needs at least one segment' }));

const chapterSchema = z.object({ title: chapterTitleField, segments: segmentsField });

/**
 * Zod schema of a podcast script of one to three hosts. Beyond the shape it checks that the
 * host names differ and that every segment's `speaker` is one of them.
 */
export const podcastScriptSchema = z
  .object({
    title: titleField,
    summary: summaryField,
    hosts: hostsField,
    chapters: z
      .array(chapterSchema, { error: 'chapters must be an array' })
      .check(z.minLength(1, { error: 'a script needs at least one chapter' })),
    keyPoints: keyPointsField,
  })
  .check(
    z.superRefine((script, context) => {
      const names = script.hosts.map((host) => host.name);
      const hosts = new Set(names);
      script.chapters.forEach((chapter, chapterIndex) =>
        chapter.segments.forEach((segment, segmentIndex) => {
          if (!hosts.has(segment.speaker)) {
            context.addIssue({
              code: 'custom',
              path: ['chapters', chapterIndex, 'segments', segmentIndex, 'speaker'],
              message: notAHostMessage(segment.speaker, ...names),
            });
          }
        }),
      );
    }),
  );

/**
 * A podcast script: title, one-paragraph summary, its one to three hosts, chapters of
 * spoken segments, and the episode's key points (stored by series memory).
 */
export type PodcastScript = z.infer<typeof podcastScriptSchema>;

/** One spoken turn of a {@link PodcastScript}. */
export type ScriptSegment = PodcastScript['chapters'][number]['segments'][number];

/** One chapter of a {@link PodcastScript}. */
export type ScriptChapter = PodcastScript['chapters'][number];

/** Outcome of {@link validatePodcastScript}. */
export type ScriptValidation =
  { ok: true; script: PodcastScript } | { ok: false; issues: string[] };

/**
 * Validates unknown data (typically parsed model output) as a {@link PodcastScript},
 * returning either the script or a list of `path: message` problems.
 */
export function validatePodcastScript(input: unknown): ScriptValidation {
  const result = podcastScriptSchema.safeParse(input);
  if (result.success) return { ok: true, script: result.data };
  return { ok: false, issues: describeSchemaIssues(result.error.issues) };
}

/**
 * Counts spoken words in a text: runs of letters or digits (with inner apostrophes or
 * hyphens), so punctuation and emoji do not count. Chinese and Japanese text, written
 * without spaces, counts by `Intl.Segmenter` words, and a run of more than 30 letters with
 * no break counts one word per 30 letters.
 *
 * @example
 * ```ts
 * countWords("Don't panic — it's 42."); // 4
 * countWords('潮汐は月の引力によって起こる'); // 7
 * ```
 */
export function countWords(text: string): number {
  return spokenWordEnds(text).length;
}

/**
 * Counts the spoken words of a script (segment texts only; titles are not read aloud).
 *
 * @example
 * ```ts
 * countScriptWords(script); // e.g. 1520
 * ```
 */
export function countScriptWords(script: PodcastScript): number {
  let words = 0;
  for (const chapter of script.chapters) {
    for (const segment of chapter.segments) words += countWords(segment.text);
  }
  return words;
}

import * as z from '../zod-mini';
import {
  chapterTitleField,
  hostsField,
  keyPointsField,
  nonBlank,
  summaryField,
  titleField,
  validatePodcastScript,
  type ScriptChapter,
  type ScriptValidation,
} from './podcast-script';

/** Most chapters an outline may plan (each chapter is one model call). */
export const OUTLINE_CHAPTERS_MAX = 16;

/** Longest accepted chapter brief of an outline, in characters. */
export const OUTLINE_BRIEF_MAX_CHARS = 2_000;

const plannedChapterSchema = z.object({
  title: chapterTitleField,
  brief: nonBlank('chapter brief', OUTLINE_BRIEF_MAX_CHARS),
  targetWords: z
    .number({ error: 'targetWords must be a number' })
    .check(
      z.int({ error: 'targetWords must be a whole number' }),
      z.minimum(1, { error: 'targetWords must be at least 1' }),
    ),
});

/**
 * Zod schema of a {@link ScriptOutline}: what the later chapter calls and the final join
 * need, with its hosts fixed and every chapter's spoken-word target.
 */
export const scriptOutlineSchema = z.object({
  title: titleField,
  summary: summaryField,
  hosts: hostsField,
  keyPoints: keyPointsField,
  chapters: z.array(plannedChapterSchema, { error: 'chapters must be an array' }).check(
    z.minLength(1, { error: 'an outline needs at least one chapter' }),
    z.maxLength(OUTLINE_CHAPTERS_MAX, {
      error: `an outline has at most ${OUTLINE_CHAPTERS_MAX} chapters`,
    }),
  ),
});

/**
 * The plan of an episode written in parts: title, summary, key points and hosts of the
 * whole episode, and the chapters to write, each with a brief and a spoken-word target.
 */
export type ScriptOutline = z.infer<typeof scriptOutlineSchema>;

/** One planned chapter of a {@link ScriptOutline}. */
export type PlannedChapter = ScriptOutline['chapters'][number];

/**
 * Joins an outline and its written chapters (in outline order) into one script and
 * validates it as a whole with `validatePodcastScript`, exactly as a script written in
 * one call is validated. Each chapter takes its title from the outline.
 *
 * @example
 * ```ts
 * const result = joinScriptParts(outline, chapters);
 * if (!result.ok) throw new ScriptOutputError(result.issues, 'the joined script is invalid');
 * ```
 */
export function joinScriptParts(
  outline: ScriptOutline,
  chapters: readonly ScriptChapter[],
): ScriptValidation {
  if (chapters.length !== outline.chapters.length) {
    return {
      ok: false,
      issues: [
        `chapters: the outline plans ${outline.chapters.length} chapters but ${chapters.length} were written`,
      ],
    };
  }
  return validatePodcastScript({
    title: outline.title,
    summary: outline.summary,
    hosts: outline.hosts,
    keyPoints: outline.keyPoints,
    chapters: outline.chapters.map((planned, index) => ({
      title: planned.title,
      segments: chapters[index]?.segments ?? [],
    })),
  });
}

import * as z from './zod-mini';
import type { ScriptChapter } from './podcast-script';
import type { ScriptOutline } from './script-outline';

const segmentSchema = z.object({
  speaker: z
    .string({ error: 'speaker must be a string' })
    .check(z.trim(), z.minLength(1, { error: 'speaker must not be empty' })),
  text: z
    .string({ error: 'segment text must be a string' })
    .check(z.trim(), z.minLength(1, { error: 'segment text must not be empty' })),
});

const writtenChapterSchema = z.object({
  segments: z
    .array(segmentSchema, { error: 'segments must be an array' })
    .check(z.minLength(1, { error: 'a chapter needs at least one segment' })),
});

/** Outcome of {@link validateWrittenChapter}. @example `if (!result.ok) console.log(result.issues);` */
export type ChapterValidation =
  { ok: true; chapter: ScriptChapter } | { ok: false; issues: string[] };

/**
 * Validates unknown data (a chapter tool call's input) as chapter `index` of an outline:
 * at least one segment, every `speaker` one of the outline's hosts. The chapter's title is
 * the outline's.
 *
 * @example
 * ```ts
 * const result = validateWrittenChapter(toolUse.input, outline, 2);
 * if (result.ok) parts.push(result.chapter);
 * ```
 */
export function validateWrittenChapter(
  input: unknown,
  outline: ScriptOutline,
  index: number,
): ChapterValidation {
  const planned = outline.chapters[index];
  if (!planned) return { ok: false, issues: [`(root): the outline has no chapter ${index}`] };
  const result = writtenChapterSchema.safeParse(input);
  if (!result.success) {
    return {
      ok: false,
      issues: result.error.issues.map(
        (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`,
      ),
    };
  }
  const [first, second] = outline.hosts.map((host) => host.name);
  const names = new Set([first, second]);
  const issues = result.data.segments.flatMap((segment, position) =>
    names.has(segment.speaker)
      ? []
      : [
          `segments.${position}.speaker: speaker "${segment.speaker}" is not one of the hosts (${first}, ${second})`,
        ],
  );
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, chapter: { title: planned.title, segments: result.data.segments } };
}

import * as z from '../zod-mini';
import { notAHostMessage } from './episode-hosts';
import { segmentsField, type ScriptChapter } from './podcast-script';
import { describeSchemaIssues } from './schema-issues';
import type { ScriptOutline } from './outline';

const writtenChapterSchema = z.object({ segments: segmentsField });

/** Outcome of {@link validateWrittenChapter}. */
export type ChapterValidation =
  { ok: true; chapter: ScriptChapter } | { ok: false; issues: string[] };

/**
 * Validates unknown data (a chapter tool call's input) as chapter `index` of an outline:
 * at least one segment, every `speaker` one of the outline's hosts. The chapter's title is
 * the outline's.
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
    return { ok: false, issues: describeSchemaIssues(result.error.issues) };
  }
  const names = outline.hosts.map((host) => host.name);
  const hosts = new Set(names);
  const issues = result.data.segments.flatMap((segment, position) =>
    hosts.has(segment.speaker)
      ? []
      : [`segments.${position}.speaker: ${notAHostMessage(segment.speaker, ...names)}`],
  );
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, chapter: { title: planned.title, segments: result.data.segments } };
}

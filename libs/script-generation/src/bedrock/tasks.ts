import {
  CHAPTER_TOOL_INPUT_SCHEMA,
  CHAPTER_TOOL_NAME,
  buildChapterRepairPrompt,
  buildChapterRevisionPrompt,
  type ChapterPrompts,
} from '../prompts/chapter-prompts';
import {
  OUTLINE_TOOL_INPUT_SCHEMA,
  OUTLINE_TOOL_NAME,
  buildOutlineRepairPrompt,
  type OutlinePrompts,
} from '../prompts/outline-prompts';
import {
  countScriptWords,
  countWords,
  validatePodcastScript,
  type PodcastScript,
  type ScriptChapter,
} from '../script/podcast-script';
import {
  buildRepairPrompt,
  buildRevisionPrompt,
  SCRIPT_TOOL_INPUT_SCHEMA,
  SCRIPT_TOOL_NAME,
  type ScriptPrompts,
} from '../prompts/script-prompts';
import { describeSchemaIssues } from '../script/schema-issues';
import { scriptOutlineSchema, type ScriptOutline } from '../script/outline';
import { CHAPTER_MAX_WORDS, scaleWordTargets } from '../script/parts';
import { trimScriptToWindow } from '../script/trim';
import { validateWrittenChapter } from '../script/written-chapter';
import type { Checked, ForcedTool, ModelTask } from './model-task';

const SCRIPT_TOOL: ForcedTool = {
  name: SCRIPT_TOOL_NAME,
  description: 'Submit the complete podcast script.',
  schema: SCRIPT_TOOL_INPUT_SCHEMA,
};
const OUTLINE_TOOL: ForcedTool = {
  name: OUTLINE_TOOL_NAME,
  description: 'Submit the outline of a long podcast episode.',
  schema: OUTLINE_TOOL_INPUT_SCHEMA,
};
const CHAPTER_TOOL: ForcedTool = {
  name: CHAPTER_TOOL_NAME,
  description: 'Submit one chapter of a podcast episode.',
  schema: CHAPTER_TOOL_INPUT_SCHEMA,
};

/** The model's answer with the episode's hosts in place of whatever it named: the hosts are the request's. */
function withHosts(input: unknown, hosts: readonly string[]): unknown {
  return typeof input === 'object' && input !== null
    ? { ...input, hosts: hosts.map((name) => ({ name })) }
    : input;
}

/**
 * The task of writing a whole script: the `submit_podcast_script` tool, checked by
 * `validatePodcastScript` with the episode's hosts set by the writer, kept in the prompts' word window (trimmed at a chapter boundary
 * when over it).
 */
export function scriptTask(prompts: ScriptPrompts): ModelTask<PodcastScript> {
  return {
    what: 'script',
    system: prompts.system,
    user: prompts.user,
    maxTokens: Math.min(32_000, Math.ceil(prompts.maxWords * 1.6) + 1_500),
    tool: SCRIPT_TOOL,
    check: (input) => {
      const validation = validatePodcastScript(withHosts(input, prompts.hosts));
      return validation.ok ? { ok: true, value: validation.script } : validation;
    },
    repairPrompt: buildRepairPrompt,
    length: {
      words: countScriptWords,
      trim: trimScriptToWindow,
      targetWords: prompts.targetWords,
      minWords: prompts.minWords,
      maxWords: prompts.maxWords,
      revisionPrompt: buildRevisionPrompt,
    },
  };
}

/**
 * The task of planning a long episode: the `submit_podcast_outline` tool, checked by
 * {@link checkOutline} (which rescales the chapters' word targets); no word window.
 */
export function outlineTask(prompts: OutlinePrompts): ModelTask<ScriptOutline> {
  return {
    what: 'outline',
    system: prompts.system,
    user: prompts.user,
    maxTokens: 6_000,
    tool: OUTLINE_TOOL,
    check: (input) => checkOutline(input, prompts),
    repairPrompt: buildOutlineRepairPrompt,
  };
}

/**
 * The task of writing chapter `index` of a checked outline: the `submit_podcast_chapter`
 * tool, checked by `validateWrittenChapter`, kept in the chapter's own word window (no
 * trim: a chapter has no chapter boundary to cut at).
 */
export function chapterTask(
  prompts: ChapterPrompts,
  outline: ScriptOutline,
  index: number,
): ModelTask<ScriptChapter> {
  return {
    what: `chapter ${index + 1}`,
    system: prompts.system,
    user: prompts.user,
    maxTokens: Math.ceil(prompts.maxWords * 1.6) + 1_000,
    tool: CHAPTER_TOOL,
    check: (input) => {
      const result = validateWrittenChapter(input, outline, index);
      return result.ok ? { ok: true, value: result.chapter } : result;
    },
    repairPrompt: buildChapterRepairPrompt,
    length: {
      words: (chapter) =>
        chapter.segments.reduce((total, segment) => total + countWords(segment.text), 0),
      targetWords: prompts.targetWords,
      minWords: prompts.minWords,
      maxWords: prompts.maxWords,
      revisionPrompt: buildChapterRevisionPrompt,
    },
  };
}

/**
 * Checks an outline answer: its shape (with the episode's hosts, which the writer sets), its chapter count within
 * the prompts' range, and rescales its chapters' word targets to sum to the episode's
 * target, none above `CHAPTER_MAX_WORDS`.
 */
export function checkOutline(input: unknown, prompts: OutlinePrompts): Checked<ScriptOutline> {
  const result = scriptOutlineSchema.safeParse(withHosts(input, prompts.hosts));
  if (!result.success) {
    return { ok: false, issues: describeSchemaIssues(result.error.issues) };
  }
  const outline = result.data;
  const count = outline.chapters.length;
  if (count < prompts.minChapters || count > prompts.maxChapters) {
    return {
      ok: false,
      issues: [
        `chapters: plan between ${prompts.minChapters} and ${prompts.maxChapters} chapters (got ${count})`,
      ],
    };
  }
  const targets = scaleWordTargets(
    outline.chapters.map((chapter) => chapter.targetWords),
    prompts.targetWords,
  );
  const tooLong = targets.flatMap((words, index) =>
    words > CHAPTER_MAX_WORDS
      ? [
          `chapters.${index}.targetWords: scaled to the episode's ${prompts.targetWords} words this chapter needs ${words} words, more than ${CHAPTER_MAX_WORDS}; split it or balance the chapters`,
        ]
      : [],
  );
  if (tooLong.length > 0) return { ok: false, issues: tooLong };
  return {
    ok: true,
    value: {
      ...outline,
      chapters: outline.chapters.map((chapter, index) => ({
        ...chapter,
        targetWords: targets[index] ?? chapter.targetWords,
      })),
    },
  };
}

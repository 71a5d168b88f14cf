import { neutralizePromptData, quotePromptData } from './data';
import {
  NO_SOURCE_RULE,
  QUOTED_DATA_RULE,
  SOURCE_RULE,
  spokenTextRule,
  languageRule,
  hostPersonas,
  hostsSection,
  personaRule,
  seriesRule,
  seriesSection,
  sourceSection,
  topicLine,
} from './sections';
import {
  objectSchema,
  promptParagraphs,
  toolRepairPrompt,
  toolRevisionPrompt,
  turnRule,
  writerIntro,
  type AnswerLength,
  type SizedPrompts,
} from './tools';
import type { ScriptOutline } from '../script/outline';
import { formatRule } from '../script/podcast-format';
import type { ScriptRequest } from '../script/request';
import { SEGMENTS_SCHEMA } from './segments-schema';
import { acceptedWordRange } from '../speech/rate';

/** Name of the tool the model must call with one written chapter. */
export const CHAPTER_TOOL_NAME = 'submit_podcast_chapter';

/**
 * JSON schema of the chapter tool's input: the chapter's spoken segments (its title comes
 * from the outline). `validateWrittenChapter` is the authority.
 */
export const CHAPTER_TOOL_INPUT_SCHEMA = objectSchema({ segments: SEGMENTS_SCHEMA });

/** The prompts of one chapter request and its accepted length. */
export type ChapterPrompts = SizedPrompts;

/**
 * Builds the prompts for chapter `index` of an outline: the whole outline for context, the
 * chapter's brief, whether it opens or closes the episode, and its length, stated as
 * `about <n> words (between <min> and <max>)` (±15 % of the chapter's target). The outline
 * was written by the model from user material, so like the topic, the host names, the source
 * text and the series' earlier episodes it is quoted data in the user turn, never in the
 * system prompt.
 */
export function buildChapterPrompts(
  request: ScriptRequest,
  outline: ScriptOutline,
  index: number,
): ChapterPrompts {
  const chapter = outline.chapters[index];
  if (!chapter) {
    throw new RangeError(`the outline has no chapter ${index} (it has ${outline.chapters.length})`);
  }
  const hosts = outline.hosts.map((host) => host.name);
  const personas = hostPersonas(request, hosts);
  const count = outline.chapters.length;
  const { min, max } = acceptedWordRange(chapter.targetWords);
  const oneLine = (text: string) => neutralizePromptData(text, { singleLine: true });
  const plan = [
    `Episode: "${oneLine(outline.title)}": ${oneLine(outline.summary)}`,
    ...outline.chapters.map(
      (planned, position) =>
        `${position + 1}. "${oneLine(planned.title)}" (about ${planned.targetWords} words): ${oneLine(planned.brief)}`,
    ),
  ].join('\n');
  const role =
    count === 1
      ? 'This chapter is the whole episode: open with a short intro that names the topic and close with a short recap and goodbye.'
      : index === 0
        ? 'This is the first chapter: it opens the episode. The hosts greet the listener, introduce themselves and the topic, then start on the chapter brief. Do not say goodbye.'
        : index === count - 1
          ? 'This is the last chapter: it continues from the previous chapter without greeting the listener again, covers its brief, and closes the episode with a short recap and a goodbye.'
          : 'This is a middle chapter: it continues from the previous chapter without greeting the listener again, covers only its brief, and does not say goodbye.';
  const system = promptParagraphs([
    writerIntro(hosts),
    formatRule(request.format, hosts),
    spokenTextRule(request),
    languageRule(request),
    'This episode is long and is written one chapter at a time. The user message quotes the outline of the whole episode (its title, summary and chapters in order) in <outline>, and the brief of the chapter to write in <chapter>.',
    role,
    `${turnRule(hosts)} Stay within this chapter's brief: other chapters cover the rest.`,
    request.sourceText ? SOURCE_RULE : NO_SOURCE_RULE,
    QUOTED_DATA_RULE,
    personaRule(personas),
    `Answer by calling the ${CHAPTER_TOOL_NAME} tool exactly once with the chapter's segments {speaker, text}, where speaker is exactly one of the names quoted in the <host> tags, as written there.`,
    seriesRule(request.series),
  ]);
  const user = promptParagraphs([
    topicLine(request.topic),
    hostsSection(hosts, personas),
    `Write chapter ${index + 1} of ${count}: ${quotePromptData('chapter', `"${chapter.title}": ${chapter.brief}`, { singleLine: true })}`,
    `Length: about ${chapter.targetWords} words (between ${min} and ${max}) of spoken text in this chapter.`,
    `The episode's outline (quoted data):\n<outline>\n${plan}\n</outline>`,
    seriesSection(request.series),
    sourceSection(request),
    `Write the chapter now and submit it with the ${CHAPTER_TOOL_NAME} tool.`,
  ]);
  return { system, user, targetWords: chapter.targetWords, minWords: min, maxWords: max };
}

/** The message sent back when a chapter answer is invalid. */
export function buildChapterRepairPrompt(issues: readonly string[]): string {
  return toolRepairPrompt('chapter', CHAPTER_TOOL_NAME, issues);
}

/**
 * The message sent back when a valid chapter is outside ±15 % of its target length. It
 * states the target as `the target is <n> (between <min> and <max>)`.
 */
export function buildChapterRevisionPrompt(length: AnswerLength): string {
  return toolRevisionPrompt('chapter', CHAPTER_TOOL_NAME, length, 'the most important content');
}

import {
  NO_SOURCE_RULE,
  QUOTED_DATA_RULE,
  SOURCE_RULE,
  hostPersonas,
  hostsSection,
  personaRule,
  seriesRule,
  seriesSection,
  sourceSection,
  topicLine,
  languageRule,
} from './sections';
import {
  EPISODE_TITLE_PROPERTY,
  KEY_POINTS_PROPERTY,
  episodeLengthLine,
  objectSchema,
  hostsPhrase,
  promptParagraphs,
  toolRepairPrompt,
  type SizedPrompts,
} from './tools';
import { episodeHosts } from '../script/episode-hosts';
import { CHAPTER_MAX_WORDS, chapterCountRange } from '../script/parts';
import { formatRule } from '../script/podcast-format';
import type { ScriptRequest } from '../script/request';
import { acceptedWordRange, targetWords, type SpeechEngine } from '../speech/rate';

/** Name of the tool the model must call with an episode outline. */
export const OUTLINE_TOOL_NAME = 'submit_podcast_outline';

/**
 * JSON schema of the outline tool's input. `scriptOutlineSchema` is the authority (the
 * answer is validated with zod; the hosts are added by the writer, not the model).
 */
export const OUTLINE_TOOL_INPUT_SCHEMA = objectSchema({
  title: EPISODE_TITLE_PROPERTY,
  summary: { type: 'string', description: 'One paragraph summarising the whole episode.' },
  keyPoints: KEY_POINTS_PROPERTY,
  chapters: {
    type: 'array',
    description: 'The chapters in order, the first opening the episode, the last closing it.',
    minItems: 1,
    maxItems: 16,
    items: objectSchema({
      title: { type: 'string', description: 'Chapter title.' },
      brief: {
        type: 'string',
        description:
          'What the chapter covers, 2 to 4 sentences, precise enough that it can be written without seeing the other chapters.',
      },
      targetWords: {
        type: 'integer',
        description: 'Spoken words planned for this chapter.',
      },
    }),
  },
});

/** The prompts of an outline request, with the numbers the outline must respect. */
export interface OutlinePrompts extends SizedPrompts {
  /** Chapter counts the outline may have (the chapters' word targets sum to `targetWords`). */
  minChapters: number;
  maxChapters: number;
  /** The episode's host names, which the writer puts into the outline. */
  hosts: readonly string[];
}

/**
 * Builds the prompts that ask the model for the outline of a long episode: title,
 * summary, key points, and a chapter plan whose per-chapter word targets sum to the
 * episode's target, none above `CHAPTER_MAX_WORDS`. The user prompt states the length as
 * `about <n> words (between <min> and <max>)` and the chapter count as
 * `between <a> and <b> chapters`.
 */
export function buildOutlinePrompts(
  request: ScriptRequest,
  options: { engine?: SpeechEngine } = {},
): OutlinePrompts {
  const target = targetWords(request.minutes, request.quality, options);
  const { min, max } = acceptedWordRange(target);
  const chapters = chapterCountRange(target);
  const hosts = episodeHosts(request);
  const personas = hostPersonas(request, hosts);
  const system = promptParagraphs([
    `You plan episodes of Lumcast, a podcast ${hostsPhrase(hosts)}, ${hosts.length === 1 ? 'who talks to the listener directly' : 'who talk with each other naturally'} and explain${hosts.length === 1 ? 's' : ''} things clearly for a listener who is not an expert.`,
    formatRule(request.format, hosts),
    languageRule(request),
    'This episode is long, so it is written in parts: you write only its outline now. Each chapter will later be written on its own from its brief, by a writer who sees the outline but not the other chapters, so every brief must say precisely what its chapter covers and what it leaves to other chapters.',
    `The first chapter opens the episode (greeting the listener and introducing the topic); the last one closes it (a recap and a goodbye).`,
    request.sourceText ? SOURCE_RULE : NO_SOURCE_RULE,
    QUOTED_DATA_RULE,
    personaRule(personas),
    `Answer by calling the ${OUTLINE_TOOL_NAME} tool exactly once with: title, a one-paragraph summary of the whole episode, 3 to 7 keyPoints, and the chapters in order, each with a title, a brief and targetWords.`,
    seriesRule(request.series),
  ]);
  const user = promptParagraphs([
    topicLine(request.topic),
    hostsSection(hosts, personas),
    episodeLengthLine(request.minutes, { target, min, max }),
    `Plan between ${chapters.min} and ${chapters.max} chapters. Their targetWords must add up to ${target}, and no chapter may plan more than ${CHAPTER_MAX_WORDS} words.`,
    seriesSection(request.series),
    sourceSection(request),
    `Plan the episode now and submit the outline with the ${OUTLINE_TOOL_NAME} tool.`,
  ]);
  return {
    system,
    user,
    targetWords: target,
    minWords: min,
    maxWords: max,
    minChapters: chapters.min,
    maxChapters: chapters.max,
    hosts,
  };
}

/**
 * The message sent back when an outline is invalid: the problems, and a request to submit
 * the whole corrected outline again.
 */
export function buildOutlineRepairPrompt(issues: readonly string[]): string {
  return toolRepairPrompt('outline', OUTLINE_TOOL_NAME, issues);
}

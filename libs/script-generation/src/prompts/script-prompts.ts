import {
  SOURCE_RULE,
  NO_SOURCE_RULE,
  QUOTED_DATA_RULE,
  spokenTextRule,
  languageRule,
  seriesRule,
  hostPersonas,
  hostsSection,
  personaRule,
  seriesSection,
  sourceSection,
  topicLine,
} from './sections';
import {
  EPISODE_TITLE_PROPERTY,
  KEY_POINTS_PROPERTY,
  episodeLengthLine,
  objectSchema,
  promptParagraphs,
  turnRule,
  toolRepairPrompt,
  toolRevisionPrompt,
  writerIntro,
  type AnswerLength,
  type SizedPrompts,
} from './tools';
import { SCRIPT_HOSTS_MAX, episodeHosts } from '../script/episode-hosts';
import { formatRule } from '../script/podcast-format';
import type { ScriptRequest } from '../script/request';
import { SEGMENTS_SCHEMA } from './segments-schema';
import { acceptedWordRange, targetWords, type SpeechEngine } from '../speech/rate';

/** Name of the tool the model must call with the finished script. */
export const SCRIPT_TOOL_NAME = 'submit_podcast_script';

/**
 * JSON schema of the script tool's input (what the model must produce). Mirrors
 * `podcastScriptSchema`, which is the authority: the answer is validated with zod.
 */
export const SCRIPT_TOOL_INPUT_SCHEMA = objectSchema({
  title: EPISODE_TITLE_PROPERTY,
  summary: { type: 'string', description: 'One paragraph summarising the episode.' },
  hosts: {
    type: 'array',
    description: 'The hosts the prompt names, in its order.',
    minItems: 1,
    maxItems: SCRIPT_HOSTS_MAX,
    items: objectSchema({ name: { type: 'string' } }),
  },
  chapters: {
    type: 'array',
    minItems: 1,
    items: objectSchema({ title: { type: 'string' }, segments: SEGMENTS_SCHEMA }),
  },
  keyPoints: KEY_POINTS_PROPERTY,
});

/** The system and user prompts for one script request. */
export type ScriptPrompts = SizedPrompts & {
  /** The episode's host names, which the writer puts into the script. */
  hosts: readonly string[];
};

/**
 * Builds the system and user prompts for a natural episode of its hosts (two by default, one
 * for a lecture, or the request's `hosts`) sized for
 * speech: the target is `minutes × wordsPerMinute(quality)` words, and the model is told
 * the accepted ±15 % window. The system prompt holds only the lib's own rules; everything
 * that comes from a user or from an earlier model answer — the topic, the host names and their
 * personas, the source text, a series' earlier episodes — is quoted data in the user turn, neutralized so it can never
 * open or close a section, and the system prompt says quoted data is not instructions.
 * With a source text, the model is told to stay faithful to it. With a series context, the
 * earlier episodes' summaries and key points are quoted and must not be repeated.
 *
 * @example
 * ```ts
 * const prompts = buildScriptPrompts({ topic: 'Tides', minutes: 5, quality: 'neural' });
 * prompts.targetWords; // 775
 * ```
 */
export function buildScriptPrompts(
  request: ScriptRequest,
  options: { engine?: SpeechEngine } = {},
): ScriptPrompts {
  const target = targetWords(request.minutes, request.quality, options);
  const { min, max } = acceptedWordRange(target);
  const hosts = episodeHosts(request);
  const personas = hostPersonas(request, hosts);
  const chapters = Math.max(2, Math.min(8, Math.round(request.minutes / 3) + 1));

  const system = promptParagraphs([
    writerIntro(hosts),
    formatRule(request.format, hosts),
    spokenTextRule(request),
    languageRule(request),
    `Length matters: the episode must be about ${target} spoken words in total across all segments (between ${min} and ${max}). Titles, summary and key points do not count.`,
    `Structure: a short intro that names the topic, about ${chapters} chapters with clear titles, and a short outro that recaps. ${turnRule(hosts)}`,
    request.sourceText ? SOURCE_RULE : NO_SOURCE_RULE,
    QUOTED_DATA_RULE,
    personaRule(personas),
    `Answer by calling the ${SCRIPT_TOOL_NAME} tool exactly once with the complete script: title, a one-paragraph summary, hosts (one { name } for each name quoted in a <host> tag, exactly as written there and in that order), chapters with segments {speaker, text} where speaker is exactly one of those names, and 3 to 7 keyPoints.`,
    seriesRule(request.series),
  ]);

  const user = promptParagraphs([
    topicLine(request.topic),
    hostsSection(hosts, personas),
    episodeLengthLine(request.minutes, { target, min, max }),
    seriesSection(request.series),
    sourceSection(request),
    `Write the episode now and submit it with the ${SCRIPT_TOOL_NAME} tool.`,
  ]);

  return { system, user, targetWords: target, minWords: min, maxWords: max, hosts };
}

/**
 * The message sent back when the model's answer was not a valid script: the problems,
 * and a request to submit the whole corrected script again.
 */
export function buildRepairPrompt(issues: readonly string[]): string {
  return toolRepairPrompt('script', SCRIPT_TOOL_NAME, issues);
}

/**
 * The message sent back when a valid script is outside ±15 % of its target length:
 * asks for one revision that extends or trims it.
 */
export function buildRevisionPrompt(length: AnswerLength): string {
  return toolRevisionPrompt(
    'script',
    SCRIPT_TOOL_NAME,
    length,
    'the most important content and the intro and outro',
  );
}

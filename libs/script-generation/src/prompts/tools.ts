// The scaffolding the whole-script, outline and chapter prompts share: the shape of their
// prompts, the pieces of their tools' JSON schemas, and the messages of a repair or a
// revision round, so the three tools speak to the model in the same words.

import { neutralizePromptData } from './data';
/** The prompts of one model task and the spoken-word window its answer must land in. */
export interface SizedPrompts {
  system: string;
  user: string;
  /** Target spoken word count. */
  targetWords: number;
  /** Accepted window (±15 %) around the target. */
  minWords: number;
  maxWords: number;
}

/** A valid answer's spoken length against its window, as a revision prompt states it. */
export interface AnswerLength {
  actualWords: number;
  targetWords: number;
  minWords: number;
  maxWords: number;
}

/** The JSON schema of an object whose every property is required, in the properties' order. */
export function objectSchema<P extends Record<string, unknown>>(
  properties: P,
): { type: string; properties: P; required: string[] } {
  return { type: 'object', properties, required: Object.keys(properties) };
}

/** JSON schema of the episode title the script and outline tools ask for. */
export const EPISODE_TITLE_PROPERTY = {
  type: 'string',
  description: 'Episode title, at most 200 characters.',
};

/** JSON schema of the key points the script and outline tools ask for. */
export const KEY_POINTS_PROPERTY = {
  type: 'array',
  description: '3 to 7 key points the episode makes, one sentence each.',
  minItems: 1,
  maxItems: 12,
  items: { type: 'string' },
};

/**
 * Joins a prompt's paragraphs with blank lines, leaving out the empty ones (a section that
 * does not apply, such as a series section with no earlier episode).
 */
export function promptParagraphs(paragraphs: readonly string[]): string {
  return paragraphs.filter((paragraph) => paragraph !== '').join('\n\n');
}

/**
 * The opening of a writer's system prompt (whole script or chapter): how many hosts there are
 * and how they talk (one host talks to the listener). It names no host: the names are quoted
 * data in the user turn (`hostsSection`).
 */
export function writerIntro(hosts: readonly string[]): string {
  return `You write scripts for Lumcast, a podcast ${hostsPhrase(hosts)}, ${
    hosts.length === 1
      ? 'who talks to the listener directly and naturally, explaining things clearly for a listener who is not an expert.'
      : 'who talk with each other naturally: they ask and answer questions, react, summarise, and explain things clearly for a listener who is not an expert.'
  }`;
}

/**
 * How segments take turns: several hosts alternate often; a single host's segments are
 * paragraphs of one talk.
 */
export function turnRule(hosts: readonly string[]): string {
  return hosts.length === 1
    ? "A segment is one paragraph of the host's talk, usually 2 to 6 sentences."
    : 'Alternate speakers often; a segment is one turn of one host, usually 1 to 5 sentences.';
}

/**
 * Says how many hosts a podcast has and where their names are, for a system prompt, without
 * naming them (the names are quoted data in the user turn, each in a `<host>` tag).
 */
export function hostsPhrase(hosts: readonly string[]): string {
  const count = ['no', 'one', 'two', 'three'][hosts.length] ?? String(hosts.length);
  return hosts.length === 1
    ? `with one host, whose name the user message quotes in a <host> tag`
    : `with ${count} hosts, whose names the user message quotes in <host> tags, in order`;
}

/** The user prompt's line stating a whole episode's length, in minutes and in words. */
export function episodeLengthLine(
  minutes: number,
  words: { target: number; min: number; max: number },
): string {
  return `Length: ${minutes} minute${minutes === 1 ? '' : 's'} of speech, about ${words.target} words (between ${words.min} and ${words.max}).`;
}

/**
 * The message sent back when an answer to `toolName` is invalid: at most 20 of its
 * problems (each neutralized on one line, as they quote the answer and the host names), and a
 * request to submit the whole corrected `answer` again.
 */
export function toolRepairPrompt(
  answer: 'script' | 'outline' | 'chapter',
  toolName: string,
  issues: readonly string[],
): string {
  return [
    `That answer is not a valid ${answer}. Problems found:`,
    // The problems quote the model's own output and the host names: neutralized, like all data.
    ...issues.slice(0, 20).map((issue) => `- ${neutralizePromptData(issue, { singleLine: true })}`),
    ...(issues.length > 20 ? [`- …and ${issues.length - 20} more`] : []),
    `Fix every problem and call the ${toolName} tool again with the complete corrected ${answer}.`,
  ].join('\n');
}

/**
 * The message sent back when a valid `answer` is outside its word window: how far off it
 * is, to extend it or to trim it keeping `keep`, and to call `toolName` again.
 */
export function toolRevisionPrompt(
  answer: 'script' | 'chapter',
  toolName: string,
  length: AnswerLength,
  keep: string,
): string {
  const direction =
    length.actualWords < length.minWords
      ? `too short: extend it by about ${length.targetWords - length.actualWords} words with more depth, examples and exchanges between the hosts (no padding or repetition)`
      : `too long: trim it by about ${length.actualWords - length.targetWords} words, keeping ${keep}`;
  return [
    `The ${answer} has ${length.actualWords} spoken words, but the target is ${length.targetWords} (between ${length.minWords} and ${length.maxWords}). It is ${direction}.`,
    `Call the ${toolName} tool again with the complete revised ${answer}.`,
  ].join('\n');
}

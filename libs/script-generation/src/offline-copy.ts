// The offline writer's fixed copy: every host line it says itself (intro, part openers,
// outro, the placeholder episode), as opposed to the sentences it reads from the source.
import { boundText } from './bound-text';
import {
  SCRIPT_KEY_POINT_MAX_CHARS,
  SCRIPT_SUMMARY_MAX_CHARS,
  SCRIPT_TITLE_MAX_CHARS,
  type PodcastScript,
  type ScriptSegment,
} from './podcast-script';
import { offlineFormatNote } from './offline-format-note';
import { episodeHosts, listPhrase } from './episode-hosts';
import type { ScriptRequest, SeriesContext } from './script-request';

const ORDINALS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/**
 * Why an offline episode has nothing to read.
 *
 * @example
 * ```ts
 * const missing: MissingMaterial = 'covered';
 * ```
 */
export type MissingMaterial = 'none' | 'unreadable' | 'covered';

const MISSING_MATERIAL: Record<
  MissingMaterial,
  { spoken: string; keyPoint: string; title: string }
> = {
  none: {
    spoken: 'and no source material was provided',
    keyPoint:
      'No source material about {topic} was provided, so the episode states no facts about it.',
    title: '{topic} (offline edition, no source material)',
  },
  unreadable: {
    spoken: 'and the source text you provided has no sentences we could read aloud',
    keyPoint:
      'The source text about {topic} had no readable sentences, so the episode states no facts about it.',
    title: '{topic} (offline edition, unreadable source)',
  },
  covered: {
    spoken:
      'and everything in the source text you provided was already covered by earlier episodes of this series',
    keyPoint:
      'The source text about {topic} was already covered by earlier episodes, so nothing new is read.',
    title: '{topic} (offline edition, nothing new in the source)',
  },
};

function seriesLine(series: SeriesContext | undefined): string {
  const latest = series?.previousEpisodes[series.previousEpisodes.length - 1];
  return latest
    ? ` This episode continues our series; last time we covered "${latest.title}".`
    : '';
}

/** `I'm Alex`, `I'm Alex, and I'm here with Sam`, `I'm Alex, and I'm here with Sam and Noor`. */
function greeting(hosts: readonly string[]): string {
  const [first = '', ...others] = hosts;
  return others.length > 0
    ? `I'm ${first}, and I'm here with ${listPhrase(others)}`
    : `I'm ${first}`;
}

/** The host after `index`, round the list (the same host when there is one). */
function nextHost(hosts: readonly string[], index: number): string {
  return hosts[(index + 1) % hosts.length] ?? '';
}

function minutesPhrase(minutes: number): string {
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * What the reading's fixed copy says about it.
 *
 * @example
 * ```ts
 * const facts: ReadingFacts = { chosen: 12, sentenceCount: 300, themePhrase: 'tides', shortOfTarget: false, parts: 2 };
 * ```
 */
export interface ReadingFacts {
  /** Sentences read. */
  chosen: number;
  /** Sentences of the source. */
  sentenceCount: number;
  /** The reading's main themes, as a phrase (or the topic). */
  themePhrase: string;
  /** Whether the source was too short for the requested length. */
  shortOfTarget: boolean;
  /** Parts (chapters) of the reading. */
  parts: number;
}

/**
 * The intro of a reading: the welcome, how the episode was made, and how it is divided.
 *
 * @example
 * ```ts
 * readingIntro(request, facts)[0]?.text; // 'Welcome to Lumcast. …'
 * ```
 */
export function readingIntro(request: ScriptRequest, facts: ReadingFacts): ScriptSegment[] {
  const hosts = episodeHosts(request);
  const first = hosts[0] ?? '';
  const readers = hosts.length === 1 ? 'I' : hosts.length === 2 ? `${first} and I` : 'we';
  return [
    {
      speaker: first,
      text: `Welcome to Lumcast. ${greeting(hosts)}. Today's topic: ${request.topic}.${seriesLine(request.series)}`,
    },
    {
      speaker: nextHost(hosts, 0),
      text:
        `A quick note before we start: this episode was put together offline, without a language model. ` +
        `Everything ${readers} read in the main part comes word for word from the source text you provided, in its original order. ` +
        `We picked ${facts.chosen} of its ${facts.sentenceCount} sentences, the ones that carry its main themes: ${facts.themePhrase}.` +
        offlineFormatNote(request.format) +
        (facts.shortOfTarget
          ? ` The source text is fairly short, so this episode runs shorter than the ${minutesPhrase(request.minutes)} you asked for.`
          : ''),
    },
    {
      speaker: first,
      text:
        facts.parts === 1
          ? `${hosts.length === 1 ? "I'll" : "We'll"} read it in one part. Let's begin.`
          : `${hosts.length === 1 ? "I'll" : "We'll"} go through it in ${ORDINALS[facts.parts - 1] ?? facts.parts} parts. Let's begin.`,
    },
  ];
}

/**
 * The line that opens part `index` (from 0) of a multi-part reading, named after its terms.
 *
 * @example
 * ```ts
 * partOpener(0, ['market', 'river']); // 'Part 1 is about market and river.'
 * ```
 */
export function partOpener(index: number, terms: readonly string[]): string {
  const name = `Part ${index + 1}`;
  return terms.length > 0 ? `${name} is about ${listPhrase(terms)}.` : `${name}.`;
}

/**
 * The chapter title of part `index` (from 0), bounded for the schema.
 *
 * @example
 * ```ts
 * partTitle(0, ['market', 'river']); // 'Part 1: market and river'
 * ```
 */
export function partTitle(index: number, terms: readonly string[]): string {
  const name = `Part ${index + 1}`;
  return boundText(
    terms.length > 0 ? `${name}: ${listPhrase(terms)}` : name,
    SCRIPT_TITLE_MAX_CHARS,
  );
}

/**
 * The outro of a reading: host `closer` (an index into `hosts`) recaps the themes, the next
 * host says goodbye (a lone host says both).
 *
 * @example
 * ```ts
 * readingWrapUp(['Alex', 'Sam'], 1, 'tides and moon').map((segment) => segment.speaker); // ['Sam', 'Alex']
 * ```
 */
export function readingWrapUp(
  hosts: readonly string[],
  closer: number,
  themePhrase: string,
): ScriptSegment[] {
  return [
    {
      speaker: hosts[closer % hosts.length] ?? '',
      text: `That's the end of our reading. To recap, the text kept coming back to ${themePhrase}.`,
    },
    {
      speaker: nextHost(hosts, closer),
      text: `Thanks for listening to this offline edition of Lumcast, read from your source text without a language model. Goodbye!`,
    },
  ];
}

/**
 * A reading's title, summary and hosts (bounded for the schema), and the key point used
 * when no sentence makes one.
 *
 * @example
 * ```ts
 * readingFrame(request, facts).title; // 'Tides (offline edition)'
 * ```
 */
export function readingFrame(
  request: ScriptRequest,
  facts: ReadingFacts,
): Pick<PodcastScript, 'title' | 'summary' | 'hosts'> & { fallbackKeyPoint: string } {
  const hosts = episodeHosts(request);
  return {
    title: boundText(`${request.topic} (offline edition)`, SCRIPT_TITLE_MAX_CHARS),
    summary: boundText(
      `An offline episode on ${request.topic}: ${facts.chosen} of the ${facts.sentenceCount} sentences of the source text, ` +
        `selected by term frequency and read in their original order by ${listPhrase(hosts)}` +
        `${facts.parts > 1 ? `, in ${facts.parts} parts` : ''}, covering ${facts.themePhrase}. Written without a language model.`,
      SCRIPT_SUMMARY_MAX_CHARS,
    ),
    hosts: hosts.map((name) => ({ name })),
    fallbackKeyPoint: boundText(
      `A reading of the source text on ${request.topic}.`,
      SCRIPT_KEY_POINT_MAX_CHARS,
    ),
  };
}

/**
 * The honest placeholder episode written when there is nothing to read: it says it was
 * written offline without a language model and why it has no material, states no facts
 * about the topic, suggests questions worth exploring and how to get a full episode.
 *
 * @example
 * ```ts
 * placeholderEpisode({ topic: 'Tides', minutes: 5, quality: 'neural' }, 'none').title;
 * // 'Tides (offline edition, no source material)'
 * ```
 */
export function placeholderEpisode(
  request: ScriptRequest,
  missing: MissingMaterial,
): PodcastScript {
  const hosts = episodeHosts(request);
  const first = hosts[0] ?? '';
  const second = nextHost(hosts, 0);
  const we = hosts.length === 1 ? 'I' : 'we';
  const topic = request.topic;
  const note = MISSING_MATERIAL[missing];
  const questions = [
    `What exactly is ${topic}, and how would you explain it to a friend in two sentences?`,
    `Where does it come from? What is its history, and what changed along the way?`,
    `Who does it affect, and how would their everyday life be different without it?`,
    `What do experts agree on, and where do they still disagree?`,
    `What is one thing people often get wrong about it?`,
    `And finally, where would you find a reliable source to learn more?`,
  ];
  return {
    title: boundText(
      note.title.replace('{topic}', () => topic),
      SCRIPT_TITLE_MAX_CHARS,
    ),
    summary: boundText(
      `An offline placeholder episode on ${topic}. It was written without a language model and without usable source material, ` +
        `so it states no facts about the topic: the hosts say so, suggest questions worth exploring, and explain how to get a full episode.`,
      SCRIPT_SUMMARY_MAX_CHARS,
    ),
    hosts: hosts.map((name) => ({ name })),
    chapters: [
      {
        title: 'About this episode',
        segments: [
          {
            speaker: first,
            text: `Welcome to Lumcast. ${greeting(hosts)}. Today's topic: ${topic}.${seriesLine(request.series)}`,
          },
          {
            speaker: second,
            text: `Before anything else, ${we} want to be upfront with you. This episode was written offline, without a language model, ${note.spoken}. So ${we} have no facts about ${topic} to share, and ${we} are not going to make any up.`,
          },
          {
            speaker: first,
            text: `That also means this episode is much shorter than the ${minutesPhrase(request.minutes)} you asked for.`,
          },
        ],
      },
      {
        title: 'Questions worth asking',
        segments: questions.map((question, index) => ({
          speaker: nextHost(hosts, index),
          text:
            index === 0
              ? `What ${we} can do is suggest questions worth exploring. First: ${question}`
              : question,
        })),
      },
      {
        title: 'How to get a full episode',
        segments: [
          {
            speaker: second,
            text: `To hear a real episode about ${topic}, add a source text, such as an article or your own notes, and Lumcast will build the episode from it. Or run Lumcast with its language model enabled.`,
          },
          { speaker: first, text: 'Thanks for listening, and see you next time.' },
        ],
      },
    ],
    keyPoints: [
      'This episode was written offline, without a language model.',
      boundText(
        note.keyPoint.replace('{topic}', () => topic),
        SCRIPT_KEY_POINT_MAX_CHARS,
      ),
      'Add a source text or enable the language model for a full episode.',
    ],
  };
}

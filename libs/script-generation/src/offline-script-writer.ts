import { boundText } from './bound-text';
import {
  countScriptWords,
  countWords,
  podcastScriptSchema,
  SCRIPT_KEY_POINT_MAX_CHARS,
  SCRIPT_SUMMARY_MAX_CHARS,
  SCRIPT_TITLE_MAX_CHARS,
  type PodcastScript,
  type ScriptChapter,
  type ScriptSegment,
} from './podcast-script';
import { DEFAULT_HOSTS } from './prompts';
import { parseScriptRequest, type ScriptRequest, type SeriesContext } from './script-request';
import { ScriptInputError } from './errors';
import { OUTLINE_BRIEF_MAX_CHARS, scriptOutlineSchema, type ScriptOutline } from './script-outline';
import { needsScriptParts, type ScriptPartsWriter, type ScriptPlan } from './script-parts';
import type { ScriptWriter } from './script-writer';
import { targetWords, type SpeechEngine } from './speech-rate';
import { splitSentences } from './text-boundaries';

/**
 * Options of {@link OfflineScriptWriter}; all optional.
 *
 * @example
 * ```ts
 * const writer = new OfflineScriptWriter({ speechEngine: 'espeak-ng' });
 * ```
 */
export interface OfflineScriptWriterOptions {
  /** Engine whose speaking rate sizes the script; default `polly`. */
  speechEngine?: SpeechEngine;
}

/** Words spent on the intro, transitions and outro, budgeted before picking sentences. */
const FRAMING_WORDS_ESTIMATE = 160;
/** Longest host turn when reading source sentences. */
const TURN_MAX_WORDS = 70;

const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing down during each few for from further had has ' +
    'have having he her here hers herself him himself his how i if in into is it its itself just let me ' +
    'more most my myself no nor not now of off on once only or other our ours ourselves out over own same ' +
    'she should so some such than that the their theirs them themselves then there these they this those ' +
    'through to too under until up very was we were what when where which while who whom why will with ' +
    'would you your yours yourself yourselves one two may might must shall us many much like also however ' +
    'said says even well yet still though although'
  ).split(' '),
);

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** A very light English stemmer: drops a possessive and a plural `s`, so "crossings" counts as "crossing". */
function stem(word: string): string {
  const base = word.replace(/['’]s$/, '');
  return base.length > 4 && base.endsWith('s') && !base.endsWith('ss') ? base.slice(0, -1) : base;
}

function contentWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = stem(match[0]);
    if (word.length > 2 && !STOP_WORDS.has(word) && !/^\d+$/.test(word)) words.push(word);
  }
  return words;
}

interface RankedSentence {
  index: number;
  text: string;
  words: number;
  score: number;
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Ranks sentences by term frequency: each sentence scores the summed document frequency
 * of its distinct content words (topic words count triple), divided by the square root of
 * its length so long sentences do not win by size alone; the first sentence gets a 20 %
 * lead bonus. Ties keep source order.
 */
function rankSentences(sentences: string[], topic: string): RankedSentence[] {
  const frequency = new Map<string, number>();
  const perSentence = sentences.map((sentence) => contentWords(sentence));
  for (const words of perSentence) {
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const topicWords = new Set(contentWords(topic));
  return sentences.map((text, index) => {
    const words = perSentence[index] ?? [];
    let sum = 0;
    for (const word of new Set(words)) {
      sum += (frequency.get(word) ?? 0) * (topicWords.has(word) ? 3 : 1);
    }
    const lead = index === 0 ? 1.2 : 1;
    return {
      index,
      text,
      words: countWords(text),
      score: (sum / Math.sqrt(words.length + 1)) * lead,
    };
  });
}

function topTerms(
  sentences: readonly RankedSentence[],
  count: number,
  exclude: Set<string>,
): string[] {
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const word of contentWords(sentence.text)) {
      if (!exclude.has(word)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  return [...frequency.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, count)
    .map(([word]) => word);
}

function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

const ORDINALS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The previous episodes' key points, normalised, so their sentences are not read again. */
function rememberedKeyPoints(request: ScriptRequest): Set<string> {
  return new Set(
    (request.series?.previousEpisodes ?? []).flatMap((episode) => episode.keyPoints.map(normalise)),
  );
}

/** Why an offline episode has nothing to read. */
type MissingMaterial = 'none' | 'unreadable' | 'covered';

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

/**
 * The embedded default writer: deterministic, no network, no language model.
 *
 * - With a source text: splits it into sentences, ranks them by term frequency, keeps the
 *   best ones up to the target word count (minus the framing), puts them back in source
 *   order and has the two hosts read them in alternating turns, with an intro that says how
 *   the episode was made, chapter breaks named after each part's main terms, and an outro.
 *   Sentences equal to a previous episode's key point are skipped. If the source is too
 *   short for the requested length, the episode says so and is shorter.
 * - With only a topic: says plainly that it was written offline without a language model
 *   and has no source material, so it states no facts about the topic — a short episode
 *   with questions worth exploring and how to get a full episode. The same honest episode,
 *   with the reason stated, is written when the source text has no readable sentence or when
 *   all of its sentences were key points of earlier episodes of the series.
 *
 * @example
 * ```ts
 * const writer = new OfflineScriptWriter();
 * const script = await writer.write({ topic: 'Tides', sourceText: article, minutes: 5, quality: 'neural' });
 * ```
 */
export class OfflineScriptWriter implements ScriptWriter, ScriptPartsWriter {
  private readonly speechEngine: SpeechEngine;

  constructor(options: OfflineScriptWriterOptions = {}) {
    this.speechEngine = options.speechEngine ?? 'polly';
  }

  /**
   * Writes a script from the request (validated first; see the class description).
   *
   * @example
   * ```ts
   * const script = await new OfflineScriptWriter().write({ topic: 'Tides', minutes: 1, quality: 'standard' });
   * ```
   */
  async write(request: ScriptRequest): Promise<PodcastScript> {
    const checked = parseScriptRequest(request);
    const script = checked.sourceText
      ? this.fromSource(checked, checked.sourceText)
      : this.withoutMaterial(checked, 'none');
    return podcastScriptSchema.parse(script);
  }

  /**
   * Plans the script in parts exactly as `write` would write it: `whole` for a short
   * episode or one without a source text, else an outline whose chapters are the chapters
   * of the script `write` returns (their word targets are their actual word counts). The
   * writer is deterministic, so `writeChapter` returns those same chapters and
   * `joinScriptParts` gives back the script `write` returns.
   *
   * @example
   * ```ts
   * const plan = await new OfflineScriptWriter().planScript({ topic: 'Tides', sourceText: article, minutes: 30, quality: 'neural' });
   * ```
   */
  async planScript(request: ScriptRequest): Promise<ScriptPlan> {
    const checked = parseScriptRequest(request);
    if (!checked.sourceText || !needsScriptParts(checked, { engine: this.speechEngine })) {
      return { kind: 'whole' };
    }
    const script = await this.write(checked);
    return {
      kind: 'chapters',
      outline: scriptOutlineSchema.parse({
        title: script.title,
        summary: script.summary,
        hosts: script.hosts,
        keyPoints: script.keyPoints,
        chapters: script.chapters.map((chapter, index) => ({
          title: chapter.title,
          brief: boundText(
            `Chapter ${index + 1} of the offline reading: ${chapter.title}.`,
            OUTLINE_BRIEF_MAX_CHARS,
          ),
          targetWords: Math.max(
            1,
            chapter.segments.reduce((total, segment) => total + countWords(segment.text), 0),
          ),
        })),
      }),
    };
  }

  /**
   * Writes chapter `index` of an outline from `planScript`: the same chapter of the script
   * `write` composes for the request.
   *
   * @example
   * ```ts
   * const chapter = await writer.writeChapter(request, plan.outline, 0);
   * ```
   */
  async writeChapter(
    request: ScriptRequest,
    outline: ScriptOutline,
    index: number,
  ): Promise<ScriptChapter> {
    const script = await this.write(request);
    const planned = outline.chapters[index];
    const chapter = script.chapters[index];
    if (!planned || !chapter || planned.title !== chapter.title) {
      throw new ScriptInputError(
        'outline',
        `chapter ${index} of the outline ("${planned?.title ?? ''}") is not a chapter the offline writer writes for this request`,
      );
    }
    return chapter;
  }

  /**
   * Composes the episode once with a first estimate of the framing's length, measures the
   * result, and composes it again with the reading budget corrected by the difference, so
   * the spoken total lands near the target whatever the intro, transitions and outro cost.
   */
  private fromSource(request: ScriptRequest, sourceText: string): PodcastScript {
    const remembered = rememberedKeyPoints(request);
    const readable = splitSentences(sourceText).filter((sentence) => countWords(sentence) > 0);
    if (readable.length === 0) return this.withoutMaterial(request, 'unreadable');
    if (readable.every((sentence) => remembered.has(normalise(sentence)))) {
      return this.withoutMaterial(request, 'covered');
    }
    const target = targetWords(request.minutes, request.quality, { engine: this.speechEngine });
    const firstBudget = Math.max(target - FRAMING_WORDS_ESTIMATE, Math.round(target * 0.3));
    const draft = this.compose(request, sourceText, firstBudget);
    const words = countScriptWords(draft);
    if (Math.abs(words - target) <= target * 0.05) return draft;
    const correctedBudget = Math.max(1, firstBudget + (target - words));
    return this.compose(request, sourceText, correctedBudget);
  }

  private compose(request: ScriptRequest, sourceText: string, budget: number): PodcastScript {
    const [first, second] = DEFAULT_HOSTS;
    const remembered = rememberedKeyPoints(request);
    const all = splitSentences(sourceText);
    const ranked = rankSentences(all, request.topic).filter(
      (sentence) => sentence.words > 0 && !remembered.has(normalise(sentence.text)),
    );

    const byScore = [...ranked].sort((a, b) => b.score - a.score || a.index - b.index);
    const chosen: RankedSentence[] = [];
    let chosenWords = 0;
    for (const sentence of byScore) {
      if (chosenWords >= budget * 0.97) break;
      if (chosenWords + sentence.words <= budget * 1.05 || chosen.length === 0) {
        chosen.push(sentence);
        chosenWords += sentence.words;
      }
    }
    chosen.sort((a, b) => a.index - b.index);
    const shortOfTarget = chosenWords < budget * 0.85;

    const partCount = Math.max(
      1,
      Math.min(8, Math.round(chosenWords / 350), Math.floor(chosen.length / 2)),
    );
    const parts: RankedSentence[][] = [];
    let part: RankedSentence[] = [];
    let wordsSoFar = 0;
    for (const sentence of chosen) {
      part.push(sentence);
      wordsSoFar += sentence.words;
      if (
        parts.length < partCount - 1 &&
        wordsSoFar >= ((parts.length + 1) * chosenWords) / partCount
      ) {
        parts.push(part);
        part = [];
      }
    }
    if (part.length > 0) parts.push(part);

    const topicWords = new Set(contentWords(request.topic));
    const themes = topTerms(chosen, 3, topicWords);
    const themePhrase = themes.length > 0 ? listPhrase(themes) : request.topic;

    const chapters: ScriptChapter[] = [];
    chapters.push({
      title: 'Welcome',
      segments: [
        {
          speaker: first,
          text: `Welcome to Lumcast. I'm ${first}, and I'm here with ${second}. Today's topic: ${request.topic}.${seriesLine(request.series)}`,
        },
        {
          speaker: second,
          text:
            `A quick note before we start: this episode was put together offline, without a language model. ` +
            `Everything ${first} and I read in the main part comes word for word from the source text you provided, in its original order. ` +
            `We picked ${chosen.length} of its ${all.length} sentences, the ones that carry its main themes: ${themePhrase}.` +
            (shortOfTarget
              ? ` The source text is fairly short, so this episode runs shorter than the ${request.minutes} minute${request.minutes === 1 ? '' : 's'} you asked for.`
              : ''),
        },
        {
          speaker: first,
          text:
            parts.length === 1
              ? `We'll read it in one part. Let's begin.`
              : `We'll go through it in ${ORDINALS[parts.length - 1] ?? parts.length} parts. Let's begin.`,
        },
      ],
    });

    let turn = 1; // the second host opens the reading, so voices keep alternating after the intro
    parts.forEach((sentences, partIndex) => {
      const terms = topTerms(sentences, 2, topicWords);
      const partName = `Part ${partIndex + 1}`;
      const segments: ScriptSegment[] = [];
      let buffer: string[] = [];
      let bufferWords = 0;
      const flush = () => {
        if (buffer.length === 0) return;
        segments.push({ speaker: turn % 2 === 0 ? first : second, text: buffer.join(' ') });
        turn += 1;
        buffer = [];
        bufferWords = 0;
      };
      if (parts.length > 1) {
        buffer.push(
          terms.length > 0 ? `${partName} is about ${listPhrase(terms)}.` : `${partName}.`,
        );
      }
      for (const sentence of sentences) {
        if (bufferWords > 0 && bufferWords + sentence.words > TURN_MAX_WORDS) flush();
        buffer.push(sentence.text);
        bufferWords += sentence.words;
      }
      flush();
      chapters.push({
        title: boundText(
          terms.length > 0 ? `${partName}: ${listPhrase(terms)}` : partName,
          SCRIPT_TITLE_MAX_CHARS,
        ),
        segments,
      });
    });

    const closer = turn % 2 === 0 ? first : second;
    const other = closer === first ? second : first;
    chapters.push({
      title: 'Wrap-up',
      segments: [
        {
          speaker: closer,
          text: `That's the end of our reading. To recap, the text kept coming back to ${themePhrase}.`,
        },
        {
          speaker: other,
          text: `Thanks for listening to this offline edition of Lumcast, read from your source text without a language model. Goodbye!`,
        },
      ],
    });

    const keyPoints = [...chosen]
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, 5)
      .sort((a, b) => a.index - b.index)
      .map((sentence) => boundText(sentence.text, SCRIPT_KEY_POINT_MAX_CHARS));

    return {
      title: boundText(`${request.topic} (offline edition)`, SCRIPT_TITLE_MAX_CHARS),
      summary: boundText(
        `An offline episode on ${request.topic}: ${chosen.length} of the ${all.length} sentences of the source text, ` +
          `selected by term frequency and read in their original order by ${first} and ${second}` +
          `${parts.length > 1 ? `, in ${parts.length} parts` : ''}, covering ${themePhrase}. Written without a language model.`,
        SCRIPT_SUMMARY_MAX_CHARS,
      ),
      hosts: [{ name: first }, { name: second }],
      chapters,
      keyPoints:
        keyPoints.length > 0
          ? keyPoints
          : [
              boundText(
                `A reading of the source text on ${request.topic}.`,
                SCRIPT_KEY_POINT_MAX_CHARS,
              ),
            ],
    };
  }

  private withoutMaterial(request: ScriptRequest, missing: MissingMaterial): PodcastScript {
    const [first, second] = DEFAULT_HOSTS;
    const topic = request.topic;
    const note = MISSING_MATERIAL[missing];
    const minutes = `${request.minutes} minute${request.minutes === 1 ? '' : 's'}`;
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
      hosts: [{ name: first }, { name: second }],
      chapters: [
        {
          title: 'About this episode',
          segments: [
            {
              speaker: first,
              text: `Welcome to Lumcast. I'm ${first}, here with ${second}. Today's topic: ${topic}.${seriesLine(request.series)}`,
            },
            {
              speaker: second,
              text: `Before anything else, we want to be upfront with you. This episode was written offline, without a language model, ${note.spoken}. So we have no facts about ${topic} to share, and we are not going to make any up.`,
            },
            {
              speaker: first,
              text: `That also means this episode is much shorter than the ${minutes} you asked for.`,
            },
          ],
        },
        {
          title: 'Questions worth asking',
          segments: questions.map((question, index) => ({
            speaker: index % 2 === 0 ? second : first,
            text:
              index === 0
                ? `What we can do is suggest questions worth exploring. First: ${question}`
                : question,
          })),
        },
        {
          title: 'How to get a full episode',
          segments: [
            {
              speaker: second,
              text: `To hear a real episode about ${topic}, add a source text, such as an article or your own notes, and we will build the episode from it. Or run Lumcast with its language model enabled.`,
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
}

import { episodeHosts } from '../script/episode-hosts';
import { boundText } from '../script/bound-text';
import {
  listIn,
  offlineCopyFor,
  placeholderEpisode,
  partOpener,
  partTitle,
  readingFrame,
  readingIntro,
  readingWrapUp,
  type ReadingFacts,
} from './copy';
import {
  countScriptWords,
  countWords,
  podcastScriptSchema,
  SCRIPT_KEY_POINT_MAX_CHARS,
  type PodcastScript,
  type ScriptChapter,
  type ScriptSegment,
} from '../script/podcast-script';
import { requestLanguageFamily } from '../script/language';
import { parseScriptRequest, type ScriptRequest } from '../script/request';
import { ScriptInputError } from '../errors';
import {
  OUTLINE_BRIEF_MAX_CHARS,
  scriptOutlineSchema,
  type ScriptOutline,
} from '../script/outline';
import { needsScriptParts, type ScriptPartsWriter, type ScriptPlan } from '../script/parts';
import type { ScriptWriter } from '../script/writer';
import { normaliseSentence, rankSourceText, topTerms, type RankedText } from './sentence-ranking';
import { keyPointSentences, selectSentences, splitIntoParts } from './sentence-selection';
import { targetWords, type SpeechEngine } from '../speech/rate';

/** Options of {@link OfflineScriptWriter}; all optional. */
export interface OfflineScriptWriterOptions {
  /** Engine whose speaking rate sizes the script; default `polly`. */
  speechEngine?: SpeechEngine;
}

/** Words spent on the intro, transitions and outro, budgeted before picking sentences. */
const FRAMING_WORDS_ESTIMATE = 160;
/** Smallest share of the target the first reading budget gets, however long the framing. */
const MIN_READING_SHARE = 0.3;
/** A first draft this close to the target (share of it) is kept without a second pass. */
const DRAFT_TOLERANCE_SHARE = 0.05;
/** Longest host turn when reading source sentences. */
const TURN_MAX_WORDS = 70;
/** How many main terms name the whole reading, and how many name each part. */
const READING_THEMES = 3;
const PART_THEMES = 2;

/** The previous episodes' key points, normalised, so their sentences are not read again. */
function rememberedKeyPoints(request: ScriptRequest): Set<string> {
  return new Set(
    (request.series?.previousEpisodes ?? []).flatMap((episode) =>
      episode.keyPoints.map(normaliseSentence),
    ),
  );
}

/**
 * The embedded default writer: deterministic, no network, no language model.
 *
 * - With a source text: splits it into sentences, ranks them by term frequency, keeps the
 *   best ones up to the target word count (minus the framing), puts them back in source
 *   order and has the hosts read them in turns (a lecture's one host reads alone), with an intro that says how
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
      : placeholderEpisode(checked, 'none');
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
   * Ranks the source once, composes the episode with a first estimate of the framing's
   * length, measures the result, and composes it again from the same ranking with the
   * reading budget corrected by the difference, so the spoken total lands near the target
   * whatever the intro, transitions and outro cost.
   */
  private fromSource(request: ScriptRequest, sourceText: string): PodcastScript {
    const ranked = rankSourceText(
      sourceText,
      request.topic,
      rememberedKeyPoints(request),
      requestLanguageFamily(request),
    );
    if (ranked.readable.length === 0) return placeholderEpisode(request, 'unreadable');
    if (ranked.byScore.length === 0) return placeholderEpisode(request, 'covered');
    const target = targetWords(request.minutes, request.quality, { engine: this.speechEngine });
    const firstBudget = Math.max(
      target - FRAMING_WORDS_ESTIMATE,
      Math.round(target * MIN_READING_SHARE),
    );
    const draft = compose(request, ranked, firstBudget);
    const words = countScriptWords(draft);
    if (Math.abs(words - target) <= target * DRAFT_TOLERANCE_SHARE) return draft;
    const correctedBudget = Math.max(1, firstBudget + (target - words));
    return compose(request, ranked, correctedBudget);
  }
}

/**
 * One episode read from a ranked source with a reading budget: the chosen sentences in
 * source order, grouped into parts read in alternating turns between the intro and outro.
 */
function compose(request: ScriptRequest, ranked: RankedText, budget: number): PodcastScript {
  const copy = offlineCopyFor(request);
  const hosts = episodeHosts(request);
  const speaker = (turn: number) => hosts[turn % hosts.length] ?? '';
  const selection = selectSentences(ranked.byScore, budget);
  const parts = splitIntoParts(selection);
  const themes = topTerms(selection.sentences, READING_THEMES, ranked.topicWords, ranked.family);
  const facts: ReadingFacts = {
    chosen: selection.sentences.length,
    sentenceCount: ranked.sentenceCount,
    themePhrase: themes.length > 0 ? listIn(copy, themes) : request.topic,
    shortOfTarget: selection.shortOfBudget,
    parts: parts.length,
  };

  const chapters: ScriptChapter[] = [
    { title: copy.welcomeChapterTitle, segments: readingIntro(request, facts) },
  ];
  let turn = 1; // the second host opens the reading, so voices keep taking turns after the intro
  parts.forEach((sentences, partIndex) => {
    const terms = topTerms(sentences, PART_THEMES, ranked.topicWords, ranked.family);
    const segments: ScriptSegment[] = [];
    let buffer: string[] = [];
    let bufferWords = 0;
    const flush = () => {
      if (buffer.length === 0) return;
      segments.push({ speaker: speaker(turn), text: buffer.join(' ') });
      turn += 1;
      buffer = [];
      bufferWords = 0;
    };
    if (parts.length > 1) buffer.push(partOpener(copy, partIndex, terms));
    for (const sentence of sentences) {
      if (bufferWords > 0 && bufferWords + sentence.words > TURN_MAX_WORDS) flush();
      buffer.push(sentence.text);
      bufferWords += sentence.words;
    }
    flush();
    chapters.push({ title: partTitle(copy, partIndex, terms), segments });
  });
  chapters.push({
    title: copy.wrapUpChapterTitle,
    segments: readingWrapUp(copy, hosts, turn, facts.themePhrase),
  });

  const { fallbackKeyPoint, ...frame } = readingFrame(request, facts);
  const keyPoints = keyPointSentences(selection).map((sentence) =>
    boundText(sentence.text, SCRIPT_KEY_POINT_MAX_CHARS),
  );
  return { ...frame, chapters, keyPoints: keyPoints.length > 0 ? keyPoints : [fallbackKeyPoint] };
}

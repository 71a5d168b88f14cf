// Text analysis for the offline writer: content words (stop words, a light stemmer) and a
// term-frequency ranking of a source text's sentences, computed once per request.
import { countWords } from '../script/podcast-script';
import type { ScriptLanguageFamily } from '../script/language';
import { STOP_WORDS } from './stop-words';
import { splitSentences } from '../speech/text-boundaries';

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/**
 * Chinese and Japanese, written without spaces: a content word there is a whole run between
 * punctuation (a clause), several spoken words long, so it names no theme.
 */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Shortest content word: shorter words ("go", "at") carry no theme. */
const MIN_CONTENT_WORD_CHARS = 3;
/**
 * Longest content word. A longer run of letters without a break (100,000 `a`s) names no
 * theme, and a theme is spoken in the intro, a chapter title and the outro, so such a run
 * would be read again in each of them. Shorter than the 30 letters `countWords` counts as one word.
 */
const MAX_CONTENT_WORD_CHARS = 24;
/** Shortest word whose final `s` is taken for a plural ("bus" and "gas" keep theirs). */
const MIN_PLURAL_CHARS = 5;
/** How much more a word of the topic weighs in a sentence's score than any other word. */
const TOPIC_WORD_WEIGHT = 3;
/** Score multiplier of the source's first sentence, which usually states its subject. */
const LEAD_SENTENCE_BONUS = 1.2;

/** A very light English stemmer: drops a possessive and a plural `s`, so "crossings" counts as "crossing". */
function stem(word: string): string {
  const base = word.replace(/['’]s$/, '');
  return base.length >= MIN_PLURAL_CHARS && base.endsWith('s') && !base.endsWith('ss')
    ? base.slice(0, -1)
    : base;
}

/** French elided articles and pronouns (`l’`, `d’`, `qu’`, …) that open a word. */
const FRENCH_ELISION = /^(?:l|d|j|m|n|s|t|c|qu)['’]/;

/**
 * The content words of a text, lower-cased and stemmed, without the language's stop words
 * (`STOP_WORDS`; French elisions such as `l’` taken off first), numbers and words too short or
 * too long to name a theme.
 */
export function contentWords(text: string, family: ScriptLanguageFamily = 'en'): string[] {
  const stopWords = STOP_WORDS[family];
  const words: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const word = stem(family === 'fr' ? match[0].replace(FRENCH_ELISION, '') : match[0]);
    if (
      word.length >= MIN_CONTENT_WORD_CHARS &&
      word.length <= MAX_CONTENT_WORD_CHARS &&
      !stopWords.has(word) &&
      !/^\d+$/.test(word)
    ) {
      words.push(word);
    }
  }
  return words;
}

/**
 * Lower-cases a sentence and collapses its whitespace, to compare it with a remembered key point.
 */
export function normaliseSentence(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A readable sentence of the source with its rank data. */
export interface RankedSentence {
  /** Position among all the source's sentences (source order). */
  index: number;
  text: string;
  /** Spoken words (`countWords`). */
  words: number;
  score: number;
}

/** A source text analysed once: its sentences ranked, the topic's content words. */
export interface RankedText {
  /** How many sentences the source has, readable or not. */
  sentenceCount: number;
  /** The sentences with at least one word, in source order (remembered ones included). */
  readable: readonly RankedSentence[];
  /** The readable sentences that are not a remembered key point, best score first (ties in source order). */
  byScore: readonly RankedSentence[];
  /** The topic's content words, which themes leave out. */
  topicWords: ReadonlySet<string>;
  /** The language family whose stop words the ranking left out (and {@link topTerms} leaves out). */
  family: ScriptLanguageFamily;
}

/**
 * Splits a source text into sentences and ranks them by term frequency, once: each
 * sentence scores the summed document frequency of its distinct content words (topic
 * words weigh {@link TOPIC_WORD_WEIGHT} times), divided by the square root of its length
 * so long sentences do not win by size alone; the first sentence gets a lead bonus.
 * Sentences whose normalised text is in `remembered` (key points of earlier episodes)
 * count for the frequencies but are left out of `byScore`. Content words are the
 * `family`'s (English by default). Pure.
 */
export function rankSourceText(
  sourceText: string,
  topic: string,
  remembered: ReadonlySet<string>,
  family: ScriptLanguageFamily = 'en',
): RankedText {
  const sentences = splitSentences(sourceText);
  const perSentence = sentences.map((sentence) => contentWords(sentence, family));
  const frequency = new Map<string, number>();
  for (const words of perSentence) {
    for (const word of words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  }
  const topicWords = new Set(contentWords(topic, family));
  const ranked = sentences.map((text, index): RankedSentence => {
    const words = perSentence[index] ?? [];
    let sum = 0;
    for (const word of new Set(words)) {
      sum += (frequency.get(word) ?? 0) * (topicWords.has(word) ? TOPIC_WORD_WEIGHT : 1);
    }
    const lead = index === 0 ? LEAD_SENTENCE_BONUS : 1;
    return {
      index,
      text,
      words: countWords(text),
      score: (sum / Math.sqrt(words.length + 1)) * lead,
    };
  });
  const readable = ranked.filter((sentence) => sentence.words > 0);
  const byScore = readable
    .filter((sentence) => !remembered.has(normaliseSentence(sentence.text)))
    .sort(byScoreThenSource);
  return { sentenceCount: sentences.length, readable, byScore, topicWords, family };
}

/** Orders ranked sentences best score first, ties in source order. */
export function byScoreThenSource(a: RankedSentence, b: RankedSentence): number {
  return b.score - a.score || a.index - b.index;
}

/**
 * The `count` most frequent content words (of the `family`'s language, English by default)
 * of some sentences, leaving out `exclude` (the topic's words) and Chinese or Japanese runs;
 * ties in alphabetical order.
 */
export function topTerms(
  sentences: readonly RankedSentence[],
  count: number,
  exclude: ReadonlySet<string>,
  family: ScriptLanguageFamily = 'en',
): string[] {
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const word of contentWords(sentence.text, family)) {
      if (!exclude.has(word) && !UNSPACED_SCRIPT.test(word)) {
        frequency.set(word, (frequency.get(word) ?? 0) + 1);
      }
    }
  }
  return [...frequency.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, count)
    .map(([word]) => word);
}

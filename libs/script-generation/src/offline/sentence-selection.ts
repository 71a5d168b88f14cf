// Sentence selection for the offline writer: which ranked sentences fill the reading's
// word budget, how they are grouped into parts, and which become the key points.
import { boundWords } from '../script/bound-text';
import { countWords } from '../script/podcast-script';
import { byScoreThenSource, type RankedSentence } from './sentence-ranking';

/** Selection stops once the chosen sentences reach this share of the budget. */
const BUDGET_FILLED_SHARE = 0.97;
/** A sentence is taken while the chosen total stays within this share of the budget. */
const BUDGET_OVERSHOOT_SHARE = 1.05;
/** Below this share of the budget the source is too short, and the intro says so. */
const SHORT_SOURCE_SHARE = 0.85;
/** Words of reading per part (chapter) the reading aims at. */
const WORDS_PER_PART = 350;
/** Most parts of a reading. */
const MAX_PARTS = 8;
/** Fewest sentences of a part. */
const MIN_SENTENCES_PER_PART = 2;
/** Most key points of an offline script: the best chosen sentences. */
const KEY_POINT_SENTENCES = 5;

/** The sentences chosen for the reading. */
export interface SentenceSelection {
  /** The chosen sentences, in source order. */
  sentences: RankedSentence[];
  /** Their spoken words. */
  words: number;
  /** Whether they fall well short of the budget (the source is too short). */
  shortOfBudget: boolean;
}

/**
 * Chooses the best sentences for a reading of about `budget` words: walks them best
 * first, takes each one that keeps the total within the budget's overshoot, and stops once
 * the budget is nearly filled. The total never passes the overshoot: when no sentence fits
 * at all (a 3,000-word sentence for a 1-minute episode), the best one is read cut to the
 * budget (`boundWords`). Returns them in source order. Pure.
 */
export function selectSentences(
  byScore: readonly RankedSentence[],
  budget: number,
): SentenceSelection {
  const chosen: RankedSentence[] = [];
  let words = 0;
  for (const sentence of byScore) {
    if (words >= budget * BUDGET_FILLED_SHARE) break;
    if (words + sentence.words <= budget * BUDGET_OVERSHOOT_SHARE) {
      chosen.push(sentence);
      words += sentence.words;
    }
  }
  const best = byScore[0];
  if (chosen.length === 0 && best) {
    const text = boundWords(best.text, Math.max(1, Math.floor(budget)));
    const cut = { ...best, text, words: countWords(text) };
    chosen.push(cut);
    words = cut.words;
  }
  chosen.sort((a, b) => a.index - b.index);
  return { sentences: chosen, words, shortOfBudget: words < budget * SHORT_SOURCE_SHARE };
}

/**
 * Groups the chosen sentences, in order, into parts of about equal words: one part per
 * {@link WORDS_PER_PART} words, at most {@link MAX_PARTS}, each of at least
 * {@link MIN_SENTENCES_PER_PART} sentences (one part at least).
 */
export function splitIntoParts(selection: SentenceSelection): RankedSentence[][] {
  const { sentences, words } = selection;
  const partCount = Math.max(
    1,
    Math.min(
      MAX_PARTS,
      Math.round(words / WORDS_PER_PART),
      Math.floor(sentences.length / MIN_SENTENCES_PER_PART),
    ),
  );
  const parts: RankedSentence[][] = [];
  let part: RankedSentence[] = [];
  let wordsSoFar = 0;
  for (const sentence of sentences) {
    part.push(sentence);
    wordsSoFar += sentence.words;
    if (parts.length < partCount - 1 && wordsSoFar >= ((parts.length + 1) * words) / partCount) {
      parts.push(part);
      part = [];
    }
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/** The chosen sentences that become key points: the best few, in source order. */
export function keyPointSentences(selection: SentenceSelection): RankedSentence[] {
  return [...selection.sentences]
    .sort(byScoreThenSource)
    .slice(0, KEY_POINT_SENTENCES)
    .sort((a, b) => a.index - b.index);
}

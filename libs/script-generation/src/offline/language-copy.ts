import type { PodcastFormat } from '../script/podcast-format';

/** Why an offline episode has nothing to read. */
export type MissingMaterial = 'none' | 'unreadable' | 'covered';

/**
 * What the intro's note about the reading says: who reads (the hosts), how much was chosen of
 * what, its themes, the format's note, and the minutes asked for when the source runs short.
 */
export interface ReadingNote {
  hosts: readonly string[];
  chosen: number;
  sentenceCount: number;
  themePhrase: string;
  format: PodcastFormat | undefined;
  /** The minutes asked for, when the source is too short for them. */
  shortOfMinutes: number | undefined;
}

/**
 * Every line the offline writer says itself, in one language (the sentences it reads from the
 * source stay as they are). One implementation per language family (`copy-en.ts`, …):
 * the interface makes each give every line.
 */
export interface OfflineLanguageCopy {
  /** The word that joins the last two items of a list: `and`, `y`, `und`, `et`. */
  readonly listWord: string;
  welcome(hosts: readonly string[], topic: string, previousTitle: string | undefined): string;
  readingNote(note: ReadingNote): string;
  /** How the reading is divided, and "let's begin". */
  readingPlan(hostCount: number, parts: number): string;
  partName(index: number): string;
  /** `Part 1 is about market and river.`, or only the name when there are no terms. */
  partOpener(name: string, termsPhrase: string | undefined): string;
  readonly welcomeChapterTitle: string;
  readonly wrapUpChapterTitle: string;
  recap(themePhrase: string): string;
  readonly goodbye: string;
  title(topic: string): string;
  summary(facts: {
    topic: string;
    chosen: number;
    sentenceCount: number;
    hostsPhrase: string;
    parts: number;
    themePhrase: string;
  }): string;
  fallbackKeyPoint(topic: string): string;
  readonly placeholder: {
    title(topic: string, missing: MissingMaterial): string;
    summary(topic: string): string;
    upfront(hostCount: number, topic: string, missing: MissingMaterial): string;
    shorterThanAsked(minutes: number): string;
    questions(topic: string): readonly string[];
    firstQuestion(hostCount: number, question: string): string;
    howToGetFull(topic: string): string;
    readonly thanks: string;
    readonly chapterTitles: readonly [string, string, string];
    keyPoints(topic: string, missing: MissingMaterial): readonly [string, string, string];
  };
}

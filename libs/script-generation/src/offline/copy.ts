// The offline writer's fixed copy put together: every host line it says itself (intro, part
// openers, outro, the placeholder episode), in the request's language, as opposed to the
// sentences it reads from the source.
import { boundText } from '../script/bound-text';
import { episodeHosts } from '../script/episode-hosts';
import { OFFLINE_COPY_DE } from './copy-de';
import { OFFLINE_COPY_EN } from './copy-en';
import { OFFLINE_COPY_ES } from './copy-es';
import { OFFLINE_COPY_FR } from './copy-fr';
import type { MissingMaterial, OfflineLanguageCopy } from './language-copy';
import {
  SCRIPT_KEY_POINT_MAX_CHARS,
  SCRIPT_SUMMARY_MAX_CHARS,
  SCRIPT_TITLE_MAX_CHARS,
  type PodcastScript,
  type ScriptSegment,
} from '../script/podcast-script';
import { requestLanguageFamily, type ScriptLanguageFamily } from '../script/language';
import type { ScriptRequest, SeriesContext } from '../script/request';

const COPY_BY_FAMILY: Readonly<Record<ScriptLanguageFamily, OfflineLanguageCopy>> = {
  en: OFFLINE_COPY_EN,
  es: OFFLINE_COPY_ES,
  de: OFFLINE_COPY_DE,
  fr: OFFLINE_COPY_FR,
};

/** The offline writer's lines in the request's language family (English when it names none). */
export function offlineCopyFor(request: Pick<ScriptRequest, 'language'>): OfflineLanguageCopy {
  return COPY_BY_FAMILY[requestLanguageFamily(request)];
}

/** `a`, `a and b`, `a, b and c`, with the copy's word for "and". */
export function listIn(copy: OfflineLanguageCopy, items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${copy.listWord} ${items[items.length - 1] ?? ''}`;
}

function previousTitle(series: SeriesContext | undefined): string | undefined {
  return series?.previousEpisodes[series.previousEpisodes.length - 1]?.title;
}

/** The host after `index`, round the list (the same host when there is one). */
function nextHost(hosts: readonly string[], index: number): string {
  return hosts[(index + 1) % hosts.length] ?? '';
}

/** What the reading's fixed copy says about it. */
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

/** The intro of a reading: the welcome, how the episode was made, and how it is divided. */
export function readingIntro(request: ScriptRequest, facts: ReadingFacts): ScriptSegment[] {
  const copy = offlineCopyFor(request);
  const hosts = episodeHosts(request);
  const first = hosts[0] ?? '';
  return [
    { speaker: first, text: copy.welcome(hosts, request.topic, previousTitle(request.series)) },
    {
      speaker: nextHost(hosts, 0),
      text: copy.readingNote({
        hosts,
        chosen: facts.chosen,
        sentenceCount: facts.sentenceCount,
        themePhrase: facts.themePhrase,
        format: request.format,
        shortOfMinutes: facts.shortOfTarget ? request.minutes : undefined,
      }),
    },
    { speaker: first, text: copy.readingPlan(hosts.length, facts.parts) },
  ];
}

/** The line that opens part `index` (from 0) of a multi-part reading, named after its terms. */
export function partOpener(
  copy: OfflineLanguageCopy,
  index: number,
  terms: readonly string[],
): string {
  return copy.partOpener(copy.partName(index), terms.length > 0 ? listIn(copy, terms) : undefined);
}

/** The chapter title of part `index` (from 0), bounded for the schema. */
export function partTitle(
  copy: OfflineLanguageCopy,
  index: number,
  terms: readonly string[],
): string {
  const name = copy.partName(index);
  return boundText(
    terms.length > 0 ? `${name}: ${listIn(copy, terms)}` : name,
    SCRIPT_TITLE_MAX_CHARS,
  );
}

/**
 * The outro of a reading: host `closer` (an index into `hosts`) recaps the themes, the next
 * host says goodbye (a lone host says both).
 */
export function readingWrapUp(
  copy: OfflineLanguageCopy,
  hosts: readonly string[],
  closer: number,
  themePhrase: string,
): ScriptSegment[] {
  return [
    { speaker: hosts[closer % hosts.length] ?? '', text: copy.recap(themePhrase) },
    { speaker: nextHost(hosts, closer), text: copy.goodbye },
  ];
}

/**
 * A reading's title, summary and hosts (bounded for the schema), and the key point used
 * when no sentence makes one.
 */
export function readingFrame(
  request: ScriptRequest,
  facts: ReadingFacts,
): Pick<PodcastScript, 'title' | 'summary' | 'hosts'> & { fallbackKeyPoint: string } {
  const copy = offlineCopyFor(request);
  const hosts = episodeHosts(request);
  return {
    title: boundText(copy.title(request.topic), SCRIPT_TITLE_MAX_CHARS),
    summary: boundText(
      copy.summary({
        topic: request.topic,
        chosen: facts.chosen,
        sentenceCount: facts.sentenceCount,
        hostsPhrase: listIn(copy, hosts),
        parts: facts.parts,
        themePhrase: facts.themePhrase,
      }),
      SCRIPT_SUMMARY_MAX_CHARS,
    ),
    hosts: hosts.map((name) => ({ name })),
    fallbackKeyPoint: boundText(copy.fallbackKeyPoint(request.topic), SCRIPT_KEY_POINT_MAX_CHARS),
  };
}

/**
 * The honest placeholder episode written when there is nothing to read: it says it was
 * written offline without a language model and why it has no material, states no facts
 * about the topic, suggests questions worth exploring and how to get a full episode — in the
 * request's language.
 */
export function placeholderEpisode(
  request: ScriptRequest,
  missing: MissingMaterial,
): PodcastScript {
  const copy = offlineCopyFor(request).placeholder;
  const hosts = episodeHosts(request);
  const first = hosts[0] ?? '';
  const second = nextHost(hosts, 0);
  const topic = request.topic;
  const [aboutTitle, questionsTitle, fullEpisodeTitle] = copy.chapterTitles;
  const [offlinePoint, missingPoint, addSourcePoint] = copy.keyPoints(topic, missing);
  return {
    title: boundText(copy.title(topic, missing), SCRIPT_TITLE_MAX_CHARS),
    summary: boundText(copy.summary(topic), SCRIPT_SUMMARY_MAX_CHARS),
    hosts: hosts.map((name) => ({ name })),
    chapters: [
      {
        title: aboutTitle,
        segments: [
          {
            speaker: first,
            text: offlineCopyFor(request).welcome(hosts, topic, previousTitle(request.series)),
          },
          { speaker: second, text: copy.upfront(hosts.length, topic, missing) },
          { speaker: first, text: copy.shorterThanAsked(request.minutes) },
        ],
      },
      {
        title: questionsTitle,
        segments: copy.questions(topic).map((question, index) => ({
          speaker: nextHost(hosts, index),
          text: index === 0 ? copy.firstQuestion(hosts.length, question) : question,
        })),
      },
      {
        title: fullEpisodeTitle,
        segments: [
          { speaker: second, text: copy.howToGetFull(topic) },
          { speaker: first, text: copy.thanks },
        ],
      },
    ],
    keyPoints: [offlinePoint, boundText(missingPoint, SCRIPT_KEY_POINT_MAX_CHARS), addSourcePoint],
  };
}

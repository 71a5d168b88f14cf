import { countWords, type PodcastScript, type ScriptChapter } from './podcast-script';

function chapterWords(chapter: ScriptChapter): number {
  return chapter.segments.reduce((total, segment) => total + countWords(segment.text), 0);
}

/**
 * Trims a script that is over its word window at a chapter boundary: it keeps the first
 * chapters and the last one (which closes the episode) and drops the chapters just before
 * the last, as few as it takes to reach `maxWords`. Returns the trimmed script when it then
 * holds at least `minWords` spoken words, the script itself when it is already within the
 * window, and `undefined` when no such trim fits (the script is too short, has fewer than
 * three chapters, or dropping enough chapters leaves it below `minWords`). Title, summary,
 * hosts and key points are kept. Pure.
 */
export function trimScriptToWindow(
  script: PodcastScript,
  window: { minWords: number; maxWords: number },
): PodcastScript | undefined {
  const words = script.chapters.map(chapterWords);
  let total = words.reduce((sum, count) => sum + count, 0);
  if (total < window.minWords) return undefined;
  if (total <= window.maxWords) return script;
  const last = script.chapters.length - 1;
  // Keep chapters [0, kept) and the last one; drop from kept - 1 downwards.
  let kept = last;
  while (kept > 1 && total > window.maxWords) {
    kept -= 1;
    total -= words[kept] ?? 0;
  }
  if (kept === last || total > window.maxWords || total < window.minWords) return undefined;
  const closing = script.chapters[last];
  if (!closing) return undefined;
  return { ...script, chapters: [...script.chapters.slice(0, kept), closing] };
}

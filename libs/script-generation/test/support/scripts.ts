import type { PodcastScript } from '../../src/script/podcast-script';
import type { ScriptOutline } from '../../src/script/outline';

const FILLER =
  'river town market bridge people trade crossing history grows changes city square'.split(' ');

/** A valid two-host script (hosts Alex and Sam) whose segments hold exactly `words` spoken words. */
export function scriptWithWords(words: number, title = 'Rivers and towns'): PodcastScript {
  const segments: { speaker: string; text: string }[] = [];
  let left = words;
  let turn = 0;
  while (left > 0) {
    const size = Math.min(40, left);
    const text = Array.from(
      { length: size },
      (_, index) => FILLER[(turn + index) % FILLER.length],
    ).join(' ');
    segments.push({ speaker: turn % 2 === 0 ? 'Alex' : 'Sam', text: `${text}.` });
    left -= size;
    turn += 1;
  }
  const half = Math.ceil(segments.length / 2);
  return {
    title,
    summary: 'Why old towns sit at river crossings.',
    hosts: [{ name: 'Alex' }, { name: 'Sam' }],
    chapters: [
      { title: 'Crossings', segments: segments.slice(0, half) },
      ...(segments.length > half ? [{ title: 'Markets', segments: segments.slice(half) }] : []),
    ],
    keyPoints: ['Crossings made markets.', 'Markets made towns.'],
  };
}

/** A valid two-host script (hosts Alex and Sam) with one chapter per entry, each holding that many spoken words. */
export function scriptWithChapters(chapterWords: readonly number[]): PodcastScript {
  const chapters = chapterWords.map((words, index) => ({
    title: `Chapter ${index + 1}`,
    segments: scriptWithWords(words).chapters.flatMap((chapter) => chapter.segments),
  }));
  return { ...scriptWithWords(1), chapters };
}

/** A valid two-chapter outline (hosts Alex and Sam) of an episode about tides, with `overrides` in place of its fields. */
export function tidesOutline(overrides: Partial<ScriptOutline> = {}): ScriptOutline {
  return {
    title: 'Tides',
    summary: 'Why the sea rises and falls.',
    hosts: [{ name: 'Alex' }, { name: 'Sam' }],
    keyPoints: ['The moon pulls the sea.'],
    chapters: [
      { title: 'Opening', brief: 'The question.', targetWords: 800 },
      { title: 'The moon', brief: 'Gravity.', targetWords: 900 },
    ],
    ...overrides,
  };
}

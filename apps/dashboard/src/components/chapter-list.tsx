'use client';

import type { Chapter } from '../api/types';
import { formatClock } from '../domain/time-format';

/**
 * Index of the chapter playing at `seconds`, or -1.
 */
export function currentChapterIndex(chapters: readonly Chapter[], seconds: number): number {
  return chapters.findIndex(
    (chapter) => seconds >= chapter.startSeconds && seconds < chapter.endSeconds,
  );
}

/**
 * An episode's chapters as a list whose entries seek; the one playing at `position` is
 * marked current. Renders nothing when there are no chapters.
 */
export function ChapterList(props: {
  title: string;
  chapters: readonly Chapter[];
  /** The playback position in seconds. */
  position: number;
  onSeek: (chapter: Chapter) => void;
}) {
  if (props.chapters.length === 0) return null;
  const playing = currentChapterIndex(props.chapters, props.position);
  return (
    <nav aria-label={`Chapters of “${props.title}”`}>
      <ol className="chapters">
        {props.chapters.map((chapter, index) => (
          <li key={`${chapter.startSeconds}-${index}`}>
            <button
              type="button"
              className={`chapter ${index === playing ? 'chapter--current' : ''}`}
              aria-current={index === playing ? 'true' : undefined}
              onClick={() => props.onSeek(chapter)}
            >
              <span className="chapter__time">{formatClock(chapter.startSeconds)}</span>{' '}
              {chapter.title}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

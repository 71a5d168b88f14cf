'use client';

import { useEffect, useRef, useState } from 'react';
import type { Chapter } from '../api/types';
import { formatClock } from '../domain/time-format';

/**
 * Whether a URL points at the page's own origin (the local stack's signed links) rather
 * than another one (presigned S3 URLs in AWS).
 *
 * @example
 * ```ts
 * isSameOrigin('/api/podcasts/j1/captions?signature=…', 'http://localhost:3000'); // true
 * ```
 */
export function isSameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * A `<track>` only loads captions from its own origin (or with CORS and a `crossorigin`
 * media element, which would also force CORS on the audio). Same-origin captions are
 * used as they are; others are fetched once and served from a blob URL.
 */
function useCaptionsSource(url: string | undefined): { src?: string; error?: unknown } {
  const [state, setState] = useState<{ src?: string; error?: unknown }>({});
  useEffect(() => {
    if (url === undefined) return undefined;
    if (isSameOrigin(url, window.location.origin)) {
      setState({ src: url });
      return undefined;
    }
    let cancelled = false;
    let objectUrl: string | undefined;
    fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`captions: HTTP ${response.status}`);
        return response.blob();
      })
      .then(
        (blob) => {
          if (cancelled) return;
          objectUrl = URL.createObjectURL(blob);
          setState({ src: objectUrl });
        },
        (error: unknown) => {
          if (!cancelled) setState({ error });
        },
      );
    return () => {
      cancelled = true;
      if (objectUrl !== undefined) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

/**
 * Index of the chapter playing at `seconds`, or -1.
 *
 * @example
 * ```ts
 * currentChapterIndex([{ title: 'A', startSeconds: 0, endSeconds: 10 }], 4); // 0
 * ```
 */
export function currentChapterIndex(chapters: readonly Chapter[], seconds: number): number {
  return chapters.findIndex(
    (chapter) => seconds >= chapter.startSeconds && seconds < chapter.endSeconds,
  );
}

/**
 * An audio player with captions and a chapter list whose entries seek.
 *
 * @example
 * ```tsx
 * <EpisodePlayer title="Tides" audioUrl={job.audioUrl} captionsUrl={job.captionsUrl}
 *   chapters={job.chapters ?? []} onLinkExpired={reloadJobs} />
 * ```
 */
export function EpisodePlayer(props: {
  title: string;
  audioUrl: string;
  captionsUrl?: string;
  chapters: readonly Chapter[];
  /** Called when the audio fails to load, e.g. an expired signed link: fetch fresh links. */
  onLinkExpired?: () => void;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [position, setPosition] = useState(0);
  const [failedUrl, setFailedUrl] = useState<string | undefined>();
  const captions = useCaptionsSource(props.captionsUrl);
  const playing = currentChapterIndex(props.chapters, position);

  function seek(chapter: Chapter) {
    const element = audioRef.current;
    if (element === null) return;
    element.currentTime = chapter.startSeconds;
    setPosition(chapter.startSeconds);
    element.play().catch(() => {
      // Autoplay policies may refuse; the position is still set for the next play.
    });
  }

  return (
    <div className="player">
      <audio
        ref={audioRef}
        controls
        preload="metadata"
        src={props.audioUrl}
        aria-label={`Play “${props.title}”`}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onError={() => {
          // Signed links expire; ask once per link for fresh ones.
          if (failedUrl === props.audioUrl) return;
          setFailedUrl(props.audioUrl);
          props.onLinkExpired?.();
        }}
        data-testid="episode-audio"
      >
        {captions.src ? (
          <track kind="captions" src={captions.src} srcLang="en" label="English" default />
        ) : null}
      </audio>
      {failedUrl === props.audioUrl ? (
        <p className="muted" role="status">
          The audio could not load; fetching a fresh link…
        </p>
      ) : null}
      {captions.error !== undefined ? (
        <p className="muted">Captions are not available for this episode right now.</p>
      ) : null}
      {props.chapters.length > 0 ? (
        <nav aria-label={`Chapters of “${props.title}”`}>
          <ol className="chapters">
            {props.chapters.map((chapter, index) => (
              <li key={`${chapter.startSeconds}-${index}`}>
                <button
                  type="button"
                  className={`chapter ${index === playing ? 'chapter--current' : ''}`}
                  aria-current={index === playing ? 'true' : undefined}
                  onClick={() => seek(chapter)}
                >
                  <span className="chapter__time">{formatClock(chapter.startSeconds)}</span>{' '}
                  {chapter.title}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
    </div>
  );
}

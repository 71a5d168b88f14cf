'use client';

import { useEffect, useRef, useState } from 'react';
import type { Chapter } from '../api/types';
import { formatClock } from '../domain/time-format';

/**
 * Turns a file URL into one the media elements can load. Same-origin URLs (the local
 * stack's `/api/podcasts/{id}/audio`) need the caller's identity header, which an
 * `<audio>` element cannot send: they are fetched with it and played from a blob URL.
 * Absolute URLs (presigned S3 URLs in AWS) are used as they are.
 */
export type OwnedFileLoader = (url: string) => Promise<Blob>;

function usePlayableUrl(
  url: string | undefined,
  load: OwnedFileLoader,
  mode: 'direct-if-absolute' | 'always-fetch',
): { src?: string; error?: unknown } {
  const [state, setState] = useState<{ src?: string; error?: unknown }>({});
  useEffect(() => {
    if (url === undefined) return undefined;
    if (mode === 'direct-if-absolute' && !url.startsWith('/')) {
      setState({ src: url });
      return undefined;
    }
    let cancelled = false;
    let objectUrl: string | undefined;
    const loading = url.startsWith('/')
      ? load(url)
      : fetch(url).then((response) => response.blob());
    loading.then(
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
  }, [url, load, mode]);
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
 *   chapters={job.chapters ?? []} loadOwnedFile={api.fetchOwnedFile} />
 * ```
 */
export function EpisodePlayer(props: {
  title: string;
  audioUrl: string;
  captionsUrl?: string;
  chapters: readonly Chapter[];
  loadOwnedFile: OwnedFileLoader;
}) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [position, setPosition] = useState(0);
  const audio = usePlayableUrl(props.audioUrl, props.loadOwnedFile, 'direct-if-absolute');
  // A <track> only loads same-origin (or CORS) files: always go through a blob URL.
  const captions = usePlayableUrl(props.captionsUrl, props.loadOwnedFile, 'always-fetch');
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

  if (audio.error !== undefined) {
    return (
      <p className="panel-error" role="alert">
        The audio could not load. {audio.error instanceof Error ? audio.error.message : ''}
      </p>
    );
  }
  if (audio.src === undefined) {
    return (
      <div className="player player--loading" role="status">
        Loading audio…
      </div>
    );
  }
  return (
    <div className="player">
      <audio
        ref={audioRef}
        controls
        preload="metadata"
        src={audio.src}
        aria-label={`Play “${props.title}”`}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        data-testid="episode-audio"
      >
        {captions.src ? (
          <track kind="captions" src={captions.src} srcLang="en" label="English" default />
        ) : null}
      </audio>
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

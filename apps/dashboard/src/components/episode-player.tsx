'use client';

import { useEffect, useRef, useState } from 'react';
import type { Chapter } from '../api/types';
import { useCaptionsSource } from '../hooks/use-captions-source';
import { ChapterList } from './chapter-list';

/** Fresh signed links for one episode, as `GET /api/podcasts/{jobId}` returns them. */
export interface EpisodeLinks {
  audioUrl?: string;
  captionsUrl?: string;
}

/** Where the player is in recovering from a failed audio link. */
type Recovery = 'idle' | 'refreshing' | 'retried' | 'gone';

/** A link the player fetched again, used while its parent still passes the one it replaces. */
interface Replacement {
  replaces: string | undefined;
  url: string | undefined;
}

/**
 * An audio player with captions and a chapter list whose entries seek. One player plays
 * one episode (key it by the job id).
 *
 * A new `audioUrl` from the parent (a poll of the jobs list signs every link again) does not
 * reset playback: the player keeps the source it has while that source works, and keeps
 * the newer link for when it fails. Only when the current source has failed does it switch,
 * and then it goes back to the same position, playing again only if it was playing. The
 * same holds for `captionsUrl` once captions have loaded.
 *
 * When the audio fails to load (a signed link expired while the page stayed open) and
 * `refreshLinks` is given, the player fetches fresh links once, swaps the source, and
 * goes back to the same position, playing again only if it was playing. If the fresh
 * link fails too (the file is really gone), or the refresh fails, it says so and stops
 * trying. Without `refreshLinks` it switches to a newer link from the parent if it has
 * one, and otherwise calls `onLinkExpired` once per link, as before.
 */
export function EpisodePlayer(props: {
  title: string;
  audioUrl: string;
  captionsUrl?: string;
  chapters: readonly Chapter[];
  /** Called when the audio fails to load, e.g. an expired signed link: fetch fresh links. */
  onLinkExpired?: () => void;
  /**
   * Fetches the episode's links again (e.g. `() => api.getPodcast(jobId)`). When given,
   * the player recovers from an expired link by itself, and `onLinkExpired` is not called.
   */
  refreshLinks?: () => Promise<EpisodeLinks>;
}) {
  const { refreshLinks } = props;
  const audioRef = useRef<HTMLAudioElement>(null);
  /** The parent's links the player is using; newer ones wait until these fail. */
  const [audioBase, setAudioBase] = useState(props.audioUrl);
  const [captionsBase, setCaptionsBase] = useState(props.captionsUrl);
  const [position, setPosition] = useState(0);
  const [failedUrl, setFailedUrl] = useState<string | undefined>();
  const [freshAudio, setFreshAudio] = useState<Replacement | undefined>();
  const [freshCaptions, setFreshCaptions] = useState<Replacement | undefined>();
  /** 'refreshing' while fresh links are fetched; 'retried' until the new source loads. */
  const [recovery, setRecoveryState] = useState<Recovery>('idle');
  // Mirrors `recovery` so that errors fired before the next render see the latest state.
  const recoveryRef = useRef<Recovery>('idle');
  function setRecovery(next: Recovery) {
    recoveryRef.current = next;
    setRecoveryState(next);
  }
  const captionsRetried = useRef(false);
  const wasPlaying = useRef(false);
  const resumeAt = useRef<{ time: number; play: boolean } | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const audioUrl =
    freshAudio !== undefined && freshAudio.replaces === audioBase && freshAudio.url
      ? freshAudio.url
      : audioBase;
  const captionsUrl =
    freshCaptions !== undefined && freshCaptions.replaces === captionsBase
      ? freshCaptions.url
      : captionsBase;
  const captions = useCaptionsSource(captionsUrl);

  function seek(chapter: Chapter) {
    const element = audioRef.current;
    if (element === null) return;
    element.currentTime = chapter.startSeconds;
    setPosition(chapter.startSeconds);
    element.play().catch(() => {
      // Autoplay policies may refuse; the position is still set for the next play.
    });
  }

  /** Switches to the parent's latest links (the current ones failed). */
  function adoptParentLinks() {
    setAudioBase(props.audioUrl);
    setCaptionsBase(props.captionsUrl);
    setRecovery('idle');
  }

  function recoverAudio(element: HTMLAudioElement) {
    // Where to go back to once a working source loads. A failed new source reads 0:00,
    // so the position of the first failure stands until a source has loaded.
    resumeAt.current ??= { time: element.currentTime, play: wasPlaying.current };
    if (refreshLinks === undefined) {
      if (failedUrl === audioUrl) return;
      // A poll already brought a newer link: use it.
      if (props.audioUrl !== audioBase) {
        adoptParentLinks();
        return;
      }
      // Signed links expire; ask once per link for fresh ones.
      setFailedUrl(audioUrl);
      props.onLinkExpired?.();
      return;
    }
    // One refresh per error burst: a second failure before the new source loads means
    // the file is really gone, not that its link expired.
    if (recoveryRef.current !== 'idle') {
      if (recoveryRef.current === 'retried') setRecovery('gone');
      return;
    }
    setRecovery('refreshing');
    const replaces = { audio: audioBase, captions: captionsBase };
    refreshLinks().then(
      (links) => {
        if (!mounted.current) return;
        if (links.audioUrl === undefined || links.audioUrl === audioUrl) {
          setRecovery('gone');
          return;
        }
        setFreshAudio({ replaces: replaces.audio, url: links.audioUrl });
        setFreshCaptions({ replaces: replaces.captions, url: links.captionsUrl });
        setRecovery('retried');
      },
      () => {
        if (mounted.current) setRecovery('gone');
      },
    );
  }

  function recoverCaptions() {
    if (refreshLinks === undefined) {
      if (props.captionsUrl !== captionsBase) setCaptionsBase(props.captionsUrl);
      return;
    }
    if (captionsRetried.current || recoveryRef.current !== 'idle') return;
    captionsRetried.current = true;
    const replaces = captionsBase;
    refreshLinks().then(
      (links) => {
        if (
          mounted.current &&
          links.captionsUrl !== undefined &&
          links.captionsUrl !== captionsUrl
        ) {
          setFreshCaptions({ replaces, url: links.captionsUrl });
        }
      },
      () => {
        // The captions stay unavailable; the audio plays on.
      },
    );
  }

  // A new link from the parent (e.g. the jobs list reloaded) replaces the current source
  // only once that source has failed; a working source keeps playing where it is.
  const audioFailed = recovery === 'gone' || (failedUrl !== undefined && failedUrl === audioUrl);
  useEffect(() => {
    if (props.audioUrl !== audioBase && audioFailed) adoptParentLinks();
  });

  // React does not forward a <track>'s error event; listen on the element itself.
  const trackRef = useRef<HTMLTrackElement>(null);
  const onCaptionsError = useRef(recoverCaptions);
  onCaptionsError.current = recoverCaptions;
  const hasTrack = captions.src !== undefined;
  useEffect(() => {
    const track = trackRef.current;
    if (!hasTrack || track === null) return undefined;
    const listener = () => onCaptionsError.current();
    track.addEventListener('error', listener);
    return () => track.removeEventListener('error', listener);
  }, [hasTrack]);

  const captionsFailed = captions.error !== undefined;
  useEffect(() => {
    // Only a new failure triggers a refresh (recoverCaptions itself tries once).
    if (captionsFailed) onCaptionsError.current();
  }, [captionsFailed]);

  // Captions: take the parent's link when there were none, or (without `refreshLinks`,
  // which retries by itself) when the current captions failed to load.
  useEffect(() => {
    if (props.captionsUrl === captionsBase) return;
    if (captionsBase === undefined || (captionsFailed && refreshLinks === undefined)) {
      setCaptionsBase(props.captionsUrl);
    }
  }, [props.captionsUrl, captionsBase, captionsFailed, refreshLinks]);

  return (
    <div className="player">
      <audio
        ref={audioRef}
        controls
        preload="metadata"
        src={audioUrl}
        aria-label={`Play “${props.title}”`}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onPlay={() => {
          wasPlaying.current = true;
        }}
        onPause={() => {
          wasPlaying.current = false;
        }}
        onEnded={() => {
          wasPlaying.current = false;
        }}
        onLoadedMetadata={(event) => {
          const element = event.currentTarget;
          const resume = resumeAt.current;
          if (resume === undefined) return;
          // The fresh source loaded: this error burst is over.
          resumeAt.current = undefined;
          setRecovery('idle');
          element.currentTime = resume.time;
          setPosition(resume.time);
          if (resume.play) {
            element.play().catch(() => {
              // Autoplay policies may refuse; the position is restored for the next play.
            });
          }
        }}
        onError={(event) => recoverAudio(event.currentTarget)}
        data-testid="episode-audio"
      >
        {captions.src ? (
          <track
            kind="captions"
            src={captions.src}
            srcLang="en"
            label="English"
            default
            ref={trackRef}
          />
        ) : null}
      </audio>
      {failedUrl === audioUrl || recovery === 'refreshing' ? (
        <p className="muted" role="status">
          The audio could not load; fetching a fresh link…
        </p>
      ) : null}
      {recovery === 'gone' ? (
        <p className="muted" role="alert" data-testid="episode-audio-gone">
          This episode’s audio is not available right now. Reload the page to try again.
        </p>
      ) : null}
      {captions.error !== undefined ? (
        <p className="muted">Captions are not available for this episode right now.</p>
      ) : null}
      <ChapterList
        title={props.title}
        chapters={props.chapters}
        position={position}
        onSeek={seek}
      />
    </div>
  );
}

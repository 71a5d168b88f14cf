'use client';

import { useEffect, useState } from 'react';

/**
 * Whether a URL points at the page's own origin (the local stack's signed links) rather
 * than another one (presigned S3 URLs in AWS).
 */
export function isSameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * The `src` for an episode's captions `<track>`, or the error that stopped it loading.
 *
 * A `<track>` only loads captions from its own origin (or with CORS and a `crossorigin`
 * media element, which would also force CORS on the audio). Same-origin captions are
 * used as they are; others are fetched once and served from a blob URL.
 *
 * @example
 * ```tsx
 * const captions = useCaptionsSource(job.captionsUrl);
 * return captions.src ? <track kind="captions" src={captions.src} /> : null;
 * ```
 */
export function useCaptionsSource(url: string | undefined): { src?: string; error?: unknown } {
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

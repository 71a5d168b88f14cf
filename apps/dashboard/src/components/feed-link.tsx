'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { Feed } from '../api/types';

/** How long "Copied" stays beside the button. */
const COPIED_FOR_MS = 4000;

/**
 * What a feed link is of, as a heading: its series id, or "All episodes".
 */
export function feedTitle(feed: Pick<Feed, 'seriesId'>): string {
  return feed.seriesId ?? 'All episodes';
}

/**
 * The same inside a sentence or a control's name: "Feed link for rivers", "Feed link for all
 * episodes".
 */
export function feedSubject(feed: Pick<Feed, 'seriesId'>): string {
  return feed.seriesId ?? 'all episodes';
}

function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

type CopyState = 'idle' | 'copied' | 'failed';
type RevokeState = 'idle' | 'confirming' | 'revoking';

/**
 * One feed link in the list: what it is of, the URL in a read-only field, "Copy" (to the
 * clipboard, with "Copied" beside it; without a clipboard it selects the URL and says to copy
 * it by hand), and "Revoke", which first asks "Confirm revoke" / "Cancel" in place, then calls
 * `onRevoke`. Each control's name ends with the feed's subject ("Copy feed link for rivers"),
 * so several links are told apart.
 */
export function FeedLink(props: { feed: Feed; onRevoke: (feedId: string) => Promise<boolean> }) {
  const { feed } = props;
  const id = useId();
  const subject = feedSubject(feed);
  const [copy, setCopy] = useState<CopyState>('idle');
  const [revoke, setRevoke] = useState<RevokeState>('idle');
  const urlRef = useRef<HTMLInputElement>(null);
  const revokeRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  /** Where focus goes after the revoke controls swap (never on the first render). */
  const focusNext = useRef<'revoke' | 'confirm' | undefined>(undefined);

  useEffect(() => {
    if (copy !== 'copied') return undefined;
    const timer = setTimeout(() => setCopy('idle'), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = undefined;
    if (target === 'confirm') confirmRef.current?.focus();
    if (target === 'revoke') revokeRef.current?.focus();
  }, [revoke]);

  async function copyLink() {
    // The Clipboard API exists only in secure contexts (https, localhost).
    const clipboard = (navigator as { clipboard?: Partial<Clipboard> }).clipboard;
    try {
      if (clipboard?.writeText === undefined) throw new Error('no clipboard');
      await clipboard.writeText(feed.feedUrl);
      setCopy('copied');
    } catch {
      setCopy('failed');
      urlRef.current?.focus();
      urlRef.current?.select();
    }
  }

  async function confirmRevoke() {
    setRevoke('revoking');
    const gone = await props.onRevoke(feed.feedId);
    // When it is gone this item leaves the list; otherwise offer "Revoke" again.
    if (!gone) {
      focusNext.current = 'revoke';
      setRevoke('idle');
    }
  }

  const titleId = `${id}-title`;
  const urlId = `${id}-url`;
  return (
    <li className="feed" data-testid="feed" data-feed-id={feed.feedId} aria-labelledby={titleId}>
      <div className="feed__head">
        <h3 id={titleId} className="feed__title">
          {feedTitle(feed)}
        </h3>
        <span className="feed__meta">Made {formatCreated(feed.createdAt)}</span>
      </div>
      <div className="feed__link">
        <label htmlFor={urlId} className="visually-hidden">
          Feed link for {subject}
        </label>
        <input
          ref={urlRef}
          id={urlId}
          className="feed__url"
          type="url"
          readOnly
          value={feed.feedUrl}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--secondary" onClick={copyLink}>
          Copy<span className="visually-hidden"> feed link for {subject}</span>
        </button>
        <span role="status" className={`feed__copy feed__copy--${copy}`}>
          {copy === 'copied'
            ? 'Copied'
            : copy === 'failed'
              ? 'Copying is not available here: the link is selected, copy it yourself.'
              : ''}
        </span>
      </div>
      <div className="feed__revoke">
        {revoke === 'idle' ? (
          <button
            ref={revokeRef}
            type="button"
            className="button button--secondary"
            onClick={() => {
              focusNext.current = 'confirm';
              setRevoke('confirming');
            }}
          >
            Revoke<span className="visually-hidden"> feed link for {subject}</span>
          </button>
        ) : (
          <>
            <span className="feed__warning" id={`${id}-warning`}>
              Podcast apps using this link will stop getting episodes.
            </span>
            <button
              ref={confirmRef}
              type="button"
              className="button button--danger"
              disabled={revoke === 'revoking'}
              aria-describedby={`${id}-warning`}
              onClick={() => void confirmRevoke()}
            >
              {revoke === 'revoking' ? 'Revoking…' : 'Confirm revoke'}
              <span className="visually-hidden"> of feed link for {subject}</span>
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={revoke === 'revoking'}
              onClick={() => {
                focusNext.current = 'revoke';
                setRevoke('idle');
              }}
            >
              Cancel<span className="visually-hidden"> revoking feed link for {subject}</span>
            </button>
          </>
        )}
      </div>
    </li>
  );
}

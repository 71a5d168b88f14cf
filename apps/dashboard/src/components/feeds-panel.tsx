'use client';

import { useId, useState, type FormEvent } from 'react';
import { useFeeds, type FeedsApi } from '../hooks/use-feeds';
import { FeedLink, feedSubject } from './feed-link';
import { Field } from './field';
import { Panel, PanelError, PanelSkeleton } from './panel';

/** The select's value for a feed of all the user's episodes (series ids are never empty). */
const ALL_EPISODES = '';

/**
 * Podcast feeds: the user's secret, revocable RSS links (one per series, or one of all their
 * episodes) that podcast apps subscribe to. Makes a link for "All my episodes" or one of
 * `seriesIds` (the series of the episodes loaded), lists the links newest first with Copy and
 * Revoke (which asks to confirm first), and shows the server's message when it refuses.
 */
export function FeedsPanel(props: { api: FeedsApi; seriesIds: readonly string[] }) {
  const { feeds, creating, problem, reload, create, revoke } = useFeeds(props.api);
  const [choice, setChoice] = useState(ALL_EPISODES);
  const [status, setStatus] = useState('');
  const baseId = useId();
  // A series can leave the loaded episodes; the choice then falls back to all episodes.
  const chosen = props.seriesIds.includes(choice) ? choice : ALL_EPISODES;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (creating) return;
    setStatus('');
    const feed = await create(chosen === ALL_EPISODES ? {} : { seriesId: chosen });
    if (feed !== undefined) setStatus(`Made a feed link for ${feedSubject(feed)}.`);
  }

  async function revokeFeed(feedId: string): Promise<boolean> {
    const feed = feeds.data?.find((candidate) => candidate.feedId === feedId);
    setStatus('');
    const gone = await revoke(feedId);
    if (gone) setStatus(`Revoked the feed link for ${feed ? feedSubject(feed) : 'it'}.`);
    return gone;
  }

  return (
    <Panel
      title="Podcast feeds"
      busy={feeds.data === undefined && feeds.loading}
      className="panel--feeds"
    >
      <p className="feeds__intro">
        Podcast apps subscribe to these secret links. Anyone with a link can listen to its episodes;
        revoke a link to stop it working.
      </p>
      <form className="feeds__create" noValidate onSubmit={(event) => void submit(event)}>
        <Field
          id={`${baseId}-series`}
          label="Episodes in the feed"
          hint={
            props.seriesIds.length === 0
              ? 'Your series appear here once an episode belongs to one.'
              : undefined
          }
        >
          {(control) => (
            <select
              {...control}
              value={chosen}
              onChange={(event) => setChoice(event.currentTarget.value)}
            >
              <option value={ALL_EPISODES}>All my episodes</option>
              {props.seriesIds.map((seriesId) => (
                <option key={seriesId} value={seriesId}>
                  {seriesId}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" className="button" disabled={creating}>
          {creating ? 'Making the link…' : 'Create feed link'}
        </button>
      </form>
      {problem !== undefined ? (
        <p className="panel-error" role="alert">
          {problem}
        </p>
      ) : null}
      <p role="status" className="feeds__status">
        {status}
      </p>
      {feeds.data !== undefined ? (
        feeds.data.length === 0 ? (
          <p className="muted">No feed links yet.</p>
        ) : (
          <ul className="feeds" aria-label="Your feed links">
            {feeds.data.map((feed) => (
              <FeedLink key={feed.feedId} feed={feed} onRevoke={revokeFeed} />
            ))}
          </ul>
        )
      ) : feeds.error !== undefined ? (
        <PanelError
          error={feeds.error}
          onRetry={() => void reload()}
          what="Your feed links could not load."
        />
      ) : (
        <PanelSkeleton lines={2} label="Loading your feed links…" />
      )}
    </Panel>
  );
}

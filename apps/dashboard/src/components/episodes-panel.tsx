'use client';

import { describeError } from '../api/errors';
import type { Job } from '../api/types';
import { FORMAT_NAMES } from '../domain/episode-format';
import { isFinal, isWorking, progressFraction, stageLabel } from '../domain/job-status';
import { formatClock } from '../domain/time-format';
import type { Resource } from '../hooks/resource';
import type { EpisodePager } from '../hooks/use-episode-pages';
import { QUALITY_LABELS } from './cost-calculator';
import { EpisodePlayer } from './episode-player';
import { EpisodeScript, type EpisodeScriptActions } from './episode-script';
import { Panel, PanelError, PanelSkeleton } from './panel';

function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function slots(count: number): string {
  return count === 1 ? 'slot' : 'slots';
}

/**
 * What a charged episode cost next to its quote: "Charged 2 slots (quoted 4) for 0:58 of
 * audio". When the audio measured more than the quote, says so: the quote is what was paid.
 */
function Charge(props: { job: Job; cost: number }) {
  const { job, cost } = props;
  const measured = job.measuredCost;
  return (
    <>
      Charged <strong data-testid="episode-charged">{cost}</strong> {slots(cost)} (quoted{' '}
      <span data-testid="episode-quoted">{job.estimatedCost}</span>)
      {job.durationSeconds !== undefined ? ` for ${formatClock(job.durationSeconds)} of audio` : ''}
      {job.chargedWeek ? `, in ${job.chargedWeek}` : ''}.
      {measured !== undefined && measured > cost
        ? ` It ran long (${measured} ${slots(measured)} measured); you pay the quote.`
        : ''}
    </>
  );
}

/**
 * One episode: stage and progress while it is made, the charge, and the player once ready.
 */
export function EpisodeCard(props: {
  job: Job;
  onLinkExpired?: () => void;
  /** Fetches one job again (fresh signed links); lets the player recover from an expired link. */
  refreshJob?: (jobId: string) => Promise<Job>;
  /** Review, edit and render its script; without it the card offers none. */
  scripts?: EpisodeScriptActions;
}) {
  const { job, refreshJob } = props;
  const final = isFinal(job);
  const working = isWorking(job);
  const percent = Math.round(progressFraction(job) * 100);
  return (
    <li className={`episode episode--${job.status}`} data-testid="episode" data-job-id={job.jobId}>
      <div className="episode__head">
        <h3 className="episode__title">{job.topic}</h3>
        <span className={`badge badge--${job.status}`} data-testid="episode-status">
          {job.status.replace(/_/g, ' ')}
        </span>
      </div>
      <p className="episode__meta">
        {job.minutes} min · {QUALITY_LABELS[job.quality]}
        {job.format && job.format !== 'deep-dive' ? ` · ${FORMAT_NAMES[job.format]}` : ''}
        {job.language && job.language !== 'en-US' ? ` · ${job.language}` : ''}
        {job.seriesId ? ` · series ${job.seriesId}` : ''} · {formatCreated(job.createdAt)}
      </p>
      <p className="episode__stage" aria-live={working ? 'polite' : undefined}>
        {stageLabel(job)}
      </p>
      {!working ? null : (
        <div
          className="progress"
          role="progressbar"
          aria-label={`Progress of “${job.topic}”`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="progress__bar" style={{ width: `${percent}%` }} />
        </div>
      )}
      <p className="episode__cost" data-testid="episode-cost">
        {job.cost !== undefined ? (
          <Charge job={job} cost={job.cost} />
        ) : final ? (
          'Nothing charged.'
        ) : job.status === 'script_ready' ? (
          'Nothing charged yet: review the script, then render it for its quote.'
        ) : (
          `Estimated ${job.estimatedCost} ${job.estimatedCost === 1 ? 'slot' : 'slots'}; charged when ready.`
        )}
      </p>
      {job.error && job.status !== 'ready' ? <p className="episode__error">{job.error}</p> : null}
      {job.status === 'ready' && job.audioUrl ? (
        <EpisodePlayer
          // A re-render brings new audio: a new player for it (one poll's fresh link is not).
          key={`${job.jobId}:${job.audioBytes ?? ''}:${job.durationSeconds ?? ''}`}
          title={job.topic}
          audioUrl={job.audioUrl}
          captionsUrl={job.captionsUrl}
          chapters={job.chapters ?? []}
          onLinkExpired={props.onLinkExpired}
          refreshLinks={refreshJob ? () => refreshJob(job.jobId) : undefined}
        />
      ) : null}
      {props.scripts ? <EpisodeScript job={job} actions={props.scripts} /> : null}
    </li>
  );
}

/**
 * "Show older episodes" under the list, while the API has an older page; says so when
 * that page could not load (pressing the button again retries).
 */
function OlderEpisodes(props: { pager: EpisodePager }) {
  const { pager } = props;
  if (!pager.hasOlder) return null;
  return (
    <div className="episodes__older">
      {pager.error !== undefined ? (
        <p className="panel-error" role="alert">
          <strong>Older episodes could not load.</strong> {describeError(pager.error)}
        </p>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        onClick={pager.loadOlder}
        disabled={pager.loading}
        aria-busy={pager.loading ? true : undefined}
      >
        {pager.loading ? 'Loading older episodes…' : 'Show older episodes'}
      </button>
    </div>
  );
}

/**
 * Episodes: the user's jobs, newest first, with live progress; with a `pager`, a
 * "Show older episodes" button appends the next page while there is one.
 */
export function EpisodesPanel(props: {
  jobs: Resource<Job[]>;
  onRetry: () => void;
  /** Fetches one job again (`GET /api/podcasts/{jobId}`), for players whose link expired. */
  refreshJob?: (jobId: string) => Promise<Job>;
  /** Older pages of the list (see `useEpisodePages`); without it only `jobs` is shown. */
  pager?: EpisodePager;
  /** Script review and editing on each card (see `EpisodeScript`). */
  scripts?: EpisodeScriptActions;
}) {
  const { jobs, pager } = props;
  const active = jobs.data?.filter(isWorking).length ?? 0;
  return (
    <Panel
      title="Episodes"
      busy={jobs.data === undefined && jobs.loading}
      className="panel--episodes"
      actions={
        active > 0 ? (
          <span className="muted" role="status">
            {active} in progress · updating live
          </span>
        ) : null
      }
    >
      {jobs.error !== undefined ? (
        <PanelError
          error={jobs.error}
          onRetry={props.onRetry}
          what="Your episodes could not load."
        />
      ) : null}
      {jobs.data === undefined ? (
        jobs.error === undefined ? (
          <PanelSkeleton lines={5} label="Loading your episodes…" />
        ) : null
      ) : jobs.data.length === 0 ? (
        <p className="muted">No episodes yet. Make one with the form.</p>
      ) : (
        <ul className="episodes">
          {jobs.data.map((job) => (
            <EpisodeCard
              key={job.jobId}
              job={job}
              onLinkExpired={props.onRetry}
              refreshJob={props.refreshJob}
              scripts={props.scripts}
            />
          ))}
        </ul>
      )}
      {jobs.data !== undefined && pager !== undefined ? <OlderEpisodes pager={pager} /> : null}
    </Panel>
  );
}

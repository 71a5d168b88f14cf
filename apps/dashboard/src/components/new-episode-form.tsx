'use client';

import { VOICE_QUALITIES } from '@lumcast/quota';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, describeError } from '../api/errors';
import type { CreatePodcastAccepted, CreatePodcastRequest } from '../api/types';
import { weeklyFit, type WeeklyFit } from '../domain/cost';
import type { EpisodeField } from '../domain/episode-draft';
import {
  MAX_EPISODE_MINUTES,
  MIN_EPISODE_MINUTES,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
} from '@lumcast/script-generation';
import { formatLocalDateTime } from '../domain/time-format';
import { EPISODE_FIELDS, useEpisodeDraft } from '../hooks/use-episode-draft';
import { QUALITY_LABELS } from './cost-calculator';
import { Field } from './field';
import { Panel } from './panel';

/** What the form knows of the quota: enough for its hints. */
type FormQuota = {
  remaining: number;
  limit: number;
  resetsAt?: string;
  inFlight?: number;
  maxInFlight?: number;
};

/**
 * A hint from the last quota the page loaded; the server decides, and its own message
 * replaces this one when it refuses.
 */
function fitWarning(fit: WeeklyFit, cost: number, quota: FormQuota): string | undefined {
  if (fit === 'exceeds_limit') {
    return `This costs ${cost} slots, more than your whole weekly limit of ${quota.limit}. It will be refused; choose fewer minutes or a cheaper voice.`;
  }
  if (fit === 'exceeds_remaining') {
    return `This costs ${cost} slots but only ${quota.remaining} remain this week. It will likely be refused unless slots free up.`;
  }
  if (
    quota.inFlight !== undefined &&
    quota.maxInFlight !== undefined &&
    quota.inFlight >= quota.maxInFlight
  ) {
    return `You have ${quota.inFlight} episodes in progress, the most your plan runs at once. This one will likely be refused until one of them is done.`;
  }
  return undefined;
}

/** A date the server sent (`retryAt`, `resetsAt`), if it is one. */
function dateDetail(details: Readonly<Record<string, unknown>>, key: string): Date | undefined {
  const value = details[key];
  if (typeof value !== 'string') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Whether the API's `error.field` names one of the form's fields. */
function isEpisodeField(field: string | undefined): field is EpisodeField {
  return (EPISODE_FIELDS as readonly (string | undefined)[]).includes(field);
}

/** A refusal from the server: its message as it came, and when trying again can succeed. */
interface Refusal {
  message: string;
  retryAt?: Date;
}

/**
 * New episode: topic, optional source text, minutes, quality, optional series; field-level
 * validation, live cost, and a hint (with a confirmation) when it would not fit this week.
 * When the server refuses the episode, its own message is shown word for word (with the local
 * time it says to try again), in place of the hint.
 *
 * @example
 * ```tsx
 * <NewEpisodeForm quota={quota.data} onSubmit={(request) => api.createPodcast(request)}
 *   onCreated={reload} onRefused={reloadQuota} />
 * ```
 */
export function NewEpisodeForm(props: {
  quota?: FormQuota;
  onSubmit: (request: CreatePodcastRequest) => Promise<CreatePodcastAccepted>;
  onCreated?: (accepted: CreatePodcastAccepted) => void;
  /** The server refused the episode (a 4xx/5xx answer): the quota shown may be out of date. */
  onRefused?: (error: ApiError) => void;
}) {
  const episode = useEpisodeDraft();
  const { draft, errors, cost } = episode;
  const [formError, setFormError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [confirmingCost, setConfirmingCost] = useState<number | undefined>();
  const baseId = useId();
  const ids = Object.fromEntries(
    EPISODE_FIELDS.map((field) => [field, `${baseId}-${field}`]),
  ) as Record<EpisodeField, string>;

  const fit = cost !== undefined && props.quota ? weeklyFit(cost, props.quota) : 'fits';
  const warning =
    cost !== undefined && props.quota ? fitWarning(fit, cost, props.quota) : undefined;

  function update(field: EpisodeField, value: string) {
    episode.update(field, value);
    setConfirmingCost(undefined);
    setStatus(undefined);
    setRefusal(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    setRefusal(undefined);
    setStatus(undefined);
    const checked = episode.check();
    if (!checked.ok) {
      if (checked.firstInvalid) document.getElementById(ids[checked.firstInvalid])?.focus();
      return;
    }
    if (fit !== 'fits' && confirmingCost !== cost) {
      setConfirmingCost(cost);
      return;
    }
    setSubmitting(true);
    try {
      const accepted = await props.onSubmit(checked.request);
      episode.sent();
      setConfirmingCost(undefined);
      setStatus(
        `Episode queued (${accepted.estimatedCost} ${accepted.estimatedCost === 1 ? 'slot' : 'slots'} estimated). Follow it under Episodes.`,
      );
      props.onCreated?.(accepted);
    } catch (error) {
      if (error instanceof ApiError && isEpisodeField(error.field)) {
        episode.fieldRefused(error.field, error.message);
      } else if (error instanceof ApiError) {
        // The server's words, unchanged: it knows what it held and why it refused.
        const retryAt =
          dateDetail(error.details, 'retryAt') ?? dateDetail(error.details, 'resetsAt');
        setRefusal(
          retryAt === undefined ? { message: error.message } : { message: error.message, retryAt },
        );
        props.onRefused?.(error);
      } else {
        setFormError(describeError(error));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Panel title="New episode" className="panel--new-episode">
      <form
        className="episode-form"
        noValidate
        onSubmit={submit}
        aria-describedby={`${baseId}-cost`}
      >
        <Field
          id={ids.topic}
          label="Topic"
          hint={`Up to ${TOPIC_MAX_CHARS} characters (${draft.topic.trim().length} used).`}
          error={errors.topic}
        >
          {(control) => (
            <input
              {...control}
              name="topic"
              type="text"
              autoComplete="off"
              value={draft.topic}
              onChange={(event) => update('topic', event.target.value)}
              onBlur={() => episode.blur('topic')}
            />
          )}
        </Field>

        <Field
          id={ids.sourceText}
          label={
            <>
              Source text <span className="muted">(optional)</span>
            </>
          }
          hint={`The hosts stay faithful to it. Up to ${SOURCE_TEXT_MAX_CHARS.toLocaleString('en-US')} characters.`}
          error={errors.sourceText}
        >
          {(control) => (
            <textarea
              {...control}
              name="sourceText"
              rows={4}
              value={draft.sourceText}
              onChange={(event) => update('sourceText', event.target.value)}
              onBlur={() => episode.blur('sourceText')}
            />
          )}
        </Field>

        <div className="field-row">
          <Field id={ids.minutes} label="Minutes" error={errors.minutes}>
            {(control) => (
              <input
                {...control}
                name="minutes"
                type="number"
                inputMode="numeric"
                min={MIN_EPISODE_MINUTES}
                max={MAX_EPISODE_MINUTES}
                step={1}
                value={draft.minutes}
                onChange={(event) => update('minutes', event.target.value)}
                onBlur={() => episode.blur('minutes')}
              />
            )}
          </Field>
          <Field id={ids.quality} label="Voice quality" error={errors.quality}>
            {(control) => (
              <select
                {...control}
                name="quality"
                value={draft.quality}
                onChange={(event) => update('quality', event.target.value)}
                onBlur={() => episode.blur('quality')}
              >
                {VOICE_QUALITIES.map((quality) => (
                  <option key={quality} value={quality}>
                    {QUALITY_LABELS[quality]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>

        <Field
          id={ids.seriesId}
          label={
            <>
              Series <span className="muted">(optional)</span>
            </>
          }
          hint="Episodes of the same series build on each other."
          error={errors.seriesId}
        >
          {(control) => (
            <input
              {...control}
              name="seriesId"
              type="text"
              autoComplete="off"
              value={draft.seriesId}
              onChange={(event) => update('seriesId', event.target.value)}
              onBlur={() => episode.blur('seriesId')}
            />
          )}
        </Field>

        <p
          id={`${baseId}-cost`}
          className="episode-form__cost"
          aria-live="polite"
          data-testid="form-cost"
        >
          {cost === undefined ? (
            'Choose a valid length and quality to see the cost.'
          ) : (
            <>
              Estimated cost:{' '}
              <strong>
                {cost} {cost === 1 ? 'slot' : 'slots'}
              </strong>
              {props.quota ? ` of ${props.quota.remaining} remaining` : ''}. You are charged for the
              length actually produced, never more than this estimate.
            </>
          )}
        </p>
        {warning && refusal === undefined ? (
          <p className="warning" role="alert" data-testid="form-fit-warning">
            {warning}
          </p>
        ) : null}
        {refusal ? (
          <div className="panel-error" role="alert" data-testid="form-refusal">
            <p data-testid="form-refusal-message">{refusal.message}</p>
            {refusal.retryAt ? (
              <p className="muted">
                You can try again from{' '}
                <time dateTime={refusal.retryAt.toISOString()}>
                  {formatLocalDateTime(refusal.retryAt)}
                </time>
                .
              </p>
            ) : null}
          </div>
        ) : null}
        {formError ? (
          <p className="panel-error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="episode-form__actions">
          <button type="submit" className="button" disabled={submitting}>
            {submitting
              ? 'Sending…'
              : confirmingCost !== undefined && confirmingCost === cost
                ? 'Submit anyway'
                : 'Make episode'}
          </button>
          {confirmingCost !== undefined && confirmingCost === cost ? (
            <span className="muted">It does not fit this week; press again to send it anyway.</span>
          ) : null}
        </div>
        <p role="status" className="episode-form__status">
          {status}
        </p>
      </form>
    </Panel>
  );
}

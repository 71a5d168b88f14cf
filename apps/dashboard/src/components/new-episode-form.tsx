'use client';

import { VOICE_QUALITIES } from '@lumcast/quota';
import { useId, useState, type FormEvent } from 'react';
import { ApiError, describeError } from '../api/errors';
import type { CreatePodcastAccepted, CreatePodcastRequest } from '../api/types';
import { weeklyFit, type WeeklyFit } from '../domain/cost';
import {
  draftCost,
  validateEpisodeDraft,
  type EpisodeDraft,
  type EpisodeField,
  type FieldErrors,
} from '../domain/episode-draft';
import {
  MAX_EPISODE_MINUTES,
  MIN_EPISODE_MINUTES,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
} from '@lumcast/script-generation';
import { formatLocalDateTime } from '../domain/time-format';
import { QUALITY_LABELS } from './cost-calculator';
import { Panel } from './panel';

const EMPTY_DRAFT: EpisodeDraft = {
  topic: '',
  sourceText: '',
  minutes: '1',
  quality: 'standard',
  seriesId: '',
};

const FIELDS: readonly EpisodeField[] = ['topic', 'sourceText', 'minutes', 'quality', 'seriesId'];

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
  const [draft, setDraft] = useState<EpisodeDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<EpisodeField, boolean>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<Refusal | undefined>();
  const [status, setStatus] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [confirmingCost, setConfirmingCost] = useState<number | undefined>();
  const baseId = useId();
  const ids = Object.fromEntries(FIELDS.map((field) => [field, `${baseId}-${field}`])) as Record<
    EpisodeField,
    string
  >;

  const cost = draftCost(draft);
  const fit = cost !== undefined && props.quota ? weeklyFit(cost, props.quota) : 'fits';
  const warning =
    cost !== undefined && props.quota ? fitWarning(fit, cost, props.quota) : undefined;

  function update(field: EpisodeField, value: string) {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setConfirmingCost(undefined);
    setStatus(undefined);
    setRefusal(undefined);
    if (touched[field] || errors[field]) {
      const checked = validateEpisodeDraft(next);
      setErrors((previous) => ({
        ...previous,
        [field]: checked.ok ? undefined : checked.errors[field],
      }));
    }
  }

  function blur(field: EpisodeField) {
    setTouched((previous) => ({ ...previous, [field]: true }));
    const checked = validateEpisodeDraft(draft);
    setErrors((previous) => ({
      ...previous,
      [field]: checked.ok ? undefined : checked.errors[field],
    }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    setRefusal(undefined);
    setStatus(undefined);
    const checked = validateEpisodeDraft(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      setTouched(Object.fromEntries(FIELDS.map((field) => [field, true])));
      const first = FIELDS.find((field) => checked.errors[field] !== undefined);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    setErrors({});
    if (fit !== 'fits' && confirmingCost !== cost) {
      setConfirmingCost(cost);
      return;
    }
    setSubmitting(true);
    try {
      const accepted = await props.onSubmit(checked.request);
      setDraft((previous) => ({ ...previous, topic: '', sourceText: '' }));
      setTouched({});
      setConfirmingCost(undefined);
      setStatus(
        `Episode queued (${accepted.estimatedCost} ${accepted.estimatedCost === 1 ? 'slot' : 'slots'} estimated). Follow it under Episodes.`,
      );
      props.onCreated?.(accepted);
    } catch (error) {
      if (error instanceof ApiError && error.field && (FIELDS as string[]).includes(error.field)) {
        setErrors({ [error.field]: error.message });
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

  function describedBy(field: EpisodeField, hint = false): string | undefined {
    const parts = [hint ? `${ids[field]}-hint` : '', errors[field] ? `${ids[field]}-error` : ''];
    const joined = parts.filter(Boolean).join(' ');
    return joined === '' ? undefined : joined;
  }

  function fieldError(field: EpisodeField) {
    return errors[field] ? (
      <span id={`${ids[field]}-error`} className="field-error">
        {errors[field]}
      </span>
    ) : null;
  }

  return (
    <Panel title="New episode" className="panel--new-episode">
      <form
        className="episode-form"
        noValidate
        onSubmit={submit}
        aria-describedby={`${baseId}-cost`}
      >
        <div className="field">
          <label htmlFor={ids.topic}>Topic</label>
          <input
            id={ids.topic}
            name="topic"
            type="text"
            autoComplete="off"
            value={draft.topic}
            aria-invalid={errors.topic ? true : undefined}
            aria-describedby={describedBy('topic', true)}
            onChange={(event) => update('topic', event.target.value)}
            onBlur={() => blur('topic')}
          />
          <span id={`${ids.topic}-hint`} className="hint">
            Up to {TOPIC_MAX_CHARS} characters ({draft.topic.trim().length} used).
          </span>
          {fieldError('topic')}
        </div>

        <div className="field">
          <label htmlFor={ids.sourceText}>
            Source text <span className="muted">(optional)</span>
          </label>
          <textarea
            id={ids.sourceText}
            name="sourceText"
            rows={4}
            value={draft.sourceText}
            aria-invalid={errors.sourceText ? true : undefined}
            aria-describedby={describedBy('sourceText', true)}
            onChange={(event) => update('sourceText', event.target.value)}
            onBlur={() => blur('sourceText')}
          />
          <span id={`${ids.sourceText}-hint`} className="hint">
            The hosts stay faithful to it. Up to {SOURCE_TEXT_MAX_CHARS.toLocaleString('en-US')}{' '}
            characters.
          </span>
          {fieldError('sourceText')}
        </div>

        <div className="field-row">
          <div className="field">
            <label htmlFor={ids.minutes}>Minutes</label>
            <input
              id={ids.minutes}
              name="minutes"
              type="number"
              inputMode="numeric"
              min={MIN_EPISODE_MINUTES}
              max={MAX_EPISODE_MINUTES}
              step={1}
              value={draft.minutes}
              aria-invalid={errors.minutes ? true : undefined}
              aria-describedby={describedBy('minutes')}
              onChange={(event) => update('minutes', event.target.value)}
              onBlur={() => blur('minutes')}
            />
            {fieldError('minutes')}
          </div>
          <div className="field">
            <label htmlFor={ids.quality}>Voice quality</label>
            <select
              id={ids.quality}
              name="quality"
              value={draft.quality}
              aria-invalid={errors.quality ? true : undefined}
              aria-describedby={describedBy('quality')}
              onChange={(event) => update('quality', event.target.value)}
              onBlur={() => blur('quality')}
            >
              {VOICE_QUALITIES.map((quality) => (
                <option key={quality} value={quality}>
                  {QUALITY_LABELS[quality]}
                </option>
              ))}
            </select>
            {fieldError('quality')}
          </div>
        </div>

        <div className="field">
          <label htmlFor={ids.seriesId}>
            Series <span className="muted">(optional)</span>
          </label>
          <input
            id={ids.seriesId}
            name="seriesId"
            type="text"
            autoComplete="off"
            value={draft.seriesId}
            aria-invalid={errors.seriesId ? true : undefined}
            aria-describedby={describedBy('seriesId', true)}
            onChange={(event) => update('seriesId', event.target.value)}
            onBlur={() => blur('seriesId')}
          />
          <span id={`${ids.seriesId}-hint`} className="hint">
            Episodes of the same series build on each other.
          </span>
          {fieldError('seriesId')}
        </div>

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

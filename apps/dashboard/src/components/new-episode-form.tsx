'use client';

import { VOICE_QUALITIES } from '@lumcast/quota';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiError, describeError, UploadError } from '../api/errors';
import type { CreatePodcastAccepted, CreatePodcastRequest, EpisodeOptions } from '../api/types';
import { weeklyFit } from '../domain/cost';
import type { EpisodeField } from '../domain/episode-draft';
import {
  BRIEF_MAX_MINUTES,
  MAX_EPISODE_MINUTES,
  MIN_EPISODE_MINUTES,
  PODCAST_FORMATS,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
} from '@lumcast/script-generation';
import { SOURCE_URL_MAX_CHARS, type SourceFileType } from '@lumcast/pipeline';
import { SOURCE_FILE_ACCEPT, sourceFileProblem, sourceFileType } from '../domain/source-file';
import { EPISODE_FIELDS, useEpisodeDraft } from '../hooks/use-episode-draft';
import { QUALITY_LABELS } from './cost-calculator';
import { EpisodeCostQuote, fitWarning, type FormQuota } from './episode-cost-quote';
import { EpisodeRefusal, refusalOf, type Refusal } from './episode-refusal';
import { Field } from './field';
import { Panel } from './panel';
import {
  episodeFieldOf,
  FORMAT_LABELS,
  languageChoices,
  optional,
  qualityHint,
} from './new-episode-choices';

/**
 * New episode: topic, optional source text or source link, language, format, optional hosts,
 * minutes, quality (a quality without voices in the language is disabled), optional series;
 * field-level validation, live cost, and a hint (with a confirmation) when it would not fit
 * this week.
 * When the server refuses the episode, its own message is shown word for word (with the local
 * time it says to try again), in place of the hint.
 */
export function NewEpisodeForm(props: {
  quota?: FormQuota;
  /** `GET /api/options`: the languages (with their qualities and voices) the form offers. */
  options?: EpisodeOptions;
  onSubmit: (request: CreatePodcastRequest) => Promise<CreatePodcastAccepted>;
  /**
   * Uploads a chosen source file and answers its `sourceId` (`POST /api/sources`, then the
   * upload form). Without it the form offers no Source file field.
   */
  onUpload?: (file: File, contentType: SourceFileType) => Promise<string>;
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
  const [sourceFile, setSourceFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  // A new key empties the file input once its file was sent.
  const [fileInputKey, setFileInputKey] = useState(0);
  const [review, setReview] = useState(false);
  const baseId = useId();
  const sourceFileId = `${baseId}-sourceFile`;
  const ids = Object.fromEntries(
    EPISODE_FIELDS.map((field) => [field, `${baseId}-${field}`]),
  ) as Record<EpisodeField, string>;

  const languages = languageChoices(props.options);
  const language = languages.find((entry) => entry.code === draft.language);
  const spokenQualities = new Set(language?.qualities.map((entry) => entry.quality));
  const fit = cost !== undefined && props.quota ? weeklyFit(cost, props.quota) : 'fits';
  const warning =
    cost !== undefined && props.quota ? fitWarning(fit, cost, props.quota) : undefined;

  function update(field: EpisodeField, value: string) {
    // A language without voices of the chosen quality comes with the first quality it has.
    const spoken =
      field === 'language'
        ? (languages.find((entry) => entry.code === value)?.qualities ?? [])
        : [];
    const quality =
      spoken.length > 0 && !spoken.some((entry) => entry.quality === draft.quality)
        ? spoken[0]?.quality
        : undefined;
    episode.update(field, value, quality === undefined ? {} : { quality });
    setConfirmingCost(undefined);
    setStatus(undefined);
    setRefusal(undefined);
  }

  /** What every control of the form carries for its field: name, value and the two handlers. */
  function bind(field: EpisodeField) {
    return {
      name: field,
      value: draft[field],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        update(field, event.target.value),
      onBlur: () => episode.blur(field),
    };
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setSourceFile(file);
    setFileError(file ? sourceFileProblem(file) : undefined);
    setConfirmingCost(undefined);
    setStatus(undefined);
    setRefusal(undefined);
  }

  /** What keeps the chosen file from being sent, if anything (also: one source at most). */
  function fileProblem(): string | undefined {
    if (!sourceFile) return undefined;
    if (draft.sourceText.trim() !== '' || draft.sourceUrl.trim() !== '') {
      return 'Give one source: a source text, a source link or a file, not more.';
    }
    return sourceFileProblem(sourceFile);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    setRefusal(undefined);
    setStatus(undefined);
    const checked = episode.check();
    const fileRefusal = fileProblem();
    setFileError(fileRefusal);
    if (!checked.ok) {
      if (checked.firstInvalid) document.getElementById(ids[checked.firstInvalid])?.focus();
      return;
    }
    if (fileRefusal) {
      document.getElementById(sourceFileId)?.focus();
      return;
    }
    if (fit !== 'fits' && !review && confirmingCost !== cost) {
      setConfirmingCost(cost);
      return;
    }
    setSubmitting(true);
    try {
      let request = checked.request;
      if (sourceFile && props.onUpload) {
        setStatus('Uploading the source file…');
        const sourceId = await props.onUpload(
          sourceFile,
          sourceFileType(sourceFile) ?? 'text/plain',
        );
        request = { ...request, sourceId };
      }
      const accepted = await props.onSubmit(review ? { ...request, review: true } : request);
      episode.sent();
      setSourceFile(undefined);
      setFileInputKey((key) => key + 1);
      setConfirmingCost(undefined);
      setStatus(
        review
          ? 'Draft queued: its script will be ready for review under Episodes. Nothing is held or charged until you render it.'
          : `Episode queued (${accepted.estimatedCost} ${accepted.estimatedCost === 1 ? 'slot' : 'slots'} estimated). Follow it under Episodes.`,
      );
      props.onCreated?.(accepted);
    } catch (error) {
      setStatus(undefined);
      const refusedField = error instanceof ApiError ? episodeFieldOf(error.field) : undefined;
      if (
        error instanceof UploadError ||
        (error instanceof ApiError && (error.field === 'contentType' || error.field === 'sourceId'))
      ) {
        setFileError(error.message);
        document.getElementById(sourceFileId)?.focus();
      } else if (error instanceof ApiError && refusedField !== undefined) {
        episode.fieldRefused(refusedField, error.message);
      } else if (error instanceof ApiError) {
        // The server's words, unchanged: it knows what it held and why it refused.
        setRefusal(refusalOf(error));
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
          {(control) => <input {...control} {...bind('topic')} type="text" autoComplete="off" />}
        </Field>

        <Field
          id={ids.sourceText}
          label={optional('Source text')}
          hint={`The hosts stay faithful to it. Up to ${SOURCE_TEXT_MAX_CHARS.toLocaleString('en-US')} characters.`}
          error={errors.sourceText}
        >
          {(control) => <textarea {...control} {...bind('sourceText')} rows={4} />}
        </Field>

        <Field
          id={ids.sourceUrl}
          label={optional('Source link')}
          hint="A public web page, PDF or text file; Lumcast reads it instead of pasted text."
          error={errors.sourceUrl}
        >
          {(control) => (
            <input
              {...control}
              {...bind('sourceUrl')}
              type="url"
              maxLength={SOURCE_URL_MAX_CHARS}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>

        {props.onUpload ? (
          <Field
            id={sourceFileId}
            label={optional('Source file')}
            hint="A PDF, HTML, Markdown or plain-text file up to 10 MB; Lumcast reads it instead of pasted text."
            error={fileError}
          >
            {(control) => (
              <input
                {...control}
                key={fileInputKey}
                name="sourceFile"
                type="file"
                accept={SOURCE_FILE_ACCEPT}
                onChange={chooseFile}
              />
            )}
          </Field>
        ) : null}

        <Field id={ids.language} label="Language" error={errors.language}>
          {(control) => (
            <select {...control} {...bind('language')}>
              {languages.map((choice) => (
                <option key={choice.code} value={choice.code}>
                  {choice.name}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field id={ids.format} label="Format" error={errors.format}>
          {(control) => (
            <select {...control} {...bind('format')}>
              {PODCAST_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {FORMAT_LABELS[format]}
                </option>
              ))}
            </select>
          )}
        </Field>

        <Field
          id={ids.hosts}
          label={optional('Hosts')}
          hint={
            draft.format === 'lecture'
              ? 'One name: a lecture has one host.'
              : 'Two or three names, separated by commas. Blank: Alex and Sam.'
          }
          error={errors.hosts}
        >
          {(control) => <input {...control} {...bind('hosts')} type="text" autoComplete="off" />}
        </Field>

        <div className="field-row">
          <Field id={ids.minutes} label="Minutes" error={errors.minutes}>
            {(control) => (
              <input
                {...control}
                {...bind('minutes')}
                type="number"
                inputMode="numeric"
                min={MIN_EPISODE_MINUTES}
                max={draft.format === 'brief' ? BRIEF_MAX_MINUTES : MAX_EPISODE_MINUTES}
                step={1}
              />
            )}
          </Field>
          <Field
            id={ids.quality}
            label="Voice quality"
            hint={qualityHint(language)}
            error={errors.quality}
          >
            {(control) => (
              <select {...control} {...bind('quality')}>
                {VOICE_QUALITIES.map((quality) => (
                  <option
                    key={quality}
                    value={quality}
                    disabled={spokenQualities.size > 0 && !spokenQualities.has(quality)}
                  >
                    {QUALITY_LABELS[quality]}
                    {spokenQualities.size > 0 && !spokenQualities.has(quality)
                      ? ' (no voices in this language)'
                      : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>

        <Field
          id={ids.seriesId}
          label={optional('Series')}
          hint="Episodes of the same series build on each other."
          error={errors.seriesId}
        >
          {(control) => <input {...control} {...bind('seriesId')} type="text" autoComplete="off" />}
        </Field>

        <div className="field field--check">
          <input
            id={`${baseId}-review`}
            name="review"
            type="checkbox"
            checked={review}
            onChange={(event) => setReview(event.target.checked)}
            aria-describedby={`${baseId}-review-hint`}
          />
          <label htmlFor={`${baseId}-review`}>Review script first</label>
          <span id={`${baseId}-review-hint`} className="hint">
            Lumcast writes the script and waits: edit it, see its exact quote, then render it.
          </span>
        </div>

        <EpisodeCostQuote id={`${baseId}-cost`} cost={cost} quota={props.quota} />
        {warning && refusal === undefined ? (
          <p className="warning" role="alert" data-testid="form-fit-warning">
            {warning}
          </p>
        ) : null}
        {refusal ? <EpisodeRefusal refusal={refusal} /> : null}
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
                : review
                  ? 'Write the script'
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

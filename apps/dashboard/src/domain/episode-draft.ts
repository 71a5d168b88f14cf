import {
  MAX_EPISODE_MINUTES,
  MIN_EPISODE_MINUTES,
  SERIES_ID_MAX_CHARS,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
  scriptRequestSchema,
} from '@lumcast/script-generation';
import type { CreatePodcastRequest } from '../api/types';
import { estimateCost } from './cost';
import { seriesIdProblem } from '@lumcast/pipeline';

/**
 * The New episode form's raw values, as typed.
 *
 * @example
 * ```ts
 * const draft: EpisodeDraft = { topic: 'Tides', sourceText: '', minutes: '1', quality: 'standard', seriesId: '' };
 * ```
 */
export interface EpisodeDraft {
  topic: string;
  sourceText: string;
  minutes: string;
  quality: string;
  seriesId: string;
}

/**
 * Field names of the form, as the API's `error.field` names them.
 *
 * @example
 * ```ts
 * const field: EpisodeField = 'minutes';
 * ```
 */
export type EpisodeField = keyof EpisodeDraft;

/**
 * Messages to show beside fields; a field without a message is valid.
 *
 * @example
 * ```ts
 * const errors: FieldErrors = { topic: 'Enter a topic.' };
 * ```
 */
export type FieldErrors = Partial<Record<EpisodeField, string>>;

/**
 * The body the form would send for a draft: the topic as typed, the other texts trimmed,
 * minutes as a number (`NaN` when it is not one, so the schema refuses it), blank optional
 * fields left out.
 *
 * @example
 * ```ts
 * draftBody({ topic: 'Tides', sourceText: ' ', minutes: '3', quality: 'neural', seriesId: '' });
 * // { topic: 'Tides', minutes: 3, quality: 'neural' }
 * ```
 */
export function draftBody(draft: EpisodeDraft): Record<string, unknown> {
  const minutesText = draft.minutes.trim();
  const sourceText = draft.sourceText.trim();
  const seriesId = draft.seriesId.trim();
  return {
    topic: draft.topic,
    minutes: /^[-+]?\d+(\.\d+)?$/.test(minutesText) ? Number(minutesText) : Number.NaN,
    quality: draft.quality,
    ...(sourceText === '' ? {} : { sourceText }),
    ...(seriesId === '' ? {} : { seriesId }),
  };
}

/** The form's words for a field the server's schema refused (`code` is zod's issue code). */
function messageFor(field: EpisodeField, code: string, draft: EpisodeDraft): string {
  switch (field) {
    case 'topic': {
      const length = draft.topic.trim().length;
      return length === 0
        ? 'Enter a topic.'
        : `Keep the topic to ${TOPIC_MAX_CHARS} characters (now ${length}).`;
    }
    case 'sourceText':
      return `Source text is limited to ${SOURCE_TEXT_MAX_CHARS.toLocaleString('en-US')} characters (now ${draft.sourceText.trim().length.toLocaleString('en-US')}).`;
    case 'minutes':
      return code === 'too_small' || code === 'too_big'
        ? `Choose between ${MIN_EPISODE_MINUTES} and ${MAX_EPISODE_MINUTES} minutes.`
        : 'Enter a whole number of minutes.';
    case 'quality':
      return 'Choose a voice quality.';
    case 'seriesId':
      return code === 'control_characters'
        ? 'Remove control characters (tabs, line breaks and the like) from the series name.'
        : `Keep the series name to ${SERIES_ID_MAX_CHARS} characters.`;
  }
}

const SCRIPT_FIELDS = new Set<string>(['topic', 'sourceText', 'minutes', 'quality']);

/**
 * Validates a draft with the HTTP API's own rules and builds the request body: the body is
 * checked by the script-generation lib's `scriptRequestSchema` (the zod schema the API's
 * `parsePodcastRequest` runs) and the series id by {@link seriesIdProblem}. Only the messages
 * are the form's own.
 *
 * @example
 * ```ts
 * validateEpisodeDraft({ topic: '', sourceText: '', minutes: '0', quality: 'neural', seriesId: '' });
 * // { ok: false, errors: { topic: 'Enter a topic.', minutes: 'Choose between 1 and 60 minutes.' } }
 * ```
 */
export function validateEpisodeDraft(
  draft: EpisodeDraft,
): { ok: true; request: CreatePodcastRequest } | { ok: false; errors: FieldErrors } {
  const body = draftBody(draft);
  const errors: FieldErrors = {};
  const checked = scriptRequestSchema.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (SCRIPT_FIELDS.has(field) && errors[field as EpisodeField] === undefined) {
        errors[field as EpisodeField] = messageFor(field as EpisodeField, issue.code, draft);
      }
    }
  }
  const seriesId = typeof body['seriesId'] === 'string' ? body['seriesId'] : undefined;
  const seriesProblem = seriesId === undefined ? undefined : seriesIdProblem(seriesId);
  if (seriesProblem !== undefined) errors.seriesId = messageFor('seriesId', seriesProblem, draft);

  if (!checked.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const { topic, sourceText, minutes, quality } = checked.data;
  return {
    ok: true,
    request: {
      topic,
      minutes,
      quality,
      ...(sourceText === undefined ? {} : { sourceText }),
      ...(seriesId === undefined ? {} : { seriesId }),
    },
  };
}

/**
 * The estimated cost of a draft as soon as its length and quality are valid by the API's
 * schema (the other fields do not change the cost), or `undefined`.
 *
 * @example
 * ```ts
 * draftCost({ topic: '', sourceText: '', minutes: '3', quality: 'neural', seriesId: '' }); // 6
 * ```
 */
export function draftCost(draft: Pick<EpisodeDraft, 'minutes' | 'quality'>): number | undefined {
  const body = draftBody({ topic: '', sourceText: '', seriesId: '', ...draft });
  const minutes = scriptRequestSchema.shape.minutes.safeParse(body['minutes']);
  const quality = scriptRequestSchema.shape.quality.safeParse(body['quality']);
  return minutes.success && quality.success ? estimateCost(minutes.data, quality.data) : undefined;
}

import { isVoiceQuality } from '@lumcast/quota';
import type { CreatePodcastRequest } from '../api/types';
import { estimateCost } from './cost';
import {
  MAX_EPISODE_MINUTES,
  MIN_EPISODE_MINUTES,
  SERIES_ID_MAX_CHARS,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
} from '@lumcast/script-generation';

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
 * Validates a draft with the same rules as the HTTP API and builds the request body.
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
  const errors: FieldErrors = {};
  const topic = draft.topic.trim();
  if (topic === '') errors.topic = 'Enter a topic.';
  else if (topic.length > TOPIC_MAX_CHARS) {
    errors.topic = `Keep the topic to ${TOPIC_MAX_CHARS} characters (now ${topic.length}).`;
  }

  const sourceText = draft.sourceText.trim();
  if (sourceText.length > SOURCE_TEXT_MAX_CHARS) {
    errors.sourceText = `Source text is limited to ${SOURCE_TEXT_MAX_CHARS.toLocaleString('en-US')} characters (now ${sourceText.length.toLocaleString('en-US')}).`;
  }

  const minutesText = draft.minutes.trim();
  const minutes = Number(minutesText);
  if (minutesText === '' || !/^\d+$/.test(minutesText)) {
    errors.minutes = 'Enter a whole number of minutes.';
  } else if (minutes < MIN_EPISODE_MINUTES || minutes > MAX_EPISODE_MINUTES) {
    errors.minutes = `Choose between ${MIN_EPISODE_MINUTES} and ${MAX_EPISODE_MINUTES} minutes.`;
  }

  if (!isVoiceQuality(draft.quality)) errors.quality = 'Choose a voice quality.';

  const seriesId = draft.seriesId.trim();
  if (seriesId.length > SERIES_ID_MAX_CHARS) {
    errors.seriesId = `Keep the series name to ${SERIES_ID_MAX_CHARS} characters.`;
  }

  if (Object.keys(errors).length > 0 || !isVoiceQuality(draft.quality))
    return { ok: false, errors };
  return {
    ok: true,
    request: {
      topic,
      minutes,
      quality: draft.quality,
      ...(sourceText === '' ? {} : { sourceText }),
      ...(seriesId === '' ? {} : { seriesId }),
    },
  };
}

/**
 * The estimated cost of a draft as soon as its length and quality are valid (the
 * other fields do not change the cost), or `undefined`.
 *
 * @example
 * ```ts
 * draftCost({ topic: '', sourceText: '', minutes: '3', quality: 'neural', seriesId: '' }); // 6
 * ```
 */
export function draftCost(draft: Pick<EpisodeDraft, 'minutes' | 'quality'>): number | undefined {
  const text = draft.minutes.trim();
  const minutes = Number(text);
  if (!/^\d+$/.test(text) || minutes < MIN_EPISODE_MINUTES || minutes > MAX_EPISODE_MINUTES) {
    return undefined;
  }
  return isVoiceQuality(draft.quality) ? estimateCost(minutes, draft.quality) : undefined;
}

import {
  DEFAULT_PODCAST_FORMAT,
  DEFAULT_SCRIPT_LANGUAGE,
  MAX_EPISODE_MINUTES,
  MIN_EPISODE_MINUTES,
  SERIES_ID_MAX_CHARS,
  SOURCE_TEXT_MAX_CHARS,
  TOPIC_MAX_CHARS,
  scriptRequestSchema,
} from '@lumcast/script-generation';
import type { CreatePodcastRequest } from '../api/types';
import { estimateCost } from './cost';
import {
  seriesIdProblem,
  sourceUrlProblem,
  textFaultMessage,
  type TextProblem,
} from '@lumcast/pipeline';
import { textFieldErrors } from './text-fields';

/**
 * The New episode form's raw values, as typed.
 */
export interface EpisodeDraft {
  topic: string;
  sourceText: string;
  /** A public web page or text file the pipeline reads instead of `sourceText`. */
  sourceUrl: string;
  /** A code of `GET /api/options`' languages; the default (`en-US`) is left out of the request. */
  language: string;
  /** One of `PODCAST_FORMATS`; the default (`deep-dive`) is left out of the request. */
  format: string;
  /** Host names separated by commas (`Noor, Ivo`); blank means the format's default hosts. */
  hosts: string;
  minutes: string;
  quality: string;
  seriesId: string;
}

/**
 * Field names of the form, as the API's `error.field` names them.
 */
export type EpisodeField = keyof EpisodeDraft;

/**
 * Messages to show beside fields; a field without a message is valid.
 */
export type FieldErrors = Partial<Record<EpisodeField, string>>;

/**
 * The body the form would send for a draft: the topic as typed, the other texts trimmed,
 * minutes as a number (`NaN` when it is not one, so the schema refuses it), blank optional
 * fields and the default format and language left out (so a default episode's body is what it
 * was before formats and languages).
 */
export function draftBody(draft: EpisodeDraft): Record<string, unknown> {
  const minutesText = draft.minutes.trim();
  const sourceText = draft.sourceText.trim();
  const sourceUrl = draft.sourceUrl.trim();
  const seriesId = draft.seriesId.trim();
  const hosts = hostNames(draft.hosts);
  return {
    topic: draft.topic,
    minutes: /^[-+]?\d+(\.\d+)?$/.test(minutesText) ? Number(minutesText) : Number.NaN,
    quality: draft.quality,
    ...(draft.format === DEFAULT_PODCAST_FORMAT ? {} : { format: draft.format }),
    ...(draft.language === DEFAULT_SCRIPT_LANGUAGE ? {} : { language: draft.language }),
    ...(hosts.length === 0 ? {} : { hosts: hosts.map((name) => ({ name })) }),
    ...(sourceText === '' ? {} : { sourceText }),
    ...(sourceUrl === '' ? {} : { sourceUrl }),
    ...(seriesId === '' ? {} : { seriesId }),
  };
}

/** The names typed in the Hosts field: split at commas, trimmed, blanks left out. */
function hostNames(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The `code` {@link messageFor} gets for a source link given together with a source text. */
const WITH_SOURCE_TEXT = 'with_source_text';

/** The shared schema's own words as a sentence: capitalised, with a full stop. */
function sentence(message: string): string {
  const text = message.trim();
  if (text === '') return text;
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

/**
 * The form's words for a field the server's rules refused: `code` is zod's issue code, the
 * series id's problem, or for the source link the end of {@link sourceUrlProblem}'s sentence
 * (or {@link WITH_SOURCE_TEXT}); `schemaMessage` is the shared schema's own message, used
 * as a sentence where the schema's words are the clearest (the format and a brief's length).
 */
function messageFor(
  field: EpisodeField,
  code: string,
  draft: EpisodeDraft,
  schemaMessage = '',
): string {
  switch (field) {
    case 'topic': {
      const length = draft.topic.trim().length;
      return length === 0
        ? 'Enter a topic.'
        : `Keep the topic to ${TOPIC_MAX_CHARS} characters (now ${length}).`;
    }
    case 'sourceText':
      return `Source text is limited to ${SOURCE_TEXT_MAX_CHARS.toLocaleString('en-US')} characters (now ${draft.sourceText.trim().length.toLocaleString('en-US')}).`;
    case 'sourceUrl':
      return code === WITH_SOURCE_TEXT
        ? 'Give a source text or a source link, not both.'
        : `Source link ${code}.`;
    case 'format':
      return sentence(schemaMessage) || 'Choose a format.';
    case 'language':
      return sentence(schemaMessage) || 'Choose a language.';
    case 'hosts':
      return sentence(schemaMessage) || 'Name one to three hosts, separated by commas.';
    case 'minutes':
      // The schema's cross-field rule: "a brief is 2 minutes at most".
      if (code === 'custom' && schemaMessage !== '') return sentence(schemaMessage);
      return code === 'too_small' || code === 'too_big'
        ? `Choose between ${MIN_EPISODE_MINUTES} and ${MAX_EPISODE_MINUTES} minutes.`
        : 'Enter a whole number of minutes.';
    case 'quality':
      return 'Choose a voice quality.';
    case 'seriesId':
      if (code === 'control_characters')
        return 'Remove control characters (tabs, line breaks and the like) from the series name.';
      return code === 'too_long'
        ? `Keep the series name to ${SERIES_ID_MAX_CHARS} characters.`
        : textFaultMessage('The series name', { problem: code as TextProblem }, 'id');
  }
}

const SCRIPT_FIELDS = new Set<string>([
  'topic',
  'sourceText',
  'language',
  'format',
  'hosts',
  'minutes',
  'quality',
]);

/**
 * Validates a draft with the HTTP API's own rules and builds the request body: the body is
 * checked by the script-generation lib's `scriptRequestSchema` (the zod schema the API's
 * `parsePodcastRequest` runs; it also refuses a brief over `BRIEF_MAX_MINUTES`, on the
 * minutes), the topic, source text and host names by the API's text rule (`textFault`: no
 * control, bidirectional or invisible-only text, see `./text-fields.ts`), the series id by
 * {@link seriesIdProblem} and the source link by
 * {@link sourceUrlProblem}, which may not come with a source text (the API refuses both).
 * Only the messages are the form's own.
 *
 * @example
 * ```ts
 * validateEpisodeDraft({
 *   topic: '', sourceText: '', sourceUrl: '', language: 'en-US', format: 'deep-dive', hosts: '',
 *   minutes: '0', quality: 'neural', seriesId: '',
 * });
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
        errors[field as EpisodeField] = messageFor(
          field as EpisodeField,
          issue.code,
          draft,
          issue.message,
        );
      }
    }
  }
  // The text rule's verdicts win over the schema's for the same field (the API checks them first).
  Object.assign(errors, textFieldErrors(body));
  const seriesId = typeof body['seriesId'] === 'string' ? body['seriesId'] : undefined;
  const seriesProblem = seriesId === undefined ? undefined : seriesIdProblem(seriesId);
  if (seriesProblem !== undefined) errors.seriesId = messageFor('seriesId', seriesProblem, draft);
  const sourceUrl = typeof body['sourceUrl'] === 'string' ? body['sourceUrl'] : undefined;
  // The API's order: the link's own problem first, then whether it comes with a source text.
  const linkProblem =
    sourceUrl === undefined
      ? undefined
      : (sourceUrlProblem(sourceUrl) ??
        (body['sourceText'] === undefined ? undefined : WITH_SOURCE_TEXT));
  if (linkProblem !== undefined) errors.sourceUrl = messageFor('sourceUrl', linkProblem, draft);

  if (!checked.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const { topic, sourceText, minutes, quality, format, hosts, language } = checked.data;
  return {
    ok: true,
    request: {
      topic,
      minutes,
      quality,
      ...(format === undefined ? {} : { format }),
      ...(hosts === undefined ? {} : { hosts }),
      ...(language === undefined ? {} : { language }),
      ...(sourceText === undefined ? {} : { sourceText }),
      ...(sourceUrl === undefined ? {} : { sourceUrl }),
      ...(seriesId === undefined ? {} : { seriesId }),
    },
  };
}

/**
 * The estimated cost of a draft as soon as its length and quality are valid by the API's
 * schema (the other fields do not change the cost), or `undefined`.
 */
export function draftCost(draft: Pick<EpisodeDraft, 'minutes' | 'quality'>): number | undefined {
  const body = draftBody({
    topic: '',
    sourceText: '',
    sourceUrl: '',
    language: DEFAULT_SCRIPT_LANGUAGE,
    format: DEFAULT_PODCAST_FORMAT,
    hosts: '',
    seriesId: '',
    ...draft,
  });
  const minutes = scriptRequestSchema.shape.minutes.safeParse(body['minutes']);
  const quality = scriptRequestSchema.shape.quality.safeParse(body['quality']);
  return minutes.success && quality.success ? estimateCost(minutes.data, quality.data) : undefined;
}

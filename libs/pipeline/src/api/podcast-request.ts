import { parseScriptRequest, ScriptInputError } from '@lumcast/script-generation';
import type { VoiceQuality } from '@lumcast/quota';
import type { PodcastFormat } from '@lumcast/script-generation';
import { episodeLanguage } from '../options/episode-options';
import { unsupportedLanguageMessage, voiceChoiceProblem } from '../options/voice-choice';
import { PodcastRequestError } from '../errors';
import { SOURCE_ID_PATTERN } from '../sources/source-files';
import { sourceUrlProblem } from '../sources/source-url';
import { requestHosts, requestSeriesId, requestText } from './request-text';

/** A validated `POST /api/podcasts` body. */
export interface PodcastRequest {
  topic: string;
  sourceText?: string;
  /** A public web page or text file the pipeline reads as the source (instead of `sourceText`). */
  sourceUrl?: string;
  /** An uploaded file (`POST /api/sources`) the pipeline reads as the source (instead of `sourceText`). */
  sourceId?: string;
  minutes: number;
  quality: VoiceQuality;
  /** The episode's format; absent means `deep-dive`. */
  format?: PodcastFormat;
  /** The hosts (one for a lecture, two or three otherwise); absent means the format's defaults. */
  hosts?: { name: string }[];
  /** The episode's language, one of `GET /api/options`' codes; absent means `en-US`. */
  language?: string;
  seriesId?: string;
  /**
   * `true`: a review job. Its script is written and it stops at `script_ready`, counted as a
   * draft (the plan's `weeklyDrafts`) with nothing spoken and no slot held. Absent or `false`:
   * written and spoken in one go, as always.
   */
  review?: boolean;
}

export { PodcastRequestError };

const ALLOWED_FIELDS = new Set([
  'topic',
  'sourceText',
  'sourceUrl',
  'sourceId',
  'format',
  'hosts',
  'language',
  'minutes',
  'quality',
  'seriesId',
  'review',
]);

/**
 * Parses and validates a `POST /api/podcasts` body (raw text). The limits on
 * topic, source text, minutes and quality are the script-generation lib's;
 * unknown fields (a `userId`, say) are refused rather than ignored. `sourceUrl` (an absolute
 * http(s) URL without credentials, at most `SOURCE_URL_MAX_CHARS`) replaces
 * `sourceText`: giving both is refused. `sourceId` (from `POST /api/sources`, of
 * `SOURCE_ID_PATTERN`) names an uploaded file instead; one source at most. Whether its address is public is checked when the
 * pipeline reads it (after DNS resolution), not here. `language` must be one of
 * `EPISODE_LANGUAGES` (`GET /api/options`), the quality must have voices in it, and the hosts
 * (`[{ name }]`, one for a lecture, two or three otherwise; or the format's default count) may
 * not outnumber those voices: each refusal names the field and lists what is supported.
 * `review` must be a boolean; only `true` is kept (a review job).
 */
export function parsePodcastRequest(rawBody: string | undefined): PodcastRequest {
  let body: unknown;
  try {
    body = JSON.parse(rawBody ?? '');
  } catch {
    throw new PodcastRequestError('malformed_json', 'The request body must be a JSON object.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new PodcastRequestError('malformed_json', 'The request body must be a JSON object.');
  }
  const unknown = Object.keys(body).find((key) => !ALLOWED_FIELDS.has(key));
  if (unknown) {
    throw new PodcastRequestError('unknown_field', `Unknown field "${unknown}".`, unknown);
  }
  const { seriesId, sourceUrl, sourceId, review, ...fields } = body as Record<string, unknown>;
  if (review !== undefined && typeof review !== 'boolean') {
    throw new PodcastRequestError('invalid_field', 'review must be true or false.', 'review');
  }
  const scriptFields: Record<string, unknown> = {
    ...fields,
    topic: requestText(fields['topic'], 'topic', 'line'),
    sourceText: requestText(fields['sourceText'], 'sourceText', 'lines'),
    hosts: requestHosts(fields['hosts']),
  };
  const series = requestSeriesId(seriesId);
  const link = parseSourceUrl(sourceUrl);
  const file = parseSourceId(sourceId);
  if (link !== undefined && scriptFields['sourceText'] !== undefined) {
    throw new PodcastRequestError(
      'invalid_field',
      'Give sourceText or sourceUrl, not both.',
      'sourceUrl',
    );
  }
  if (file !== undefined && (link !== undefined || scriptFields['sourceText'] !== undefined)) {
    throw new PodcastRequestError(
      'invalid_field',
      'Give one source: sourceText, sourceUrl or sourceId.',
      'sourceId',
    );
  }
  const language = scriptFields['language'];
  if (typeof language === 'string' && episodeLanguage(language) === undefined) {
    throw new PodcastRequestError(
      'invalid_field',
      unsupportedLanguageMessage(language),
      'language',
    );
  }
  try {
    const request = parseScriptRequest(scriptFields);
    const problem = voiceChoiceProblem(request);
    if (problem) throw new PodcastRequestError('invalid_field', problem.message, problem.field);
    return {
      topic: request.topic,
      sourceText: request.sourceText,
      ...(link === undefined ? {} : { sourceUrl: link }),
      ...(file === undefined ? {} : { sourceId: file }),
      minutes: request.minutes,
      quality: request.quality,
      ...(request.format === undefined ? {} : { format: request.format }),
      ...(request.hosts === undefined ? {} : { hosts: request.hosts }),
      ...(request.language === undefined ? {} : { language: request.language }),
      seriesId: series,
      ...(review === true ? { review } : {}),
    };
  } catch (error) {
    if (error instanceof ScriptInputError) {
      throw new PodcastRequestError('invalid_field', error.message, error.field);
    }
    throw error;
  }
}

/** An absent source id is none; a given one must be one `POST /api/sources` makes. */
function parseSourceId(sourceId: unknown): string | undefined {
  if (sourceId === undefined || sourceId === null) return undefined;
  if (typeof sourceId !== 'string' || !SOURCE_ID_PATTERN.test(sourceId)) {
    throw new PodcastRequestError(
      'invalid_field',
      'sourceId must be an id POST /api/sources answered (src-….pdf, .html, .md or .txt).',
      'sourceId',
    );
  }
  return sourceId;
}

/** An absent source link is none; a given one must pass {@link sourceUrlProblem}. */
function parseSourceUrl(sourceUrl: unknown): string | undefined {
  if (sourceUrl === undefined || sourceUrl === null) return undefined;
  const problem = typeof sourceUrl === 'string' ? sourceUrlProblem(sourceUrl) : 'must be a URL';
  if (problem !== undefined) {
    throw new PodcastRequestError('invalid_field', `sourceUrl ${problem}.`, 'sourceUrl');
  }
  return new URL((sourceUrl as string).trim()).href;
}

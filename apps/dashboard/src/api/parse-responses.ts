import { isVoiceQuality } from '@lumcast/quota';
import { PODCAST_FORMATS, type PodcastFormat } from '@lumcast/script-generation';
import { ResponseShapeError } from './errors';
import {
  JOB_STATUSES,
  type Chapter,
  type EpisodeOptions,
  type Feed,
  type Job,
  type JobStatus,
  type PodcastPage,
  type QuotaSummary,
  type SourceUpload,
  type UsageHistory,
} from './types';

type Json = Record<string, unknown>;

function asObject(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ResponseShapeError(`${where}: expected an object`);
  }
  return value as Json;
}

function num(object: Json, key: string, where: string): number {
  const value = object[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ResponseShapeError(`${where}: "${key}" is not a number`);
  }
  return value;
}

function str(object: Json, key: string, where: string): string {
  const value = object[key];
  if (typeof value !== 'string') throw new ResponseShapeError(`${where}: "${key}" is not a string`);
  return value;
}

function optionalNum(object: Json, key: string, where: string): number | undefined {
  return object[key] === undefined || object[key] === null ? undefined : num(object, key, where);
}

function optionalStr(object: Json, key: string, where: string): string | undefined {
  return object[key] === undefined || object[key] === null ? undefined : str(object, key, where);
}

function isJobStatus(value: unknown): value is JobStatus {
  return typeof value === 'string' && (JOB_STATUSES as readonly string[]).includes(value);
}

function parseChapter(value: unknown, where: string): Chapter {
  const chapter = asObject(value, where);
  return {
    title: str(chapter, 'title', where),
    startSeconds: num(chapter, 'startSeconds', where),
    endSeconds: num(chapter, 'endSeconds', where),
  };
}

/** A job's `sourceUrl`, when it has one (absent, not undefined, otherwise). */
function sourceUrlOf(job: Record<string, unknown>, where: string): { sourceUrl?: string } {
  const sourceUrl = optionalStr(job, 'sourceUrl', where);
  return sourceUrl === undefined ? {} : { sourceUrl };
}

/** A job's `sourceId` (an uploaded file), when it has one (absent, not undefined, otherwise). */
function sourceIdOf(job: Record<string, unknown>, where: string): { sourceId?: string } {
  const sourceId = optionalStr(job, 'sourceId', where);
  return sourceId === undefined ? {} : { sourceId };
}

/** A job's `language`, when it has one (absent, not undefined, otherwise). */
function languageOf(job: Record<string, unknown>, where: string): { language?: string } {
  const language = optionalStr(job, 'language', where);
  return language === undefined ? {} : { language };
}

/** A job's `format`, when it has one of `PODCAST_FORMATS` (another is a shape error). */
function formatOf(job: Record<string, unknown>, where: string): { format?: PodcastFormat } {
  const format = job['format'];
  if (format === undefined || format === null) return {};
  if (!(PODCAST_FORMATS as readonly unknown[]).includes(format)) {
    throw new ResponseShapeError(`${where}: unknown format ${String(format)}`);
  }
  return { format: format as PodcastFormat };
}

/**
 * Checks one job from the HTTP API against the contract and returns it typed.
 *
 * @throws ResponseShapeError naming the first member that does not match.
 * @example
 * ```ts
 * const job = parseJob(await response.json());
 * ```
 */
export function parseJob(value: unknown, where = 'job'): Job {
  const job = asObject(value, where);
  const status = job['status'];
  if (!isJobStatus(status))
    throw new ResponseShapeError(`${where}: unknown status ${String(status)}`);
  const quality = job['quality'];
  if (!isVoiceQuality(quality)) {
    throw new ResponseShapeError(`${where}: unknown quality ${String(quality)}`);
  }
  const progress = asObject(job['progress'] ?? { done: 0, total: 0 }, `${where}.progress`);
  const chapters = job['chapters'];
  if (chapters !== undefined && chapters !== null && !Array.isArray(chapters)) {
    throw new ResponseShapeError(`${where}: "chapters" is not a list`);
  }
  const error = job['error'];
  return {
    jobId: str(job, 'jobId', where),
    status,
    topic: str(job, 'topic', where),
    quality,
    minutes: num(job, 'minutes', where),
    ...formatOf(job, where),
    ...languageOf(job, where),
    ...sourceUrlOf(job, where),
    ...sourceIdOf(job, where),
    seriesId: optionalStr(job, 'seriesId', where),
    createdAt: str(job, 'createdAt', where),
    updatedAt: optionalStr(job, 'updatedAt', where) ?? str(job, 'createdAt', where),
    progress: {
      done: num(progress, 'done', `${where}.progress`),
      total: num(progress, 'total', `${where}.progress`),
    },
    estimatedCost: num(job, 'estimatedCost', where),
    cost: optionalNum(job, 'cost', where),
    measuredCost: optionalNum(job, 'measuredCost', where),
    chargedWeek: optionalStr(job, 'chargedWeek', where),
    durationSeconds: optionalNum(job, 'durationSeconds', where),
    audioUrl: optionalStr(job, 'audioUrl', where),
    captionsUrl: optionalStr(job, 'captionsUrl', where),
    chapters: Array.isArray(chapters)
      ? chapters.map((chapter, index) => parseChapter(chapter, `${where}.chapters[${index}]`))
      : undefined,
    // The contract leaves `error` loosely typed: accept a string or an { message } object.
    error:
      typeof error === 'string'
        ? error
        : typeof error === 'object' && error !== null && 'message' in error
          ? String((error as { message: unknown }).message)
          : undefined,
  };
}

/**
 * Checks one page of `GET /api/podcasts`: `items` is a list of jobs, and `nextCursor`,
 * when present, is a non-empty string (the API's opaque cursor, passed back as it is).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 * @example
 * ```ts
 * const { items, nextCursor } = parseJobPage(await response.json());
 * ```
 */
export function parseJobPage(value: unknown): PodcastPage {
  const where = 'GET /api/podcasts';
  const body = asObject(value, where);
  const items = body['items'];
  if (!Array.isArray(items)) throw new ResponseShapeError(`${where}: "items" is not a list`);
  const nextCursor = optionalStr(body, 'nextCursor', where);
  if (nextCursor !== undefined && nextCursor.length === 0) {
    throw new ResponseShapeError(`${where}: "nextCursor" is empty`);
  }
  const jobs = items.map((item, index) => parseJob(item, `items[${index}]`));
  return nextCursor === undefined ? { items: jobs } : { items: jobs, nextCursor };
}

/**
 * Checks the body of `GET /api/podcasts` and returns its jobs (the first page only; see
 * {@link parseJobPage} for the cursor).
 *
 * @example
 * ```ts
 * const jobs = parseJobList(await response.json());
 * ```
 */
export function parseJobList(value: unknown): Job[] {
  return parseJobPage(value).items;
}

/**
 * Checks the body of `GET /api/quota`. The members added with reservations (`reserved`,
 * `granted`, `inFlight`, `maxInFlight`) are checked when present; an older server's body
 * without them gives 0 for the three counts and no `maxInFlight`. `remaining` is always the
 * server's own figure.
 *
 * @example
 * ```ts
 * const quota = parseQuotaSummary(await response.json());
 * ```
 */
export function parseQuotaSummary(value: unknown): QuotaSummary {
  const where = 'GET /api/quota';
  const body = asObject(value, where);
  const perMinute = asObject(body['slotsPerMinute'], `${where}.slotsPerMinute`);
  const maxInFlight = optionalNum(body, 'maxInFlight', where);
  return {
    week: str(body, 'week', where),
    used: num(body, 'used', where),
    reserved: optionalNum(body, 'reserved', where) ?? 0,
    granted: optionalNum(body, 'granted', where) ?? 0,
    limit: num(body, 'limit', where),
    remaining: num(body, 'remaining', where),
    inFlight: optionalNum(body, 'inFlight', where) ?? 0,
    ...(maxInFlight === undefined ? {} : { maxInFlight }),
    resetsAt: str(body, 'resetsAt', where),
    plan: str(body, 'plan', where),
    slotsPerMinute: {
      standard: num(perMinute, 'standard', `${where}.slotsPerMinute`),
      neural: num(perMinute, 'neural', `${where}.slotsPerMinute`),
      generative: num(perMinute, 'generative', `${where}.slotsPerMinute`),
    },
  };
}

/**
 * Checks the body of `GET /api/usage/history` (throws `ResponseShapeError` when it breaks
 * the contract).
 *
 * @example
 * ```ts
 * const history = parseUsageHistory(await response.json());
 * ```
 */
export function parseUsageHistory(value: unknown): UsageHistory {
  const where = 'GET /api/usage/history';
  const weeks = asObject(value, where)['weeks'];
  if (!Array.isArray(weeks)) throw new ResponseShapeError(`${where}: "weeks" is not a list`);
  return {
    weeks: weeks.map((entry: unknown, index) => {
      const at = `${where}.weeks[${index}]`;
      const week = asObject(entry, at);
      return {
        week: str(week, 'week', at),
        startsAt: str(week, 'startsAt', at),
        used: num(week, 'used', at),
      };
    }),
  };
}

/** Whether `value` parses as an absolute http: or https: URL. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Checks one feed link from the HTTP API (`POST /api/feeds`, or one of `GET /api/feeds`):
 * a non-empty `feedId`, an absolute http(s) `feedUrl`, an optional non-empty `seriesId` and
 * `createdAt`.
 *
 * @throws ResponseShapeError naming the first member that does not match.
 * @example
 * ```ts
 * const feed = parseFeed(await response.json(), 'POST /api/feeds');
 * ```
 */
export function parseFeed(value: unknown, where = 'feed'): Feed {
  const feed = asObject(value, where);
  const feedId = str(feed, 'feedId', where);
  if (feedId.length === 0) throw new ResponseShapeError(`${where}: "feedId" is empty`);
  const feedUrl = str(feed, 'feedUrl', where);
  if (!isHttpUrl(feedUrl)) {
    throw new ResponseShapeError(`${where}: "feedUrl" is not an absolute http(s) URL`);
  }
  const seriesId = optionalStr(feed, 'seriesId', where);
  if (seriesId === '') throw new ResponseShapeError(`${where}: "seriesId" is empty`);
  const createdAt = str(feed, 'createdAt', where);
  return seriesId === undefined
    ? { feedId, feedUrl, createdAt }
    : { feedId, feedUrl, seriesId, createdAt };
}

/**
 * Checks the body of `GET /api/feeds` and returns its feed links, in the server's order
 * (newest first).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 * @example
 * ```ts
 * const feeds = parseFeedList(await response.json());
 * ```
 */
export function parseFeedList(value: unknown): Feed[] {
  const where = 'GET /api/feeds';
  const feeds = asObject(value, where)['feeds'];
  if (!Array.isArray(feeds)) throw new ResponseShapeError(`${where}: "feeds" is not a list`);
  return feeds.map((feed, index) => parseFeed(feed, `feeds[${index}]`));
}

function list(object: Json, key: string, where: string): unknown[] {
  const value = object[key];
  if (!Array.isArray(value)) throw new ResponseShapeError(`${where}: "${key}" is not a list`);
  return value;
}

function parseRange(value: unknown, where: string): { min: number; max: number } {
  const range = asObject(value, where);
  return { min: num(range, 'min', where), max: num(range, 'max', where) };
}

function parseLanguageOption(value: unknown, where: string): EpisodeOptions['languages'][number] {
  const language = asObject(value, where);
  return {
    code: str(language, 'code', where),
    name: str(language, 'name', where),
    qualities: list(language, 'qualities', where).map((entry, index) => {
      const at = `${where}.qualities[${index}]`;
      const option = asObject(entry, at);
      const quality = option['quality'];
      if (!isVoiceQuality(quality)) {
        throw new ResponseShapeError(`${at}: unknown quality ${String(quality)}`);
      }
      const voices = list(option, 'voices', at);
      if (!voices.every((voice) => typeof voice === 'string')) {
        throw new ResponseShapeError(`${at}: "voices" is not a list of names`);
      }
      return { quality, voices: voices as string[], maxHosts: num(option, 'maxHosts', at) };
    }),
  };
}

/**
 * Checks the body of `GET /api/options`: every language with its qualities (known ones only)
 * and voices, the formats (a format this dashboard does not know is left out: it could not
 * label it), the minute limits and the default language, which must be one of the languages.
 *
 * @throws ResponseShapeError naming the first member that does not match.
 * @example
 * ```ts
 * const options = parseEpisodeOptions(await response.json());
 * ```
 */
export function parseEpisodeOptions(value: unknown): EpisodeOptions {
  const where = 'GET /api/options';
  const body = asObject(value, where);
  const languages = list(body, 'languages', where).map((entry, index) =>
    parseLanguageOption(entry, `${where}.languages[${index}]`),
  );
  const defaultLanguage = str(body, 'defaultLanguage', where);
  if (!languages.some((language) => language.code === defaultLanguage)) {
    throw new ResponseShapeError(`${where}: the default language ${defaultLanguage} is not listed`);
  }
  const formats = list(body, 'formats', where).flatMap((entry, index) => {
    const at = `${where}.formats[${index}]`;
    const option = asObject(entry, at);
    const format = option['format'];
    if (!(PODCAST_FORMATS as readonly unknown[]).includes(format)) return [];
    return [{ format: format as PodcastFormat, hosts: parseRange(option['hosts'], `${at}.hosts`) }];
  });
  return {
    languages,
    formats,
    minutes: parseRange(body['minutes'], `${where}.minutes`),
    defaultLanguage,
  };
}

/**
 * Checks the body of `POST /api/sources`: a non-empty `sourceId`, an `uploadUrl` (absolute
 * http(s) in AWS, a same-origin path locally), its `uploadFields` (strings), `maxBytes` and
 * `expiresAt`.
 *
 * @throws ResponseShapeError naming the first member that does not match.
 * @example
 * ```ts
 * const upload = parseSourceUpload(await response.json());
 * ```
 */
export function parseSourceUpload(value: unknown): SourceUpload {
  const where = 'POST /api/sources';
  const body = asObject(value, where);
  const sourceId = str(body, 'sourceId', where);
  if (sourceId.length === 0) throw new ResponseShapeError(`${where}: "sourceId" is empty`);
  const uploadUrl = str(body, 'uploadUrl', where);
  if (!isHttpUrl(uploadUrl) && !uploadUrl.startsWith('/')) {
    throw new ResponseShapeError(`${where}: "uploadUrl" is neither an http(s) URL nor a path`);
  }
  const fields = asObject(body['uploadFields'], `${where} uploadFields`);
  const uploadFields: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (typeof field !== 'string') {
      throw new ResponseShapeError(`${where}: upload field "${name}" is not a string`);
    }
    uploadFields[name] = field;
  }
  return {
    sourceId,
    uploadUrl,
    uploadFields,
    maxBytes: num(body, 'maxBytes', where),
    expiresAt: str(body, 'expiresAt', where),
  };
}

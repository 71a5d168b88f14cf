import {
  episodeOptionsSchema,
  feedLinkSchema,
  feedListSchema,
  jobPageSchema,
  podcastAcceptedSchema,
  podcastFormatSchema,
  podcastScriptBodySchema,
  publicJobSchema,
  quotaSummarySchema,
  renderAcceptedSchema,
  scriptQuoteSchema,
  seriesHostsSchema,
  sourceUploadSchema,
  usageHistorySchema,
  type EpisodeOptions,
  type FeedLink,
  type JobPage,
  type PodcastAccepted,
  type PodcastScriptBody,
  type PublicJob,
  type RenderAccepted,
  type ScriptQuote,
  type SeriesHosts,
  type SourceUpload,
  type UsageHistory,
} from '@lumcast/pipeline/contract';
import * as z from 'zod/mini';
import { ResponseShapeError } from './errors';
import { shapeProblem } from './shape-problem';
import type { QuotaSummary } from './types';

// The bodies' shapes are the pipeline's (`@lumcast/pipeline/contract`); what is here is the
// browser's own: the words of a broken answer, and reading what older servers sent.

type Json = Record<string, unknown>;

/** Checks `value` against a contract schema, or throws a ResponseShapeError naming the member. */
function parseBody<S extends z.ZodMiniType>(schema: S, value: unknown, where: string): z.output<S> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  throw new ResponseShapeError(
    shapeProblem(result.error.issues[0] as z.core.$ZodIssue, value, where),
  );
}

/** An object's members without those that are null (older servers wrote null for absent). */
function withoutNulls(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, member]) => member !== null));
}

/**
 * A job as an older server may have sent it, in today's shape: no progress is 0 of 0, no
 * `updatedAt` is `createdAt`, and an `error` object is its message.
 */
function upgradeJob(value: unknown): unknown {
  const job = withoutNulls(value);
  if (typeof job !== 'object' || job === null || Array.isArray(job)) return job;
  const { progress, updatedAt, error, ...rest } = job as Json;
  const message =
    typeof error === 'object' && error !== null && 'message' in error
      ? String((error as { message: unknown }).message)
      : undefined;
  return {
    ...rest,
    progress: progress ?? { done: 0, total: 0 },
    updatedAt: updatedAt ?? rest['createdAt'],
    ...(typeof error === 'string' ? { error } : message === undefined ? {} : { error: message }),
  };
}

/**
 * Checks one job from the HTTP API against the contract's `publicJobSchema` and returns it typed.
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseJob(value: unknown, where = 'job'): PublicJob {
  return parseBody(publicJobSchema, upgradeJob(value), where);
}

/**
 * Checks one page of `GET /api/podcasts` (`jobPageSchema`): its jobs, and the cursor of the
 * next page when there is one.
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseJobPage(value: unknown): JobPage {
  const page = withoutNulls(value);
  const items = (page as Json | undefined)?.['items'];
  const upgraded = Array.isArray(items)
    ? { ...(page as Json), items: items.map(upgradeJob) }
    : page;
  return parseBody(jobPageSchema, upgraded, 'GET /api/podcasts');
}

/**
 * Checks the body of `GET /api/quota` (`quotaSummarySchema`). A server from before reservations
 * sends none of `reserved`, `granted`, `inFlight` (read as 0: it held and granted nothing) and
 * `maxInFlight` (left absent: it had no cap to tell).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseQuotaSummary(value: unknown): QuotaSummary {
  const quota = withoutNulls(value);
  const upgraded =
    typeof quota === 'object' && quota !== null && !Array.isArray(quota)
      ? { reserved: 0, granted: 0, inFlight: 0, ...quota }
      : quota;
  return parseBody(
    z.partial(quotaSummarySchema, { maxInFlight: true }),
    upgraded,
    'GET /api/quota',
  );
}

/**
 * Checks the body of `GET /api/usage/history` (`usageHistorySchema`).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseUsageHistory(value: unknown): UsageHistory {
  return parseBody(usageHistorySchema, value, 'GET /api/usage/history');
}

/**
 * Checks one feed link (`feedLinkSchema`): `POST /api/feeds`, or one of `GET /api/feeds`.
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseFeed(value: unknown, where = 'feed'): FeedLink {
  return parseBody(feedLinkSchema, withoutNulls(value), where);
}

/**
 * Checks the body of `GET /api/feeds` (`feedListSchema`) and returns its feed links, in the
 * server's order (newest first).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseFeedList(value: unknown): FeedLink[] {
  const list = withoutNulls(value);
  const feeds = (list as Json | undefined)?.['feeds'];
  const upgraded = Array.isArray(feeds)
    ? { ...(list as Json), feeds: feeds.map(withoutNulls) }
    : list;
  return parseBody(feedListSchema, upgraded, 'GET /api/feeds').feeds;
}

/**
 * Checks the body of `GET /api/options` (`episodeOptionsSchema`). A format this dashboard does
 * not know is left out (it could not label it); an unknown quality is a shape error.
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseEpisodeOptions(value: unknown): EpisodeOptions {
  const formats = (value as Json | undefined)?.['formats'];
  const known = Array.isArray(formats)
    ? formats.filter((option: unknown) =>
        (podcastFormatSchema.options as unknown[]).includes((option as Json | null)?.['format']),
      )
    : formats;
  const upgraded = Array.isArray(formats) ? { ...(value as Json), formats: known } : value;
  return parseBody(episodeOptionsSchema, upgraded, 'GET /api/options');
}

/**
 * Checks the 201 body of `POST /api/sources` (`sourceUploadSchema`).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseSourceUpload(value: unknown): SourceUpload {
  return parseBody(sourceUploadSchema, value, 'POST /api/sources');
}

/**
 * Checks the 202 body of `POST /api/podcasts` (`podcastAcceptedSchema`).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parsePodcastAccepted(value: unknown): PodcastAccepted {
  return parseBody(podcastAcceptedSchema, value, 'POST /api/podcasts');
}

/**
 * Checks a script as `GET` or `PUT /api/podcasts/{jobId}/script` answers it
 * (`podcastScriptBodySchema`).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parsePodcastScript(value: unknown, where: string): PodcastScriptBody {
  return parseBody(podcastScriptBodySchema, value, where);
}

/**
 * Checks the answer of `POST /api/podcasts/{jobId}/script/quote` (`scriptQuoteSchema`).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseScriptQuote(value: unknown): ScriptQuote {
  return parseBody(scriptQuoteSchema, value, 'POST /api/podcasts/{jobId}/script/quote');
}

/**
 * Checks the 202 body of `POST /api/podcasts/{jobId}/render` (`renderAcceptedSchema`).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseRenderAccepted(value: unknown): RenderAccepted {
  return parseBody(renderAcceptedSchema, value, 'POST /api/podcasts/{jobId}/render');
}

/**
 * Checks a series' host profiles as `GET` or `PUT /api/series/{seriesId}/hosts` answers them
 * (`seriesHostsSchema`).
 *
 * @throws ResponseShapeError naming the first member that does not match.
 */
export function parseSeriesHosts(value: unknown, where: string): SeriesHosts {
  return parseBody(seriesHostsSchema, withoutNulls(value), where);
}

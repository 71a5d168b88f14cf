import { API_CONTRACT, routePath, type RouteMethod } from '@lumcast/pipeline/contract';
import type {
  EpisodeOptions,
  FeedLink,
  JobPage,
  PodcastAccepted,
  PodcastScriptBody,
  PodcastScriptEdit,
  PublicJob,
  RenderAccepted,
  ScriptQuote,
  SeriesHosts,
  SeriesHostsEdit,
  SourceUpload,
  UsageHistory,
} from '@lumcast/pipeline/contract';
import { readJson, toApiError, uploadRefusal } from './answers';
import { NetworkError } from './errors';
import {
  parseEpisodeOptions,
  parseFeed,
  parseFeedList,
  parseJob,
  parseJobPage,
  parsePodcastAccepted,
  parsePodcastScript,
  parseQuotaSummary,
  parseRenderAccepted,
  parseScriptQuote,
  parseSeriesHosts,
  parseSourceUpload,
  parseUsageHistory,
} from './parse-responses';
import type {
  CreateFeedRequest,
  CreatePodcastRequest,
  PodcastPageRequest,
  QuotaSummary,
} from './types';

/**
 * What the dashboard asks of the HTTP API. Every path is relative: the API is on
 * the same origin (the local stack, or CloudFront routing `/api/*` to API Gateway).
 *
 * @example
 * ```ts
 * const quota = await api.getQuota();
 * const { items, nextCursor } = await api.listPodcastsPage({ limit: 20 });
 * const feed = await api.createFeed({ seriesId: 'rivers' });
 * await api.revokeFeed(feed.feedId);
 * ```
 */
export interface ApiClient {
  getQuota(): Promise<QuotaSummary>;
  /** What an episode may ask for — languages, qualities and voices, formats, minutes: `GET /api/options`. */
  getOptions(): Promise<EpisodeOptions>;
  /** Slots used in each of the last `weeks` ISO weeks (1–26): `GET /api/usage/history?weeks=`. */
  getUsageHistory(weeks: number): Promise<UsageHistory>;
  /** The first page of the caller's jobs, newest first (the API's default page size). */
  listPodcasts(): Promise<PublicJob[]>;
  /**
   * One page of the caller's jobs, newest first, with the cursor of the next (older) page
   * when there is one: `GET /api/podcasts?limit=&cursor=`.
   */
  listPodcastsPage(request?: PodcastPageRequest): Promise<JobPage>;
  getPodcast(jobId: string): Promise<PublicJob>;
  createPodcast(request: CreatePodcastRequest): Promise<PodcastAccepted>;
  /**
   * A source id and an upload form for a file of `contentType` (PDF, HTML, Markdown or plain
   * text): `POST /api/sources` (201). An unsupported type is a 400 ApiError on `contentType`.
   */
  createSource(contentType: string): Promise<SourceUpload>;
  /**
   * Uploads a file with a form {@link createSource} gave: `multipart/form-data` to its
   * `uploadUrl` (S3 in AWS, the local server locally), its fields then the file, with no
   * identity (the form is the permission). A refusal (413 too big, 403 expired or changed) is
   * an {@link UploadError} with the receiver's message.
   */
  uploadSource(upload: SourceUpload, file: Blob): Promise<void>;
  /** The caller's feed links, newest first: `GET /api/feeds`. */
  listFeeds(): Promise<FeedLink[]>;
  /**
   * Makes a feed link of one series, or of all the caller's episodes when `seriesId` is
   * absent: `POST /api/feeds` (201). A full set of links is a 422 `too_many_feeds` ApiError.
   */
  createFeed(request: CreateFeedRequest): Promise<FeedLink>;
  /**
   * Revokes one of the caller's feed links (its URL stops answering): `DELETE
   * /api/feeds/{feedId}` (204, no body). A link that is not the caller's is a 404 ApiError.
   */
  revokeFeed(feedId: string): Promise<void>;
  /** The latest version of a job's script, with its quote: `GET /api/podcasts/{jobId}/script`. */
  getPodcastScript(jobId: string): Promise<PodcastScriptBody>;
  /**
   * Keeps an edit as the script's next version and answers it: `PUT /api/podcasts/{jobId}/script`.
   * A stale `version` is a 409 `stale_version` ApiError; a bad turn a 400 `invalid_turn` one.
   */
  putPodcastScript(jobId: string, edit: PodcastScriptEdit): Promise<PodcastScriptBody>;
  /** What rendering an edit would cost, keeping nothing: `POST /api/podcasts/{jobId}/script/quote`. */
  quotePodcastScript(jobId: string, edit: PodcastScriptEdit): Promise<ScriptQuote>;
  /**
   * Speaks a saved version (`POST /api/podcasts/{jobId}/render`, 202), holding its quote. A
   * stale version is a 409 ApiError; a refusal the same 429 as a new episode's.
   */
  renderPodcast(jobId: string, version: number): Promise<RenderAccepted>;
  /** A series' host profiles: `GET /api/series/{seriesId}/hosts`. */
  getSeriesHosts(seriesId: string): Promise<SeriesHosts>;
  /** Sets a series' host profiles and answers them: `PUT /api/series/{seriesId}/hosts`. */
  putSeriesHosts(seriesId: string, edit: SeriesHostsEdit): Promise<SeriesHosts>;
}

/**
 * Options for {@link createApiClient}.
 */
export interface ApiClientOptions {
  /** Headers that carry the caller's identity; called before every request. */
  identityHeaders: () => Promise<Record<string, string>>;
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

type Method = RouteMethod;

/**
 * Builds the typed HTTP API client. Errors are typed: {@link ApiError} for an
 * error status, {@link NetworkError} when no answer came, {@link ResponseShapeError}
 * when a 2xx body breaks the contract.
 *
 * @example
 * ```ts
 * const api = createApiClient({ identityHeaders: async () => ({ 'x-lumcast-user': 'alice' }) });
 * const jobs = await api.listPodcasts();
 * ```
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function send(method: Method, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(await options.identityHeaders()),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await doFetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        credentials: 'same-origin',
      });
    } catch (cause) {
      throw new NetworkError(
        `${method} ${path}: ${cause instanceof Error ? cause.message : String(cause)}`,
        {
          cause,
        },
      );
    }
  }

  async function request(method: Method, path: string, body?: unknown): Promise<unknown> {
    const where = `${method} ${path}`;
    const response = await send(method, path, body);
    const json = await readJson(response, where);
    if (!response.ok) throw toApiError(response.status, json, where);
    return json;
  }

  /** A request whose success has no body (204): only an error's body is read. */
  async function requestNoContent(method: Method, path: string): Promise<void> {
    const response = await send(method, path);
    if (!response.ok) {
      const where = `${method} ${path}`;
      throw toApiError(response.status, await readJson(response, where), where);
    }
  }

  return {
    getQuota: async () =>
      parseQuotaSummary(await request('GET', routePath(API_CONTRACT.getQuota, {}))),
    getOptions: async () =>
      parseEpisodeOptions(await request('GET', routePath(API_CONTRACT.getOptions, {}))),
    getUsageHistory: async (weeks) =>
      parseUsageHistory(
        await request('GET', routePath(API_CONTRACT.getUsageHistory, {}, { weeks })),
      ),
    listPodcasts: async () =>
      parseJobPage(await request('GET', routePath(API_CONTRACT.listPodcasts, {}))).items,
    listPodcastsPage: async ({ limit, cursor } = {}) =>
      parseJobPage(
        await request('GET', routePath(API_CONTRACT.listPodcasts, {}, { limit, cursor })),
      ),
    getPodcast: async (jobId) =>
      parseJob(await request('GET', routePath(API_CONTRACT.getPodcast, { jobId }))),
    createPodcast: async (input) =>
      parsePodcastAccepted(await request('POST', routePath(API_CONTRACT.createPodcast, {}), input)),
    createSource: async (contentType) =>
      parseSourceUpload(
        await request('POST', routePath(API_CONTRACT.createSource, {}), { contentType }),
      ),
    uploadSource: async (upload, file) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.uploadFields)) form.append(name, value);
      form.append('file', file);
      let response: Response;
      try {
        response = await doFetch(upload.uploadUrl, {
          method: 'POST',
          body: form,
          cache: 'no-store',
        });
      } catch (cause) {
        throw new NetworkError(
          `upload: ${cause instanceof Error ? cause.message : String(cause)}`,
          { cause },
        );
      }
      if (!response.ok) throw uploadRefusal(response.status, await response.text());
    },
    listFeeds: async () =>
      parseFeedList(await request('GET', routePath(API_CONTRACT.listFeeds, {}))),
    createFeed: async ({ seriesId }) =>
      parseFeed(
        await request(
          'POST',
          routePath(API_CONTRACT.createFeed, {}),
          seriesId === undefined ? {} : { seriesId },
        ),
        'POST /api/feeds',
      ),
    revokeFeed: (feedId) =>
      requestNoContent('DELETE', routePath(API_CONTRACT.revokeFeed, { feedId })),
    getPodcastScript: async (jobId) =>
      parsePodcastScript(
        await request('GET', routePath(API_CONTRACT.getPodcastScript, { jobId })),
        'GET /api/podcasts/{jobId}/script',
      ),
    putPodcastScript: async (jobId, edit) =>
      parsePodcastScript(
        await request('PUT', routePath(API_CONTRACT.putPodcastScript, { jobId }), edit),
        'PUT /api/podcasts/{jobId}/script',
      ),
    quotePodcastScript: async (jobId, edit) =>
      parseScriptQuote(
        await request('POST', routePath(API_CONTRACT.quotePodcastScript, { jobId }), edit),
      ),
    renderPodcast: async (jobId, version) =>
      parseRenderAccepted(
        await request('POST', routePath(API_CONTRACT.renderPodcast, { jobId }), { version }),
      ),
    getSeriesHosts: async (seriesId) =>
      parseSeriesHosts(
        await request('GET', routePath(API_CONTRACT.getSeriesHosts, { seriesId })),
        'GET /api/series/{seriesId}/hosts',
      ),
    putSeriesHosts: async (seriesId, edit) =>
      parseSeriesHosts(
        await request('PUT', routePath(API_CONTRACT.putSeriesHosts, { seriesId }), edit),
        'PUT /api/series/{seriesId}/hosts',
      ),
  };
}

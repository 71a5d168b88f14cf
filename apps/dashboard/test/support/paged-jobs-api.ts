import { EPISODE_OPTIONS } from '@lumcast/pipeline';
import { isoWeekKey, weekWindow, weeksBefore } from '@lumcast/quota';
import type { ApiClient } from '../../src/api/api-client';
import type { Job, PodcastPage, PodcastPageRequest, QuotaSummary } from '../../src/api/types';
import { SCRIPTS_AND_HOSTS_NOT_USED } from './unused-api';

/**
 * An in-memory stand-in for `GET /api/podcasts?limit=&cursor=` with the API's paging rules:
 * jobs newest first, `limit` defaulting to `defaultLimit` (the API's is 100), and an opaque
 * `nextCursor` continuing after the last job of the page, present only when more follow.
 * Jobs can be added (newest) while the page is open; every page request is recorded. With
 * `signLinks`, every answer signs the audio and captions links again (`?signature=sN` for
 * the Nth answer), as the API's presigned links differ on every call. Its usage history
 * sums every job's charge per week, as the server's ledger counts all of them.
 */
export function pagedJobsApi(options: {
  jobs: Job[];
  defaultLimit: number;
  quota: QuotaSummary;
  signLinks?: boolean;
}) {
  /** Newest first. */
  const jobs = [...options.jobs];
  const requests: (PodcastPageRequest | undefined)[] = [];
  let failNextOlderPage: Error | undefined;
  let answers = 0;

  function signed(job: Job): Job {
    if (!options.signLinks) return job;
    const sign = (url: string | undefined) =>
      url === undefined ? undefined : `${url.split('?')[0]}?signature=s${answers}`;
    return { ...job, audioUrl: sign(job.audioUrl), captionsUrl: sign(job.captionsUrl) };
  }

  function page(request: PodcastPageRequest = {}): PodcastPage {
    const limit = request.limit ?? options.defaultLimit;
    let start = 0;
    if (request.cursor !== undefined) {
      const after = /^after:(.+)$/.exec(request.cursor)?.[1];
      start = jobs.findIndex((job) => job.jobId === after) + 1;
      if (after === undefined || start === 0) throw new Error(`bad cursor ${request.cursor}`);
    }
    answers += 1;
    const items = jobs.slice(start, start + limit).map(signed);
    const last = items.at(-1);
    return start + limit < jobs.length && last !== undefined
      ? { items, nextCursor: `after:${last.jobId}` }
      : { items };
  }

  const api: ApiClient = {
    getQuota: async () => options.quota,
    getOptions: async () => EPISODE_OPTIONS,
    getUsageHistory: async (weeks) => {
      const current = isoWeekKey(new Date());
      return {
        weeks: Array.from({ length: weeks }, (_, index) => {
          const week = weeksBefore(current, weeks - 1 - index);
          const used = jobs
            .filter((job) => job.chargedWeek === week)
            .reduce((sum, job) => sum + (job.cost ?? 0), 0);
          return { week, startsAt: weekWindow(week).start.toISOString(), used };
        }),
      };
    },
    listPodcasts: async () => page().items,
    listPodcastsPage: async (request) => {
      requests.push(request);
      if (request?.cursor !== undefined && failNextOlderPage !== undefined) {
        const error = failNextOlderPage;
        failNextOlderPage = undefined;
        throw error;
      }
      return page(request);
    },
    getPodcast: async (jobId) => {
      const job = jobs.find((candidate) => candidate.jobId === jobId);
      if (job === undefined) throw new Error(`no job ${jobId}`);
      answers += 1;
      return signed(job);
    },
    createPodcast: async () => {
      throw new Error('not used');
    },
    listFeeds: async () => [],
    createFeed: async () => {
      throw new Error('not used');
    },
    revokeFeed: async () => {
      throw new Error('not used');
    },
    createSource: async () => {
      throw new Error('not used');
    },
    uploadSource: async () => {
      throw new Error('not used');
    },
    ...SCRIPTS_AND_HOSTS_NOT_USED,
  };
  return {
    api,
    requests,
    /** Adds a job as the newest one. */
    add: (job: Job) => jobs.unshift(job),
    /** Makes the next request for an older page (one with a cursor) fail with `error`. */
    failNextOlderPage: (error: Error) => {
      failNextOlderPage = error;
    },
  };
}

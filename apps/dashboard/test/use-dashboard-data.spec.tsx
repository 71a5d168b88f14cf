import { EPISODE_OPTIONS } from '@lumcast/pipeline';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ApiClient } from '../src/api/api-client';
import type { Job, PodcastPage, QuotaSummary } from '../src/api/types';
import { useDashboardData } from '../src/hooks/use-dashboard-data';
import { aJob } from './support/jobs';
import { SCRIPTS_AND_HOSTS_NOT_USED } from './support/unused-api';

function quota(used: number): QuotaSummary {
  return {
    week: '2026-W49',
    used,
    reserved: 0,
    granted: 0,
    limit: 200,
    remaining: 200 - used,
    inFlight: 0,
    maxInFlight: 3,
    resetsAt: '2026-12-07T00:00:00.000Z',
    plan: 'free',
    slotsPerMinute: { standard: 1, neural: 2, generative: 4 },
  };
}

/** An API whose answers are scripted: each list call returns the next snapshot. */
function scriptedApi(snapshots: PodcastPage[] | Job[][], quotas: QuotaSummary[]) {
  const calls = { list: 0, quota: 0, history: 0 };
  const pages = snapshots.map((snapshot) =>
    Array.isArray(snapshot) ? { items: snapshot } : snapshot,
  );
  const api: ApiClient = {
    listPodcastsPage: async () => pages[Math.min(calls.list++, pages.length - 1)] ?? { items: [] },
    listPodcasts: async () => (await api.listPodcastsPage()).items,
    getQuota: async () => quotas[Math.min(calls.quota++, quotas.length - 1)] ?? quota(0),
    getOptions: async () => EPISODE_OPTIONS,
    getUsageHistory: async (weeks) => {
      calls.history += 1;
      const used = quotas[Math.min(calls.quota, quotas.length) - 1]?.used ?? 0;
      return {
        weeks: [{ week: '2026-W49', startsAt: '2026-11-30T00:00:00.000Z', used }].slice(-weeks),
      };
    },
    getPodcast: async () => {
      throw new Error('not used');
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
  return { api, calls };
}

describe('useDashboardData', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('polls while a job runs, stops once all are final, and reloads the quota when one finishes', async () => {
    const running = aJob({ status: 'synthesizing', progress: { done: 1, total: 3 } });
    const ready = aJob({ status: 'ready', cost: 1, chargedWeek: '2026-W49' });
    const { api, calls } = scriptedApi([[running], [running], [ready]], [quota(0), quota(1)]);

    const { result } = renderHook(() => useDashboardData(api, 1000));
    await waitFor(() => expect(result.current.jobs.data?.[0]?.status).toBe('synthesizing'));
    expect(calls.list).toBe(1);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(calls.list).toBe(2);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    await waitFor(() => expect(result.current.jobs.data?.[0]?.status).toBe('ready'));
    await waitFor(() => expect(result.current.quota.data?.used).toBe(1));
    expect(calls.quota).toBe(2);
    // The history is read with the quota: on load and when the charge lands.
    expect(calls.history).toBe(2);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(calls.list).toBe(3);
  });

  it('keeps the last good data and reports the error when a refresh fails', async () => {
    const { api } = scriptedApi([[aJob({ status: 'queued' })]], [quota(3)]);
    let fail = false;
    const flaky: ApiClient = {
      ...api,
      listPodcastsPage: async () => {
        if (fail) throw new Error('connection reset');
        return api.listPodcastsPage();
      },
    };
    const { result } = renderHook(() => useDashboardData(flaky, 1000));
    await waitFor(() => expect(result.current.jobs.data).toHaveLength(1));
    fail = true;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    await waitFor(() => expect(result.current.jobs.error).toBeInstanceOf(Error));
    expect(result.current.jobs.data).toHaveLength(1);
  });

  it('polls the first page only and passes on its nextCursor, which goes when the list fits one page', async () => {
    const running = aJob({ jobId: 'job-2', status: 'synthesizing' });
    const older = aJob({ jobId: 'job-1', status: 'ready', cost: 1, chargedWeek: '2026-W49' });
    const { api } = scriptedApi(
      [{ items: [running], nextCursor: 'after-job-2' }, { items: [running, older] }],
      [quota(0)],
    );
    const requested: unknown[] = [];
    const recording: ApiClient = {
      ...api,
      listPodcastsPage: async (request) => {
        requested.push(request);
        return api.listPodcastsPage(request);
      },
    };
    const { result } = renderHook(() => useDashboardData(recording, 1000));
    await waitFor(() => expect(result.current.jobsNextCursor).toBe('after-job-2'));
    expect(result.current.jobs.data?.map((job) => job.jobId)).toEqual(['job-2']);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    await waitFor(() => expect(result.current.jobs.data).toHaveLength(2));
    expect(result.current.jobsNextCursor).toBeUndefined();
    // The poll asks for the API's default first page, as listPodcasts() did.
    expect(requested).toEqual([undefined, undefined]);
  });

  it('does not poll a draft waiting for its review: nothing about it changes until the user acts', async () => {
    const draft = aJob({ status: 'script_ready' });
    const { api, calls } = scriptedApi([[draft]], [quota(0)]);
    const { result } = renderHook(() => useDashboardData(api, 1000));
    await waitFor(() => expect(result.current.jobs.data?.[0]?.status).toBe('script_ready'));

    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(calls.list).toBe(1);
  });

  it('polls a ready episode being re-rendered, reading it whole, until its render of that version is charged, then reloads the quota', async () => {
    const first = { version: 1, charged: 2, chunksSynthesized: 5, chunksReused: 0 };
    const listed = aJob({ status: 'ready', cost: 2 });
    const running = {
      ...listed,
      renders: [first, { version: 2, charged: 0, chunksSynthesized: 1, chunksReused: 4 }],
    };
    const settled = {
      ...listed,
      cost: 4,
      renders: [first, { version: 2, charged: 2, chunksSynthesized: 1, chunksReused: 4 }],
    };
    // The list leaves the renders out; the job read whole has them.
    const { api, calls } = scriptedApi(
      [[listed], [listed], [listed], [{ ...listed, cost: 4 }]],
      [quota(2), quota(2), quota(4)],
    );
    const whole = [running, running, settled];
    let reads = 0;
    const reading: ApiClient = {
      ...api,
      getPodcast: async () => whole[Math.min(reads++, whole.length - 1)] as Job,
    };
    const { result } = renderHook(() => useDashboardData(reading, 1000));
    await waitFor(() => expect(result.current.jobs.data).toHaveLength(1));
    expect(calls.list).toBe(1);

    act(() => result.current.watchRender(listed.jobId, 2));
    await waitFor(() => expect(calls.list).toBe(2));
    expect(result.current.rendering.get(listed.jobId)).toBe(2);
    for (const _poll of [1, 2, 3]) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1000);
      });
    }
    await waitFor(() => expect(result.current.rendering.size).toBe(0));
    expect(reads).toBe(3);
    expect(result.current.jobs.data?.[0]?.renders).toEqual(settled.renders);
    await waitFor(() => expect(result.current.quota.data?.used).toBe(4));

    await act(async () => {
      await jest.advanceTimersByTimeAsync(5000);
    });
    expect(calls.list).toBe(4);
    expect(reads).toBe(3);
    // The renders read whole stay on the list item that has none.
    expect(result.current.jobs.data?.[0]?.renders).toEqual(settled.renders);
  });
});

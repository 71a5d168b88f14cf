import { act, renderHook, waitFor } from '@testing-library/react';
import type { ApiClient } from '../src/api/api-client';
import type { Job, QuotaSummary } from '../src/api/types';
import { useDashboardData } from '../src/hooks/use-dashboard-data';
import { aJob } from './support/jobs';

function quota(used: number): QuotaSummary {
  return {
    week: '2026-W49',
    used,
    limit: 200,
    remaining: 200 - used,
    resetsAt: '2026-12-07T00:00:00.000Z',
    plan: 'free',
    slotsPerMinute: { standard: 1, neural: 2, generative: 4 },
  };
}

/** An API whose answers are scripted: each list call returns the next snapshot. */
function scriptedApi(snapshots: Job[][], quotas: QuotaSummary[]) {
  const calls = { list: 0, quota: 0 };
  const api: ApiClient = {
    listPodcasts: async () => snapshots[Math.min(calls.list++, snapshots.length - 1)] ?? [],
    getQuota: async () => quotas[Math.min(calls.quota++, quotas.length - 1)] ?? quota(0),
    getPodcast: async () => {
      throw new Error('not used');
    },
    createPodcast: async () => {
      throw new Error('not used');
    },
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
      listPodcasts: async () => {
        if (fail) throw new Error('connection reset');
        return api.listPodcasts();
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
});

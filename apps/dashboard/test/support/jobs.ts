import type { Job } from '../../src/api/types';

/** A job with sensible defaults, for tests. */
export function aJob(overrides: Partial<Job> = {}): Job {
  return {
    jobId: 'job-1',
    status: 'queued',
    topic: 'How tides work',
    quality: 'standard',
    minutes: 1,
    createdAt: '2026-12-02T09:00:00.000Z',
    updatedAt: '2026-12-02T09:00:00.000Z',
    progress: { done: 0, total: 0 },
    estimatedCost: 1,
    ...overrides,
  };
}

import type { Job, JobStatus } from '../api/types';

/**
 * Statuses after which a job never changes again.
 */
export const FINAL_STATUSES: ReadonlySet<JobStatus> = new Set<JobStatus>([
  'ready',
  'failed',
  'quota_exceeded',
  'rejected_quota',
]);

/**
 * Whether a job has reached a final status.
 */
export function isFinal(job: Pick<Job, 'status'>): boolean {
  return FINAL_STATUSES.has(job.status);
}

/**
 * Whether a job is being made right now: not final, and not a draft waiting for its review
 * (`script_ready` waits for the user, so nothing about it changes until they act).
 */
export function isWorking(job: Pick<Job, 'status'>): boolean {
  return !isFinal(job) && job.status !== 'script_ready';
}

const STAGE_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  writing_script: 'Writing the script',
  script_ready: 'Script ready for review — nothing spoken or charged',
  synthesizing: 'Speaking the script',
  assembling: 'Assembling the episode',
  ready: 'Ready to play',
  failed: 'Failed — nothing was charged',
  quota_exceeded: 'Not made — this week’s slots ran out (nothing charged)',
  rejected_quota: 'Refused — it did not fit this week’s slots',
};

/**
 * A sentence describing where a job is, including `k/n chunks` while speaking.
 *
 * @example
 * ```ts
 * stageLabel({ status: 'synthesizing', progress: { done: 2, total: 5 } });
 * // 'Speaking the script — 2/5 chunks'
 * ```
 */
export function stageLabel(job: Pick<Job, 'status' | 'progress'>): string {
  const label = STAGE_LABELS[job.status];
  const { done, total } = job.progress;
  if (total > 0 && (job.status === 'synthesizing' || job.status === 'assembling')) {
    return `${label} — ${done}/${total} chunks`;
  }
  return label;
}

/**
 * Overall progress of a job from 0 to 1, for a progress bar.
 */
export function progressFraction(job: Pick<Job, 'status' | 'progress'>): number {
  switch (job.status) {
    case 'queued':
      return 0.02;
    case 'writing_script':
      return 0.1;
    case 'synthesizing': {
      const { done, total } = job.progress;
      return 0.15 + (total > 0 ? (0.75 * Math.min(done, total)) / total : 0);
    }
    case 'assembling':
      return 0.95;
    default:
      return 1;
  }
}

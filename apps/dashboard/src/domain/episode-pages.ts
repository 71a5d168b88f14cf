import type { Job } from '../api/types';

/**
 * The episodes list after the first page was fetched again (polled): the first page as the
 * API returned it (the newest jobs, newest first, in their freshest state), then every job
 * known from before that is not on it, in the order it was shown. A known job that is not
 * on the new first page is older than all of it (newer jobs pushed it off), so the order
 * stays newest first, and a job that slid off the first page stays listed instead of
 * falling into the gap between the first page and an appended one.
 */
export function mergeFirstPage(firstPage: readonly Job[], known: readonly Job[]): Job[] {
  const onFirstPage = new Set(firstPage.map((job) => job.jobId));
  return [...firstPage, ...known.filter((job) => !onFirstPage.has(job.jobId))];
}

/**
 * The episodes list with an older page appended: the known jobs in their order, then the
 * page's jobs that are not listed yet. A job on both (the pages overlap when new jobs
 * arrived between the two fetches) is listed once, where it already was, in the state
 * fetched last (the page's).
 */
export function appendOlderPage(known: readonly Job[], page: readonly Job[]): Job[] {
  const fetched = new Map(page.map((job) => [job.jobId, job]));
  const listed = new Set(known.map((job) => job.jobId));
  return [
    ...known.map((job) => fetched.get(job.jobId) ?? job),
    ...page.filter((job) => !listed.has(job.jobId)),
  ];
}

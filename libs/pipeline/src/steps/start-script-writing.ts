import type { JobRecord } from '../jobs/job';
import type { JobsTable } from '../jobs/jobs-table';
import type { ObjectStore } from '../ports/object-store';
import type { SeriesMemory } from '../series/series-memory';
import type { SourceFetcher } from '../ports/source-fetcher';
import { readSourceFile } from '../sources/source-file-reader';
import { JobStateError } from '../errors';

/**
 * The start both script paths share (WriteOutline, and the whole-script path): the job
 * must exist and not be final; it moves to `writing_script`, a job in a series gets the
 * series' memory, and a job with a source link or an uploaded file gets its text (read once,
 * here; a link that cannot be read throws `SourceLinkError`, a file `SourceFileError`, and
 * either fails the job uncharged). Throws
 * {@link JobStateError} for a missing or final job.
 */
export async function startScriptWriting(
  deps: { jobs: JobsTable; seriesMemory: SeriesMemory; sources: SourceFetcher; store: ObjectStore },
  { userId, jobId }: { userId: string; jobId: string },
): Promise<{
  job: JobRecord;
  series: Awaited<ReturnType<SeriesMemory['recall']>> | undefined;
  sourceText: string | undefined;
}> {
  const job = await deps.jobs.get(userId, jobId);
  if (!job) throw new JobStateError(`Job ${jobId} of ${userId} does not exist`);
  if (!(await deps.jobs.setStatus(userId, jobId, 'writing_script'))) {
    throw new JobStateError(`Job ${jobId} is already final (${job.status})`);
  }
  const series = job.seriesId
    ? await deps.seriesMemory.recall({ userId, seriesId: job.seriesId })
    : undefined;
  // A source link or file is read here, once: the outline keeps the text for the chapters after it.
  const sourceText =
    job.sourceUrl !== undefined
      ? await deps.sources.fetchText(job.sourceUrl)
      : job.sourceId !== undefined
        ? await readSourceFile(deps.store, userId, job.sourceId)
        : job.sourceText;
  return { job, series, sourceText };
}

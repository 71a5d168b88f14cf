import type { Logger } from '@aws-lambda-powertools/logger';
import type { JobRecord } from '../jobs/job';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import type { SeriesMemory } from '../series/series-memory';
import { readStoredJson } from './read-stored-object';
import type { ScriptArtifact } from './store-script-for-synthesis';

/**
 * Remembers a job that just became ready in its series (if it has one): its script's title,
 * summary and key points, for the series' next episodes. A help for the next episode, never a
 * reason to fail this one: the job is charged and ready, so a failure is logged, not thrown.
 */
export async function rememberInSeries(
  deps: { store: ObjectStore; seriesMemory: SeriesMemory; logger?: Pick<Logger, 'warn'> },
  { userId, jobId, seriesId }: Pick<JobRecord, 'userId' | 'jobId' | 'seriesId'>,
): Promise<void> {
  if (!seriesId) return;
  try {
    const { script } = (await readStoredJson(
      deps.store,
      objectKeys.script(userId, jobId),
      `the script of job ${jobId}`,
    )) as ScriptArtifact;
    await deps.seriesMemory.remember({
      userId,
      seriesId,
      jobId,
      title: script.title,
      summary: script.summary,
      keyPoints: script.keyPoints,
    });
  } catch (error) {
    deps.logger?.warn('episode not remembered in its series', { error, seriesId });
  }
}

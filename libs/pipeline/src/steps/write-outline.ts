import {
  parseScriptRequest,
  type ScriptPartsWriter,
  type ScriptWriter,
} from '@lumcast/script-generation';
import type { JobsTable } from '../jobs/jobs-table';
import type { SeriesMemory } from '../series/series-memory';
import type { SourceFetcher } from '../ports/source-fetcher';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import type { WriteOutlineInput, WriteOutlineOutput } from './script-part-inputs';
import { scriptRequestFor } from './job-script-request';
import { startScriptWriting } from './start-script-writing';

/** Dependencies of {@link createWriteOutlineStep}. */
export interface WriteOutlineDeps {
  jobs: JobsTable;
  store: ObjectStore;
  writer: ScriptWriter & Partial<ScriptPartsWriter>;
  seriesMemory: SeriesMemory;
  /** Reads a job's source link (`LinkSourceFetcher`). */
  sources: SourceFetcher;
}

/** Whether a writer can write in parts (a writer with only `write` writes whole scripts). */
export function canWriteInParts(
  writer: ScriptWriter & Partial<ScriptPartsWriter>,
): writer is ScriptWriter & ScriptPartsWriter {
  return typeof writer.planScript === 'function' && typeof writer.writeChapter === 'function';
}

/**
 * The WriteOutline phase: marks the job `writing_script`, recalls series memory, plans the
 * script (an outline for a long episode, `whole` for a short one) and stores the request
 * with its plan at `objectKeys.scriptOutline`, so later phases read neither the jobs
 * table nor series memory. Returns the parts the chapters Map writes.
 */
export function createWriteOutlineStep(deps: WriteOutlineDeps) {
  return async function writeOutline({
    userId,
    jobId,
  }: Pick<WriteOutlineInput, 'userId' | 'jobId'>): Promise<WriteOutlineOutput> {
    const { job, series, sourceText } = await startScriptWriting(deps, { userId, jobId });
    const request = parseScriptRequest(scriptRequestFor(job, { sourceText, series }));
    const plan = canWriteInParts(deps.writer)
      ? await deps.writer.planScript(request)
      : ({ kind: 'whole' } as const);
    await deps.store.put(
      objectKeys.scriptOutline(userId, jobId),
      JSON.stringify({ request, plan }),
      'application/json',
    );
    const count = plan.kind === 'whole' ? 1 : plan.outline.chapters.length;
    return { parts: Array.from({ length: count }, (_, index) => index) };
  };
}

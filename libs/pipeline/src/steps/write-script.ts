import type { ScriptPartsWriter, ScriptWriter, SpeechEngine } from '@lumcast/script-generation';
import type { JobsTable } from '../jobs/jobs-table';
import type { SeriesMemory } from '../series/series-memory';
import type { SourceFetcher } from '../ports/source-fetcher';
import type { ObjectStore } from '../ports/object-store';
import { scriptRequestFor } from './job-script-request';
import { startScriptWriting } from './start-script-writing';
import type { JobRef } from './step-inputs';
import {
  storeScriptForSynthesis,
  synthesisRef,
  type WriteScriptOutput,
} from './store-script-for-synthesis';

/** Dependencies of {@link createWriteScriptStep}. */
export interface WriteScriptDeps {
  jobs: JobsTable;
  store: ObjectStore;
  /** Writes whole scripts; with `planScript`/`writeChapter` it also writes long ones in parts. */
  writer: ScriptWriter & Partial<ScriptPartsWriter>;
  seriesMemory: SeriesMemory;
  /** Reads a job's source link (`LinkSourceFetcher`). */
  sources: SourceFetcher;
  maxChunkChars: number;
  /** The engine that speaks the chunks: part of each chunk's address. */
  speechEngine: SpeechEngine;
}

/**
 * The whole-script path of the write-script function (an input without a `phase`, as before
 * scripts were written in parts): writes the job's script (with series memory when the
 * job belongs to a series), stores it with its speech plan, and hands the
 * chunks to the synthesize Map (a review job stops at `script_ready`).
 */
export function createWriteScriptStep(deps: WriteScriptDeps) {
  return async function writeScript({ userId, jobId }: JobRef): Promise<WriteScriptOutput> {
    const { job, series, sourceText } = await startScriptWriting(deps, { userId, jobId });
    const request = scriptRequestFor(job, { sourceText, series });
    const script = await deps.writer.write(request);
    return storeScriptForSynthesis(deps, synthesisRef(job), request, script);
  };
}

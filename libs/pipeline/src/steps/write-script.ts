import type {
  PodcastScript,
  ScriptPartsWriter,
  ScriptWriter,
  SeriesMemory,
  SpeechChunk,
} from '@lumcast/script-generation';
import { planSpeech } from '@lumcast/script-generation';
import type { JobsTable } from '../jobs/jobs-table';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { JobStateError } from './step-errors';
import type { JobRef, SpeechChunkItem } from './step-inputs';

/** What WriteScript stores for the later steps: the script and its speech plan. */
export interface ScriptArtifact {
  script: PodcastScript;
  plan: SpeechChunk[];
}

/** Output of WriteScript: what the Map synthesizes. */
export interface WriteScriptOutput {
  quality: string;
  totalChunks: number;
  chunks: SpeechChunkItem[];
}

/** Dependencies of {@link createWriteScriptStep}. */
export interface WriteScriptDeps {
  jobs: JobsTable;
  store: ObjectStore;
  /** Writes whole scripts; with `planScript`/`writeChapter` it also writes long ones in parts. */
  writer: ScriptWriter & Partial<ScriptPartsWriter>;
  seriesMemory: SeriesMemory;
  maxChunkChars: number;
}

/**
 * The WriteScript step: writes the job's script (with series memory when the
 * job belongs to a series), stores it with its speech plan, and hands the
 * chunks to the synthesize Map.
 *
 * @example
 * ```ts
 * const writeScript = createWriteScriptStep({ jobs, store, writer, seriesMemory, maxChunkChars: 3000 });
 * const { chunks } = await writeScript({ userId: 'alice', jobId });
 * ```
 */
export function createWriteScriptStep(deps: WriteScriptDeps) {
  return async function writeScript({ userId, jobId }: JobRef): Promise<WriteScriptOutput> {
    const job = await deps.jobs.get(userId, jobId);
    if (!job) throw new JobStateError(`Job ${jobId} of ${userId} does not exist`);
    if (!(await deps.jobs.setStatus(userId, jobId, 'writing_script'))) {
      throw new JobStateError(`Job ${jobId} is already final (${job.status})`);
    }
    const series = job.seriesId
      ? await deps.seriesMemory.recall({ userId, seriesId: job.seriesId })
      : undefined;
    const script = await deps.writer.write({
      topic: job.topic,
      sourceText: job.sourceText,
      minutes: job.minutes,
      quality: job.quality,
      series,
    });
    const plan = planSpeech(script, { maxChars: deps.maxChunkChars });
    const artifact: ScriptArtifact = { script, plan };
    await deps.store.put(
      objectKeys.script(userId, jobId),
      JSON.stringify(artifact),
      'application/json',
    );
    if (!(await deps.jobs.setStatus(userId, jobId, 'synthesizing', { totalChunks: plan.length }))) {
      throw new JobStateError(`Job ${jobId} of ${userId} became final before synthesis`);
    }
    return {
      quality: job.quality,
      totalChunks: plan.length,
      chunks: plan.map(({ index, text, hostIndex }) => ({ index, text, hostIndex })),
    };
  };
}

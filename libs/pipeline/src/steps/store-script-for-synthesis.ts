import {
  DEFAULT_SCRIPT_LANGUAGE,
  planSpeech,
  type PodcastScript,
  type ScriptRequest,
  type SpeechChunk,
} from '@lumcast/script-generation';
import type { JobsTable } from '../jobs/jobs-table';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { JobStateError } from '../errors';
import type { SpeechChunkItem } from './step-inputs';

/** What the script steps store for the later steps: the script and its speech plan. */
export interface ScriptArtifact {
  script: PodcastScript;
  plan: SpeechChunk[];
}

/** Output of the last script step (FinishScript, or the whole-script path): what the Map synthesizes. */
export interface WriteScriptOutput {
  quality: string;
  /** The language the chunks are spoken in (always set: `en-US` when the job names none). */
  language: string;
  totalChunks: number;
  chunks: SpeechChunkItem[];
  /**
   * Set on a review job's output: its script is stored and it is `script_ready`, with no
   * chunks handed on; the state machine's `ScriptForReview` Choice ends the execution on it.
   */
  review?: true;
}

/**
 * The end both script paths share (FinishScript, and the whole-script path): plans the
 * script's speech chunks, stores script and plan, and moves the job to `synthesizing`. A job
 * that became final meanwhile throws {@link JobStateError}, so its chunks never reach the
 * speech engine (paid work). The output carries the request's quality and language (en-US when
 * it names none) for the synthesize Map. A review job (`review: true`) is moved to
 * `script_ready` instead, and its output says so, with no chunks.
 */
export async function storeScriptForSynthesis(
  deps: { jobs: JobsTable; store: ObjectStore; maxChunkChars: number },
  { userId, jobId, review }: { userId: string; jobId: string; review?: true },
  request: Pick<ScriptRequest, 'quality' | 'language'>,
  script: PodcastScript,
): Promise<WriteScriptOutput> {
  const plan = planSpeech(script, { maxChars: deps.maxChunkChars });
  const artifact: ScriptArtifact = { script, plan };
  await deps.store.put(
    objectKeys.script(userId, jobId),
    JSON.stringify(artifact),
    'application/json',
  );
  const language = request.language ?? DEFAULT_SCRIPT_LANGUAGE;
  if (review === true) {
    if (!(await deps.jobs.setStatus(userId, jobId, 'script_ready'))) {
      throw new JobStateError(`Job ${jobId} of ${userId} became final before its review`);
    }
    return { quality: request.quality, language, totalChunks: plan.length, chunks: [], review };
  }
  if (!(await deps.jobs.setStatus(userId, jobId, 'synthesizing', { totalChunks: plan.length }))) {
    throw new JobStateError(`Job ${jobId} of ${userId} became final before synthesis`);
  }
  return {
    quality: request.quality,
    language,
    totalChunks: plan.length,
    chunks: plan.map(({ index, text, hostIndex }) => ({ index, text, hostIndex })),
  };
}

import {
  DEFAULT_SCRIPT_LANGUAGE,
  planSpeech,
  type PodcastScript,
  type ScriptRequest,
  type SpeechChunk,
  type SpeechEngine,
} from '@lumcast/script-generation';
import type { JobsTable } from '../jobs/jobs-table';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { JobStateError } from '../errors';
import { chunkAddress } from '../renders/chunk-address';
import { chunkVoice } from '../renders/chunk-voice';
import type { SpeechChunkItem } from './step-inputs';

/**
 * What the script steps store for the later steps: the script and its speech plan, each chunk
 * with its address (`chunkAddress`; absent on scripts stored before chunks had addresses).
 */
export interface ScriptArtifact {
  script: PodcastScript;
  plan: (SpeechChunk & { address?: string })[];
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
 * script's speech chunks, each with its address (`chunkAddress` of the voice `chunkVoice` picks,
 * so the episode's chunks are stored by address and a later render reuses them), stores script
 * and plan, and moves the job to `synthesizing`. A job
 * that became final meanwhile throws {@link JobStateError}, so its chunks never reach the
 * speech engine (paid work). The output carries the request's quality and language (en-US when
 * it names none) for the synthesize Map. A review job (`review: true`) is moved to
 * `script_ready` instead, and its output says so, with no chunks.
 */
export async function storeScriptForSynthesis(
  deps: { jobs: JobsTable; store: ObjectStore; maxChunkChars: number; speechEngine: SpeechEngine },
  { userId, jobId, review }: { userId: string; jobId: string; review?: true },
  request: Pick<ScriptRequest, 'quality' | 'language'>,
  script: PodcastScript,
): Promise<WriteScriptOutput> {
  const settings = {
    engine: deps.speechEngine,
    quality: request.quality,
    language: request.language,
  };
  const plan = planSpeech(script, { maxChars: deps.maxChunkChars }).map((chunk) => ({
    ...chunk,
    address: chunkAddress(chunk.text, chunkVoice(chunk, settings), settings),
  }));
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
    chunks: plan.map(({ index, text, hostIndex, address }) => ({
      index,
      text,
      hostIndex,
      address,
    })),
  };
}

import {
  DEFAULT_SCRIPT_LANGUAGE,
  planSpeech,
  type PodcastScript,
  type ScriptRequest,
  type SpeechChunk,
  type SpeechEngine,
} from '@lumcast/script-generation';
import type { JobRecord } from '../jobs/job';
import type { JobsTable } from '../jobs/jobs-table';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { JobStateError } from '../errors';
import { addressOf } from '../renders/chunk-address';
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

/** Which job a script is stored for, whether it stops for review, and its hosts' chosen voices. */
export interface SynthesisRef {
  userId: string;
  jobId: string;
  review?: true;
  /** The voice each host (by host index) chose in its series' profile, where one did. */
  voices?: readonly (string | undefined)[];
}

/**
 * The {@link SynthesisRef} of a job: its ids, `review` when it is a review job, and the voices its
 * series' host profiles gave its hosts (`JobRecord.hostProfiles`).
 */
export function synthesisRef(job: JobRecord): SynthesisRef {
  const voices = job.hostProfiles?.map((profile) => profile.voice);
  return {
    userId: job.userId,
    jobId: job.jobId,
    ...(job.review === true ? { review: job.review } : {}),
    ...(voices?.some((voice) => voice !== undefined) ? { voices } : {}),
  };
}

/**
 * The items the synthesize Map speaks, one per chunk of the plan: its index, text and host, and
 * the voice that host chose (`voices`, by host index) where one did; the synthesize step
 * speaks a chunk without one in the engine's default voice for its host.
 */
export function speechChunkItems(
  plan: readonly SpeechChunk[],
  voices: readonly (string | undefined)[] = [],
): SpeechChunkItem[] {
  return plan.map(({ index, text, hostIndex }) => {
    const voice = voices[hostIndex];
    return voice === undefined ? { index, text, hostIndex } : { index, text, hostIndex, voice };
  });
}

/**
 * The end both script paths share (FinishScript, and the whole-script path): plans the
 * script's speech chunks, each with its address (`addressOf`: the voice it will be spoken in,
 * so the episode's chunks are stored by address and a later render reuses them), stores script
 * and plan, and moves the job to `synthesizing`. A job
 * that became final meanwhile throws {@link JobStateError}, so its chunks never reach the
 * speech engine (paid work). The output carries the request's quality and language (en-US when
 * it names none) for the synthesize Map, each chunk with its host's chosen voice
 * ({@link speechChunkItems}). A review job (`review: true`) is moved to
 * `script_ready` instead, and its output says so, with no chunks.
 */
export async function storeScriptForSynthesis(
  deps: { jobs: JobsTable; store: ObjectStore; maxChunkChars: number; speechEngine: SpeechEngine },
  { userId, jobId, review, voices }: SynthesisRef,
  request: Pick<ScriptRequest, 'quality' | 'language'>,
  script: PodcastScript,
): Promise<WriteScriptOutput> {
  const settings = {
    engine: deps.speechEngine,
    quality: request.quality,
    language: request.language,
  };
  const planned = planSpeech(script, { maxChars: deps.maxChunkChars });
  const chunks = speechChunkItems(planned, voices).map((chunk) => ({
    ...chunk,
    address: addressOf(chunk, settings),
  }));
  const plan = planned.map((chunk, i) => ({ ...chunk, address: chunks[i]?.address }));
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
    chunks,
  };
}

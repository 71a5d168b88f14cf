import type { SpeechSynthesizer } from '@lumcast/audio-assembly';
import type { JobsTable } from '../jobs/jobs-table';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import type { SynthesizedChunk, SynthesizeInput } from './step-inputs';

/** Dependencies of {@link createSynthesizeStep}. */
export interface SynthesizeDeps {
  jobs: JobsTable;
  store: ObjectStore;
  synthesizer: SpeechSynthesizer;
}

/**
 * The synthesize step (one Map item): speaks one chunk in its host's voice of the job's
 * quality and language (en-US when the input names none),
 * stores the MP3 and counts the chunk as done (idempotently).
 *
 * @example
 * ```ts
 * const synthesize = createSynthesizeStep({ jobs, store, synthesizer });
 * const { key } = await synthesize({ userId, jobId, quality: 'neural', totalChunks: 3, chunk });
 * ```
 */
export function createSynthesizeStep(deps: SynthesizeDeps) {
  return async function synthesize(input: SynthesizeInput): Promise<SynthesizedChunk> {
    const { userId, jobId, quality, language, chunk } = input;
    const voice = deps.synthesizer.voiceForHost(chunk.hostIndex, quality, language);
    const audio = await deps.synthesizer.synthesize({ text: chunk.text, voice, quality });
    const key = objectKeys.chunk(userId, jobId, chunk.index);
    await deps.store.put(key, audio, 'audio/mpeg');
    await deps.jobs.markChunkDone(userId, jobId, chunk.index);
    return { index: chunk.index, key };
  };
}

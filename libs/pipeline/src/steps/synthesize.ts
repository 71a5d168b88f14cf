import type { SpeechSynthesizer } from '@lumcast/audio-assembly';
import type { JobsTable } from '../jobs/jobs-table';
import type { SpeechTurns } from '../pacing/pacing-from-environment';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import type { ProviderTurnWait, SynthesizedChunk, SynthesizeInput } from './step-inputs';

/** Dependencies of {@link createSynthesizeStep}. */
export interface SynthesizeDeps {
  jobs: JobsTable;
  store: ObjectStore;
  synthesizer: SpeechSynthesizer;
  /** Polly's shared limit; absent for an engine with none (espeak-ng). */
  speechTurns?: SpeechTurns;
}

/**
 * The synthesize step (one Map item): takes Polly's turn for the job's quality (when paced),
 * speaks one chunk in its host's voice of the job's quality and language (en-US when the input
 * names none), stores the MP3 and counts the chunk as done (idempotently). A turn more than a few
 * seconds away is not slept here: the step answers {@link ProviderTurnWait} and the state
 * machine's Wait state brings it back, holding its place in line.
 *
 * @example
 * ```ts
 * const synthesize = createSynthesizeStep({ jobs, store, synthesizer, speechTurns });
 * const answer = await synthesize({ userId, jobId, quality: 'neural', totalChunks: 3, chunk });
 * if ('waitUntil' in answer) return answer; // the state machine waits, then asks again
 * ```
 */
export function createSynthesizeStep(deps: SynthesizeDeps) {
  return async function synthesize(
    input: SynthesizeInput,
  ): Promise<SynthesizedChunk | ProviderTurnWait> {
    const { userId, jobId, quality, language, chunk } = input;
    const turns = deps.speechTurns?.[quality];
    if (turns) {
      const turn = await turns.reserved(input.turn?.startAt);
      if (turn.kind === 'wait') {
        return turn.startAt === undefined
          ? { waitUntil: turn.waitUntil }
          : { waitUntil: turn.waitUntil, startAt: turn.startAt };
      }
    }
    const voice = deps.synthesizer.voiceForHost(chunk.hostIndex, quality, language);
    const audio = await deps.synthesizer.synthesize({ text: chunk.text, voice, quality });
    const key = objectKeys.chunk(userId, jobId, chunk.index);
    await deps.store.put(key, audio, 'audio/mpeg');
    await deps.jobs.markChunkDone(userId, jobId, chunk.index);
    return { index: chunk.index, key };
  };
}

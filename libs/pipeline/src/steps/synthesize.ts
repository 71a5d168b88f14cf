import { SpeechThrottledError, type SpeechSynthesizer } from '@lumcast/audio-assembly';
import type { JobsTable } from '../jobs/jobs-table';
import type { SpeechTurns } from '../pacing/pacing-from-environment';
import { TURN_POLICY, type ProviderTurns } from '../pacing/provider-turns';
import { objectKeys, type ObjectStore } from '../ports/object-store';
import { chunkVoice } from './chunk-voice';
import type { ProviderTurnWait, SynthesizedChunk, SynthesizeInput } from './step-inputs';

/** Dependencies of {@link createSynthesizeStep}. */
export interface SynthesizeDeps {
  jobs: JobsTable;
  store: ObjectStore;
  synthesizer: SpeechSynthesizer;
  /** Polly's shared limit; absent for an engine with none (espeak-ng). */
  speechTurns?: SpeechTurns;
}

/** Turns one paced invocation takes, a throttled call's new ones included, before it gives up. */
const PACED_ATTEMPTS = 3;

/**
 * The synthesize step (one Map item): takes Polly's turn for the job's quality (when paced),
 * speaks one chunk in its own voice (a render's chunk carries it) or its host's voice of the
 * job's quality and language (en-US when the input names none), stores the MP3 (at its address
 * when it has one, `objectKeys.chunkAt`) and counts the chunk as done (idempotently; a
 * re-render of a ready job counts nothing, its status stays `ready`). A turn more than a few
 * seconds away is not slept here: the step answers {@link ProviderTurnWait} and the state
 * machine's Wait state brings it back, holding its place in line. A call Polly throttles anyway
 * takes a new place at the end of the line (sleeping only what is left of the function's wait
 * limit); after {@link PACED_ATTEMPTS} throttles the `SpeechThrottledError` goes to the state
 * machine's Retry.
 */
export function createSynthesizeStep(deps: SynthesizeDeps) {
  return async function synthesize(
    input: SynthesizeInput,
  ): Promise<SynthesizedChunk | ProviderTurnWait> {
    const { userId, jobId, quality, chunk } = input;
    const voice = chunkVoice(deps.synthesizer, input);
    const speak = () => deps.synthesizer.synthesize({ text: chunk.text, voice, quality });
    const turns = deps.speechTurns?.[quality];
    const spoken = turns ? await speakInTurn(turns, input.turn?.startAt, speak) : await speak();
    if (!(spoken instanceof Uint8Array)) return spoken;
    const key =
      chunk.address === undefined
        ? objectKeys.chunk(userId, jobId, chunk.index)
        : objectKeys.chunkAt(jobId, chunk.address);
    await deps.store.put(key, spoken, 'audio/mpeg');
    await deps.jobs.markChunkDone(userId, jobId, chunk.index);
    return { index: chunk.index, key };
  };
}

/** Speaks in a turn at Polly's key, or answers when to come back. */
async function speakInTurn(
  turns: ProviderTurns,
  heldStartAt: string | undefined,
  speak: () => Promise<Uint8Array>,
): Promise<Uint8Array | ProviderTurnWait> {
  const sleepUntil = turns.now().getTime() + TURN_POLICY.lambdaWaitLimitMs;
  let held = heldStartAt;
  for (let attempt = 1; ; attempt++) {
    const turn = await turns.reserved(held, Math.max(0, sleepUntil - turns.now().getTime()));
    held = undefined;
    if (turn.kind === 'wait') {
      return turn.startAt === undefined
        ? { waitUntil: turn.waitUntil }
        : { waitUntil: turn.waitUntil, startAt: turn.startAt };
    }
    try {
      return await speak();
    } catch (error) {
      if (!(error instanceof SpeechThrottledError) || attempt >= PACED_ATTEMPTS) throw error;
    }
  }
}

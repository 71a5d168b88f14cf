import type { VoiceQuality } from '@lumcast/quota';
import { ChunkSynthesisError, InvalidAudioOptionsError } from './errors';
import type { SpeechSynthesizer } from './speech-synthesizer';

/**
 * Options of {@link synthesizeAll}.
 *
 * @example
 * ```ts
 * const options: SynthesizeAllOptions = { quality: 'neural', concurrency: 4, requestsPerSecond: 8 };
 * ```
 */
export interface SynthesizeAllOptions {
  quality: VoiceQuality;
  /** Most requests in flight at once (positive integer). */
  concurrency: number;
  /** Most request starts per second (Polly: 8 for neural and generative, 80 for standard). */
  requestsPerSecond: number;
  /** Clock; default `() => new Date()`. */
  now?: () => Date;
  /** Waits `ms` milliseconds; default a `setTimeout` promise. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Synthesizes every chunk with bounded concurrency and a start-rate cap (request starts are spaced at
 * least `1000 / requestsPerSecond` ms apart on the `now` clock, even when timers fire late), returning the audio in chunk order. When a chunk fails, no
 * new request starts, the requests in flight are awaited, and the call rejects with a
 * {@link ChunkSynthesisError} naming the first failed chunk (its `cause` is the synthesizer's error).
 *
 * @throws InvalidAudioOptionsError before any request for a bad option or a chunk without text or voice.
 * @example
 * ```ts
 * const audio = await synthesizeAll(
 *   [{ text: 'Hi!', voice: 'Matthew' }, { text: 'Hello.', voice: 'Joanna' }],
 *   new PollySynthesizer({ client: new PollyClient({}) }),
 *   { quality: 'neural', concurrency: 4, requestsPerSecond: 8 },
 * );
 * ```
 */
export async function synthesizeAll(
  chunks: readonly { text: string; voice: string }[],
  synthesizer: SpeechSynthesizer,
  options: SynthesizeAllOptions,
): Promise<Uint8Array[]> {
  const {
    quality,
    concurrency,
    requestsPerSecond,
    now = () => new Date(),
    sleep = realSleep,
  } = options ?? {};
  if (!Array.isArray(chunks)) throw new InvalidAudioOptionsError('chunks must be an array');
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new InvalidAudioOptionsError(
      `concurrency must be a positive integer, got ${concurrency}`,
    );
  }
  if (
    typeof requestsPerSecond !== 'number' ||
    !Number.isFinite(requestsPerSecond) ||
    requestsPerSecond <= 0
  ) {
    throw new InvalidAudioOptionsError(
      `requestsPerSecond must be a positive number, got ${requestsPerSecond}`,
    );
  }
  if (quality !== 'standard' && quality !== 'neural' && quality !== 'generative') {
    throw new InvalidAudioOptionsError(`unknown quality ${String(quality)}`);
  }
  if (!synthesizer || typeof synthesizer.synthesize !== 'function') {
    throw new InvalidAudioOptionsError('synthesizer must implement synthesize()');
  }
  chunks.forEach((chunk, index) => {
    if (typeof chunk?.text !== 'string' || chunk.text.trim() === '') {
      throw new InvalidAudioOptionsError(`chunk ${index} has no text`);
    }
    if (typeof chunk.voice !== 'string' || chunk.voice.trim() === '') {
      throw new InvalidAudioOptionsError(`chunk ${index} has no voice`);
    }
  });

  const intervalMs = 1000 / requestsPerSecond;
  const results: Uint8Array[] = new Array(chunks.length);
  let nextIndex = 0;
  let failure: ChunkSynthesisError | undefined;
  // Starts pass one at a time through `gate`; each waits until `intervalMs` after the previous actual start
  // (re-checked after every sleep, so late timers never let two requests start together).
  let gate: Promise<void> = Promise.resolve();
  let lastStartMs = Number.NEGATIVE_INFINITY;
  const waitForStartSlot = async (): Promise<void> => {
    const previous = gate;
    let release = () => undefined as void;
    gate = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      for (
        let waitMs = lastStartMs + intervalMs - now().getTime();
        waitMs > 0;
        waitMs = lastStartMs + intervalMs - now().getTime()
      ) {
        await sleep(waitMs);
      }
      lastStartMs = now().getTime();
    } finally {
      release();
    }
  };

  const worker = async (): Promise<void> => {
    while (failure === undefined && nextIndex < chunks.length) {
      const index = nextIndex++;
      const chunk = chunks[index] as { text: string; voice: string };
      try {
        await waitForStartSlot();
        if (failure !== undefined) return;
        results[index] = await synthesizer.synthesize({
          text: chunk.text,
          voice: chunk.voice,
          quality,
        });
      } catch (error) {
        failure ??= new ChunkSynthesisError(
          `chunk ${index} failed to synthesize: ${(error as Error)?.message ?? error}`,
          {
            cause: error,
            chunkIndex: index,
          },
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  if (failure) throw failure;
  return results;
}

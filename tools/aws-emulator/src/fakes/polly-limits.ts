/**
 * The limits the fake Polly holds.
 *
 * Limits and behaviour, with their sources (stored copies of AWS's pages, read 2026-12-03):
 * - Rate: 8 SynthesizeSpeech requests per second for neural and generative, 80 for standard, with burst
 *   limits of 10 for neural and 100 for standard (Polly's service limits; none is listed for generative, so its
 *   burst is its rate). Each engine has a {@link TokenBucket} on the `now` clock holding the burst and
 *   refilled at the rate. A request that finds no token answers HTTP 400 `ThrottlingException`, as Polly
 *   does, and takes none.
 * - Text: at most 6,000 characters in total and 3,000 billed characters (SSML tags are not billed), else
 *   HTTP 400 `TextLengthExceededException` (SynthesizeSpeech API reference).
 * - Sample rates for MP3: the API reference lists 8000, 16000, 22050 and 24000 Hz (defaults 22050 for
 *   standard, 24000 for neural and generative). This fake takes 8000–22050 for standard and 8000–24000 for
 *   neural and generative, as the project's limits say; anything else is HTTP 400
 *   `InvalidSampleRateException`. (Standard at 24000 Hz is refused here: stricter than the API reference.)
 * - Voices: {@link FAKE_POLLY_VOICES}, written here from the documentation on its own (not imported from
 *   a product's voice catalog, so a test can hold that catalog against it). A voice ID outside
 *   Polly's `VoiceId` enum is HTTP 400 `ValidationException` (the request does not pass the API's input
 *   validation); a real voice the engine does not have is HTTP 400 `EngineNotSupportedException`, the
 *   error the API reference documents for "This engine is not compatible with the voice that you have
 *   designated". Neural and generative voices the documentation read did not confirm are refused the same
 *   way: on those the fake is stricter than AWS.
 * - Audio: real CBR MPEG-2 / MPEG-2.5 Layer III mono frames of silence at the requested rate, lasting the
 *   text at ~15 characters per second, with `Content-Type: audio/mpeg` and `x-amzn-RequestCharacters`.
 * - Only `OutputFormat: mp3` is implemented (others are `ValidationException` naming the fake's limit), and
 *   only SynthesizeSpeech (other routes are HTTP 404 `UnknownOperationException`).
 *
 * @packageDocumentation
 */
import { KNOWN_VOICE_IDS, type FakePollyEngine } from './polly-voices';

/**
 * AWS's published SynthesizeSpeech rate, requests per second per engine.
 *
 * @example
 * ```ts
 * POLLY_REQUESTS_PER_SECOND.neural; // 8
 * ```
 */
export const POLLY_REQUESTS_PER_SECOND: Readonly<Record<FakePollyEngine, number>> = Object.freeze({
  standard: 80,
  neural: 8,
  generative: 8,
});

/**
 * AWS's published SynthesizeSpeech burst limits per engine: the most requests a full bucket admits at
 * once (generative lists none, so its burst is its rate).
 *
 * @example
 * ```ts
 * POLLY_BURST.neural; // 10
 * ```
 */
export const POLLY_BURST: Readonly<Record<FakePollyEngine, number>> = Object.freeze({
  standard: 100,
  neural: 10,
  generative: 8,
});

/** The MP3 sample rates the fake takes per engine. */
export const SAMPLE_RATES: Readonly<Record<FakePollyEngine, readonly number[]>> = {
  standard: [8000, 16000, 22050],
  neural: [8000, 16000, 22050, 24000],
  generative: [8000, 16000, 22050, 24000],
};
/** The sample rate of a request that names none. */
export const DEFAULT_SAMPLE_RATE: Readonly<Record<FakePollyEngine, number>> = {
  standard: 22050,
  neural: 24000,
  generative: 24000,
};
/** SynthesizeSpeech's text limits: all characters, and billed ones. */
export const MAX_TOTAL_CHARACTERS = 6000;
export const MAX_BILLED_CHARACTERS = 3000;

/**
 * What Polly's input validation would refuse, in its words, or undefined.
 *
 * @example
 * ```ts
 * validationProblem({ Engine: 'neural', Text: 'Hi', OutputFormat: 'mp3', VoiceId: 'Joanna' }, 'neural'); // undefined
 * ```
 */
export function validationProblem(
  input: Record<string, unknown>,
  engine: FakePollyEngine | undefined,
): string | undefined {
  const problems: string[] = [];
  if (!engine) {
    problems.push(
      `Value '${String(input.Engine)}' at 'engine' failed to satisfy constraint: this fake serves standard, neural and generative`,
    );
  }
  if (typeof input.Text !== 'string' || input.Text.length === 0) {
    problems.push("Value at 'text' failed to satisfy constraint: Member must not be null");
  }
  if (input.OutputFormat !== 'mp3') {
    problems.push(
      `Value '${String(input.OutputFormat)}' at 'outputFormat' failed to satisfy constraint: this fake answers mp3 only`,
    );
  }
  if (input.TextType !== undefined && input.TextType !== 'text' && input.TextType !== 'ssml') {
    problems.push(
      `Value '${String(input.TextType)}' at 'textType' failed to satisfy constraint: Member must satisfy enum value set: [ssml, text]`,
    );
  }
  if (typeof input.VoiceId !== 'string' || !KNOWN_VOICE_IDS.has(input.VoiceId)) {
    problems.push(
      `Value '${String(input.VoiceId)}' at 'voiceId' failed to satisfy constraint: Member must satisfy enum value set`,
    );
  }
  if (problems.length === 0) return undefined;
  return `${problems.length} validation error${problems.length > 1 ? 's' : ''} detected: ${problems.join('; ')}`;
}

/**
 * Characters Polly bills for SSML: the text without its tags (entities count as one character).
 *
 * @example
 * ```ts
 * billedSsmlCharacters('<speak>Hi &amp; bye</speak>'); // 8
 * ```
 */
export function billedSsmlCharacters(ssml: string): number {
  return ssml.replace(/<[^>]*>/g, '').replace(/&[a-zA-Z]+;|&#\d+;/g, '_').length;
}

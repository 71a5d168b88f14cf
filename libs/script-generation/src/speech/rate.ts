import type { VoiceQuality } from '@lumcast/quota';

/**
 * Which speech engine will speak the script. `polly` in AWS; `espeak-ng` is the local
 * synthesizer of the embedded stack.
 */
export type SpeechEngine = 'polly' | 'espeak-ng';

/**
 * Calibrated speaking rates in words per minute, by engine and voice quality.
 *
 * - `polly`: AWS publishes no words-per-minute figure; Polly's English voices at the
 *   default `<prosody rate="medium">` are commonly measured at 150–165 wpm. Standard
 *   (concatenative) voices are the brisker end (160), neural voices slightly slower (155),
 *   and generative voices add more natural pauses and emphasis (150).
 * - `espeak-ng`: measured here with `bench/calibrate-speech-rate.ts` — the npm package at
 *   its default rate with the `en-us` voice spoke 724 words of two-host dialogue in 221.4 s,
 *   196 wpm. The local stack uses the same voice for every quality.
 */
export const SPEECH_RATES: Readonly<Record<SpeechEngine, Readonly<Record<VoiceQuality, number>>>> =
  Object.freeze({
    polly: Object.freeze({ standard: 160, neural: 155, generative: 150 }),
    'espeak-ng': Object.freeze({ standard: 196, neural: 196, generative: 196 }),
  });

/**
 * How far a generated script may be from its target word count (±15 %) before the
 * writer asks the model for one revision.
 */
export const LENGTH_TOLERANCE = 0.15;

/** The speaking rate, in words per minute, used to size a script for a voice quality. */
export function wordsPerMinute(
  quality: VoiceQuality,
  options: { engine?: SpeechEngine } = {},
): number {
  return SPEECH_RATES[options.engine ?? 'polly'][quality];
}

/**
 * The share of the requested minutes a script aims to fill. The quota charges
 * every started minute of the audio, so a script aimed at the full length and
 * accepted at up to +15 % would usually spill into one more charged minute than
 * the user asked (and was quoted) for. Aimed at 90 %, the accepted window is
 * 76.5–103.5 % of the requested minutes: the estimate and the charge agree in
 * the common case, and a long-winded model costs at most one extra minute.
 */
export const SPEECH_FILL = 0.9;

/**
 * Target spoken word count of an episode:
 * `minutes × wordsPerMinute(quality) × SPEECH_FILL`, rounded.
 *
 * @example
 * ```ts
 * targetWords(10, 'generative'); // 1350
 * ```
 */
export function targetWords(
  minutes: number,
  quality: VoiceQuality,
  options: { engine?: SpeechEngine } = {},
): number {
  return Math.round(minutes * wordsPerMinute(quality, options) * SPEECH_FILL);
}

/**
 * The accepted word-count window around a target (±{@link LENGTH_TOLERANCE}).
 *
 * @example
 * ```ts
 * acceptedWordRange(1000); // { min: 850, max: 1150 }
 * ```
 */
export function acceptedWordRange(target: number): { min: number; max: number } {
  // The epsilon absorbs binary rounding (1500 × 1.15 = 1724.9999…).
  return {
    min: Math.ceil(target * (1 - LENGTH_TOLERANCE) - 1e-9),
    max: Math.floor(target * (1 + LENGTH_TOLERANCE) + 1e-9),
  };
}

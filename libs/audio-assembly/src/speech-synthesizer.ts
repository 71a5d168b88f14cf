import type { VoiceQuality } from '@lumcast/quota';

/**
 * One request to a speech engine.
 *
 * @example
 * ```ts
 * const request: SpeechRequest = { text: 'Hello!', voice: 'Joanna', quality: 'neural' };
 * ```
 */
export interface SpeechRequest {
  /** Plain text to speak (not SSML). */
  text: string;
  /** Engine-specific voice id, as returned by `voiceForHost`. */
  voice: string;
  quality: VoiceQuality;
}

/**
 * A speech engine that turns text into MP3 bytes. Every call for one job (one quality) returns MP3 of the
 * same sample rate and channel mode, so the chunks can be assembled with `assembleMp3`.
 *
 * @example
 * ```ts
 * const voice = synthesizer.voiceForHost(0, 'neural');
 * const mp3 = await synthesizer.synthesize({ text: 'Hello and welcome.', voice, quality: 'neural' });
 * ```
 */
export interface SpeechSynthesizer {
  synthesize(request: SpeechRequest): Promise<Uint8Array>;
  /** The voice used for host 0 or host 1 at a quality; the two hosts get clearly different voices. */
  voiceForHost(hostIndex: 0 | 1, quality: VoiceQuality): string;
}

import type { VoiceQuality } from '@lumcast/quota';

/** Position of a host in an episode's host list (one to three hosts). */
export type HostIndex = 0 | 1 | 2;

/** One request to a speech engine. */
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
  /**
   * The voice of host 0, 1 or 2 at a quality, speaking `language` (a code of
   * `SPEECH_LANGUAGES`; default the engine's own, en-US unless configured); every host gets a
   * clearly different voice. Throws `InvalidAudioOptionsError` for a host or language the engine
   * has no voice for at that quality.
   */
  voiceForHost(hostIndex: HostIndex, quality: VoiceQuality, language?: string): string;
}

import { LocalSynthesizer, SPEECH_LANGUAGES, type HostIndex } from '@lumcast/audio-assembly';
import type { VoiceQuality } from '@lumcast/quota';
import { DEFAULT_SCRIPT_LANGUAGE, type SpeechEngine } from '@lumcast/script-generation';
import { ConfigurationError } from '../errors';

/** What decides a chunk's voice: its host, and a voice of its own when one was chosen for it. */
export interface VoicedChunk {
  hostIndex: HostIndex;
  /** A voice chosen for this chunk (a series host's); absent: the host's default voice. */
  voice?: string;
}

/** The speech settings of one job: its engine, voice quality and language. */
export interface SpeechSettings {
  engine: SpeechEngine;
  quality: VoiceQuality;
  /** Absent means en-US. */
  language?: string;
}

let localVoices: LocalSynthesizer | undefined;

/**
 * The voice a chunk is spoken in: its own `voice` when it has one, else its host's default
 * voice for the engine, quality and language, exactly as the pipeline's synthesizer picks it
 * (`SpeechSynthesizer.voiceForHost`: Polly's host voices of `SPEECH_LANGUAGES`, the local
 * engine's `local-host-…` ids). The one place a chunk's voice is resolved, so the address of
 * a chunk ({@link chunkAddress}) names the voice actually used.
 *
 * @example
 * ```ts
 * chunkVoice({ hostIndex: 0 }, { engine: 'polly', quality: 'neural' }); // 'Gregory'
 * ```
 */
export function chunkVoice(chunk: VoicedChunk, settings: SpeechSettings): string {
  if (chunk.voice !== undefined) return chunk.voice;
  const language = settings.language ?? DEFAULT_SCRIPT_LANGUAGE;
  if (settings.engine !== 'polly') {
    localVoices ??= new LocalSynthesizer();
    return localVoices.voiceForHost(chunk.hostIndex, settings.quality, language);
  }
  const voice = SPEECH_LANGUAGES.find((entry) => entry.language === language)?.voices[
    settings.quality
  ]?.[chunk.hostIndex];
  if (voice === undefined) {
    throw new ConfigurationError(
      `Polly has no voice for host ${chunk.hostIndex} at quality ${settings.quality} in ${language}`,
    );
  }
  return voice;
}

import {
  LocalSynthesizer,
  SPEECH_LANGUAGES,
  type HostIndex,
  type SpeechSynthesizer,
} from '@lumcast/audio-assembly';
import type { VoiceQuality } from '@lumcast/quota';
import { DEFAULT_SCRIPT_LANGUAGE, type SpeechEngine } from '@lumcast/script-generation';
import { ConfigurationError } from '../errors';

let localVoices: LocalSynthesizer | undefined;

/**
 * An engine's host voices without its client: `voiceForHost` exactly as the pipeline's
 * synthesizer answers it (Polly's host voices of `SPEECH_LANGUAGES`, which `PollySynthesizer`
 * uses with no voices configured; the local engine's `local-host-…` ids), for the API and the
 * script steps, which address chunks (`chunkAddress`) by the voice the synthesize step will use
 * but hold no speech client.
 *
 * @example
 * ```ts
 * engineVoices('polly').voiceForHost(0, 'neural', 'en-US'); // 'Gregory'
 * ```
 */
export function engineVoices(engine: SpeechEngine): Pick<SpeechSynthesizer, 'voiceForHost'> {
  if (engine !== 'polly') {
    localVoices ??= new LocalSynthesizer();
    return localVoices;
  }
  return {
    voiceForHost(hostIndex: HostIndex, quality: VoiceQuality, language?: string): string {
      const code = language ?? DEFAULT_SCRIPT_LANGUAGE;
      const voice = SPEECH_LANGUAGES.find((entry) => entry.language === code)?.voices[quality]?.[
        hostIndex
      ];
      if (voice === undefined) {
        throw new ConfigurationError(
          `Polly has no voice for host ${hostIndex} at quality ${quality} in ${code}`,
        );
      }
      return voice;
    },
  };
}

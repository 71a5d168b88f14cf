import type { SpeechSynthesizer } from '@lumcast/audio-assembly';
import { DEFAULT_SCRIPT_LANGUAGE } from '@lumcast/script-generation';
import { StepInputError } from '../errors';
import { episodeLanguage } from '../options/episode-options';
import type { SynthesizeInput } from './step-inputs';

/**
 * The engine's voice id one chunk is spoken in. Without `chunk.voice`, the engine's voice for
 * the chunk's host (`voiceForHost(hostIndex, quality, language)`), as always. With it (the voice
 * the host chose in its series' profile, one of `GET /api/options`' voices for the quality and
 * language), the engine's voice at that voice's place in the options' list: Polly's list is
 * the options' list, so Polly speaks the chosen voice itself; the local engine (espeak-ng), which
 * has no Polly voices, speaks its own voice for that place (`local-host-b` for the second
 * voice). A chosen voice the language's list lacks is a `StepInputError` (the API checks it when
 * the episode is made, so only a hand-made input gets there).
 *
 * @example
 * ```ts
 * chunkVoice(polly, { quality: 'neural', chunk: { index: 0, text: 'Hi.', hostIndex: 0, voice: 'Danielle' }, … }); // 'Danielle'
 * chunkVoice(local, { quality: 'neural', chunk: { index: 0, text: 'Hi.', hostIndex: 0, voice: 'Danielle' }, … }); // 'local-host-b'
 * ```
 */
export function chunkVoice(
  synthesizer: Pick<SpeechSynthesizer, 'voiceForHost'>,
  { quality, language, chunk }: Pick<SynthesizeInput, 'quality' | 'language' | 'chunk'>,
): string {
  if (chunk.voice === undefined)
    return synthesizer.voiceForHost(chunk.hostIndex, quality, language);
  const code = language ?? DEFAULT_SCRIPT_LANGUAGE;
  const voices = episodeLanguage(code)?.qualities.find(
    (entry) => entry.quality === quality,
  )?.voices;
  const place = voices?.indexOf(chunk.voice) ?? -1;
  if (place < 0 || place > 2) {
    throw new StepInputError(
      `chunk ${chunk.index} asks for the voice ${chunk.voice}, which is not one of the ${quality} voices of ${code}`,
    );
  }
  return synthesizer.voiceForHost(place as 0 | 1 | 2, quality, language);
}

import { SynthesizeSpeechCommand, type VoiceId } from '@aws-sdk/client-polly';
import type { VoiceQuality } from '@lumcast/quota';
import { AudioFormatError, InvalidAudioOptionsError, SpeechEngineError } from '../errors';
import { scanMp3Frames } from '../mp3/frames';
import { POLLY_QUALITY_ENGINES } from './host-voices';
import { pollyVoiceAvailability } from './voices';
import type { SpeechRequest } from '../speech-synthesizer';

/** MP3 sample rate requested per quality: each engine's default rate. */
export const POLLY_SAMPLE_RATES: Readonly<Record<VoiceQuality, number>> = Object.freeze({
  standard: 22050,
  neural: 24000,
  generative: 24000,
});

/** Polly's limit on characters per SynthesizeSpeech request (billed characters, plain text). */
export const POLLY_MAX_TEXT_LENGTH = 3000;

/**
 * The SynthesizeSpeech request for one chunk, after checking it: a known quality, a
 * non-empty voice its engine is not known to lack, non-empty plain text of at most
 * {@link POLLY_MAX_TEXT_LENGTH} characters ({@link InvalidAudioOptionsError} otherwise, before
 * any request). MP3 at the engine's default rate ({@link POLLY_SAMPLE_RATES}), which is
 * returned too.
 */
export function speechCommand(request: SpeechRequest): {
  command: SynthesizeSpeechCommand;
  sampleRate: number;
} {
  const { text, voice, quality } = request ?? ({} as SpeechRequest);
  if (!(quality in POLLY_QUALITY_ENGINES))
    throw new InvalidAudioOptionsError(`unknown quality ${String(quality)}`);
  if (typeof voice !== 'string' || voice.trim() === '')
    throw new InvalidAudioOptionsError('voice is empty');
  const engine = POLLY_QUALITY_ENGINES[quality];
  if (pollyVoiceAvailability(engine, voice) === 'unavailable') {
    throw new InvalidAudioOptionsError(`Polly's ${engine} engine has no voice ${voice}`);
  }
  if (typeof text !== 'string' || text.trim() === '')
    throw new InvalidAudioOptionsError('text is empty');
  if (text.length > POLLY_MAX_TEXT_LENGTH) {
    throw new InvalidAudioOptionsError(
      `text has ${text.length} characters; Polly takes at most ${POLLY_MAX_TEXT_LENGTH}`,
    );
  }
  const sampleRate = POLLY_SAMPLE_RATES[quality];
  const command = new SynthesizeSpeechCommand({
    Engine: engine,
    OutputFormat: 'mp3',
    SampleRate: String(sampleRate),
    Text: text,
    TextType: 'text',
    VoiceId: voice as VoiceId,
  });
  return { command, sampleRate };
}

/**
 * Checks Polly's answer: non-empty MP3 at the requested sample rate, else
 * {@link SpeechEngineError} (an `AudioFormatError` as its `cause`). Returns the audio.
 */
export function checkedMp3(audio: Uint8Array | undefined, sampleRate: number): Uint8Array {
  if (!audio || audio.length === 0) throw new SpeechEngineError('Polly returned no audio');
  try {
    const scan = scanMp3Frames(audio);
    if (scan.first.sampleRate !== sampleRate) {
      throw new SpeechEngineError(
        `Polly returned ${scan.first.sampleRate} Hz audio, ${sampleRate} Hz was requested`,
      );
    }
  } catch (error) {
    if (error instanceof AudioFormatError) {
      throw new SpeechEngineError('Polly returned audio that is not MP3', { cause: error });
    }
    throw error;
  }
  return audio;
}

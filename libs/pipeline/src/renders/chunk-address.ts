import { createHash } from 'node:crypto';
import type { VoiceQuality } from '@lumcast/quota';
import { DEFAULT_SCRIPT_LANGUAGE, type SpeechEngine } from '@lumcast/script-generation';
import { chunkVoice } from '../steps/chunk-voice';
import type { SpeechChunkItem } from '../steps/step-inputs';
import { engineVoices } from './engine-voices';

/** The speech settings of one job: its engine, voice quality and language. */
export interface SpeechSettings {
  engine: SpeechEngine;
  quality: VoiceQuality;
  /** Absent means en-US. */
  language?: string;
}

/**
 * The audio format every chunk is stored in. Part of each address, so a change of format (or
 * of its settings) gives every chunk a new address rather than mixing formats in one episode.
 */
export const CHUNK_AUDIO_FORMAT = 'mp3';

/** The version of the address scheme; a new scheme never reuses a chunk of the old one. */
const ADDRESS_SCHEME = 'chunk-v1';

/**
 * The address of a speech chunk: a stable hash (SHA-256, 32 hex characters) of everything that
 * determines its sound — its text, the engine's voice id it is spoken in, the engine, the voice
 * quality (Polly's engine), the language and the audio format. Two chunks with the same address
 * sound the same, so a chunk whose address a job already has is reused, not spoken again; any
 * change of these gives a new address.
 *
 * @example
 * ```ts
 * chunkAddress('Hello!', 'Gregory', { engine: 'polly', quality: 'neural', language: 'en-US' }); // '3f1c…' (32 hex)
 * ```
 */
export function chunkAddress(text: string, voice: string, settings: SpeechSettings): string {
  const identity = [
    ADDRESS_SCHEME,
    settings.engine,
    settings.quality,
    settings.language ?? DEFAULT_SCRIPT_LANGUAGE,
    voice,
    CHUNK_AUDIO_FORMAT,
    text,
  ];
  return createHash('sha256').update(JSON.stringify(identity)).digest('hex').slice(0, 32);
}

/**
 * The address of a chunk as the synthesize step will speak it: in the voice `chunkVoice` picks
 * (the host's chosen voice, else its default) from the engine's voices (`engineVoices`), the one
 * helper the synthesize step resolves its voice with too.
 *
 * @example
 * ```ts
 * addressOf({ index: 0, text: 'Hi.', hostIndex: 0 }, { engine: 'polly', quality: 'neural' });
 * ```
 */
export function addressOf(chunk: SpeechChunkItem, settings: SpeechSettings): string {
  const voice = chunkVoice(engineVoices(settings.engine), {
    quality: settings.quality,
    language: settings.language,
    chunk,
  });
  return chunkAddress(chunk.text, voice, settings);
}

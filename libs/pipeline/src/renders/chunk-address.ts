import { createHash } from 'node:crypto';
import { DEFAULT_SCRIPT_LANGUAGE } from '@lumcast/script-generation';
import type { SpeechSettings } from './chunk-voice';

/**
 * The audio format every chunk is stored in. Part of each address, so a change of format (or
 * of its settings) gives every chunk a new address rather than mixing formats in one episode.
 */
export const CHUNK_AUDIO_FORMAT = 'mp3';

/** The version of the address scheme; a new scheme never reuses a chunk of the old one. */
const ADDRESS_SCHEME = 'chunk-v1';

/**
 * The address of a speech chunk: a stable hash (SHA-256, 32 hex characters) of everything that
 * determines its sound — its text, the voice actually used (`chunkVoice`), the engine, the
 * voice quality (Polly's engine), the language and the audio format. Two chunks with the same
 * address sound the same, so a chunk whose address a job already has is reused, not spoken
 * again; any change of these gives a new address.
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

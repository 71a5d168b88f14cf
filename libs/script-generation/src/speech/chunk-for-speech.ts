import { ScriptInputError } from '../errors';
import { findSpeechCut, isWhitespace } from './text-boundaries';

/** Default and Polly's limit: Polly bills at most 3,000 characters per request. */
export const DEFAULT_SPEECH_CHUNK_CHARS = 3_000;

/**
 * Splits text into chunks a speech engine can take in one request.
 *
 * Guarantees: every chunk is at most `maxChars` UTF-16 code units (default 3,000, Polly's
 * billed limit) and non-empty, with no leading or trailing whitespace; all non-whitespace
 * text is kept, in order; blank input gives `[]`. A chunk ends at a sentence end when the
 * window has one, else at clause punctuation (`, ; : — –`), else at whitespace, else hard —
 * never between the two halves of a surrogate pair. Whitespace inside a chunk is kept as is.
 * Runs in linear time on ordinary prose (one backward scan per chunk).
 *
 * @throws {ScriptInputError} when `maxChars` is not an integer ≥ 2 (field `maxChars`).
 */
export function chunkForSpeech(text: string, options: { maxChars?: number } = {}): string[] {
  const maxChars = options.maxChars ?? DEFAULT_SPEECH_CHUNK_CHARS;
  if (!Number.isInteger(maxChars) || maxChars < 2) {
    throw new ScriptInputError(
      'maxChars',
      `maxChars must be a whole number of at least 2 (got ${String(maxChars)})`,
    );
  }
  if (typeof text !== 'string') {
    throw new ScriptInputError('text', 'text to chunk must be a string');
  }
  const chunks: string[] = [];
  const length = text.length;
  let start = 0;
  for (;;) {
    while (start < length && isWhitespace(text.charCodeAt(start))) start += 1;
    if (start >= length) return chunks;
    if (length - start <= maxChars) {
      chunks.push(text.slice(start).trimEnd());
      return chunks;
    }
    const cut = findSpeechCut(text, start, maxChars);
    chunks.push(text.slice(start, cut).trimEnd());
    start = cut;
  }
}

import { ScriptInputError } from './errors';
import {
  isAttachedClauseBreak,
  isClausePunctuation,
  isCjkSentenceTerminator,
  isHighSurrogate,
  isLowSurrogate,
  isSentenceCut,
  isWhitespace,
} from './text-boundaries';

/**
 * Default and Polly's limit: Polly bills at most 3,000 characters per request.
 *
 * @example
 * ```ts
 * chunkForSpeech(text, { maxChars: DEFAULT_SPEECH_CHUNK_CHARS });
 * ```
 */
export const DEFAULT_SPEECH_CHUNK_CHARS = 3_000;

/**
 * Finds where to end the chunk that starts at `start` (a non-whitespace index) when the
 * rest of the text is longer than `maxChars`. One backward scan over the window: the
 * last sentence end wins; failing that the last clause break, then the last whitespace,
 * then a hard cut that never separates a surrogate pair.
 */
function findCut(text: string, start: number, maxChars: number): number {
  const limit = start + maxChars;
  let clauseCut = -1;
  let spaceCut = -1;
  for (let cut = limit; cut > start; cut -= 1) {
    const next = text.charCodeAt(cut);
    const previous = text.charCodeAt(cut - 1);
    if (isWhitespace(next)) {
      if (isWhitespace(previous)) continue;
      if (spaceCut < 0) spaceCut = cut;
      if (isSentenceCut(text, cut)) return cut;
      if (clauseCut < 0 && (isClausePunctuation(previous) || isAttachedClauseBreak(previous))) {
        clauseCut = cut;
      }
    } else if (isCjkSentenceTerminator(previous)) {
      return cut;
    } else if (clauseCut < 0 && isAttachedClauseBreak(previous)) {
      clauseCut = cut;
    }
  }
  if (clauseCut > start) return clauseCut;
  if (spaceCut > start) return spaceCut;
  const hard = limit;
  if (isHighSurrogate(text.charCodeAt(hard - 1)) && isLowSurrogate(text.charCodeAt(hard))) {
    return hard - 1;
  }
  return hard;
}

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
 * @example
 * ```ts
 * chunkForSpeech('One. Two, three four.', { maxChars: 12 }); // ['One.', 'Two,', 'three four.']
 * chunkForSpeech('   '); // []
 * ```
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
    const cut = findCut(text, start, maxChars);
    chunks.push(text.slice(start, cut).trimEnd());
    start = cut;
  }
}

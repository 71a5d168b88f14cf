/**
 * Character-level boundary rules shared by speech chunking and the offline writer's
 * sentence splitter: whitespace (exactly JavaScript's `\s`), sentence ends, clause
 * breaks and surrogate pairs. Internal to the library.
 */

/** Whether a UTF-16 code unit is whitespace as JavaScript's `\s` defines it. */
export function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** `.` `!` `?` `…` */
function isSentenceTerminator(code: number): boolean {
  return code === 0x2e || code === 0x21 || code === 0x3f || code === 0x2026;
}

/** CJK full stops end a sentence even with no space after them: `。` `！` `？` */
export function isCjkSentenceTerminator(code: number): boolean {
  return code === 0x3002 || code === 0xff01 || code === 0xff1f;
}

/** Closing quotes and brackets that may follow a sentence terminator: `" ' ) ] » ” ’ 」`. */
function isCloser(code: number): boolean {
  return (
    code === 0x22 ||
    code === 0x27 ||
    code === 0x29 ||
    code === 0x5d ||
    code === 0xbb ||
    code === 0x201d ||
    code === 0x2019 ||
    code === 0x300d
  );
}

/** `,` `;` `:` before whitespace end a clause. */
export function isClausePunctuation(code: number): boolean {
  return code === 0x2c || code === 0x3b || code === 0x3a;
}

/** Dashes and CJK commas end a clause even with no space after them: `—` `–` `、` `，` `；` `：` */
export function isAttachedClauseBreak(code: number): boolean {
  return (
    code === 0x2014 ||
    code === 0x2013 ||
    code === 0x3001 ||
    code === 0xff0c ||
    code === 0xff1b ||
    code === 0xff1a
  );
}

const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'sr',
  'jr',
  'vs',
  'e.g',
  'i.e',
  'fig',
  'approx',
  'ca',
]);

/**
 * Whether a period at `dot` ends a sentence: not when the word before it is a common
 * abbreviation (`Dr.`, `e.g.`), nor when the next word starts in lower case.
 */
function periodEndsSentence(text: string, dot: number, after: number): boolean {
  let start = dot;
  while (start > 0 && !isWhitespace(text.charCodeAt(start - 1)) && dot - start < 8) start -= 1;
  if (ABBREVIATIONS.has(text.slice(start, dot).toLowerCase())) return false;
  let next = after;
  while (next < text.length && isWhitespace(text.charCodeAt(next))) next += 1;
  if (next >= text.length) return true;
  const nextChar = text.charAt(next);
  return nextChar === nextChar.toUpperCase();
}

/**
 * Whether cutting before index `cut` ends a sentence: the text before `cut` ends with a
 * terminator (optionally followed by closers) and whitespace follows, or with a CJK full stop.
 */
export function isSentenceCut(text: string, cut: number): boolean {
  const before = text.charCodeAt(cut - 1);
  if (isCjkSentenceTerminator(before)) return true;
  if (cut < text.length && !isWhitespace(text.charCodeAt(cut))) return false;
  let index = cut - 1;
  while (index > 0 && isCloser(text.charCodeAt(index))) index -= 1;
  const code = text.charCodeAt(index);
  if (!isSentenceTerminator(code)) return false;
  return code !== 0x2e || periodEndsSentence(text, index, cut);
}

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Finds where to end the chunk that starts at `start` (a non-whitespace index) when the
 * rest of the text is longer than `maxChars`. One backward scan over the window: the
 * last sentence end wins; failing that the last clause break, then the last whitespace,
 * then a hard cut that never separates a surrogate pair.
 *
 * It lives next to the character rules on purpose: calls across modules go through
 * CommonJS export getters under Jest and tsx, which made this hot loop 6–10× slower.
 */
export function findSpeechCut(text: string, start: number, maxChars: number): number {
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
 * Splits text into sentences with the same sentence-end rule as `chunkForSpeech`
 * (terminators before whitespace, closers allowed, common abbreviations and lower-case
 * continuations not counted; CJK full stops). Each sentence has its whitespace collapsed
 * to single spaces; blank text gives `[]`.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  const length = text.length;
  let start = 0;
  const push = (end: number) => {
    const sentence = text.slice(start, end).trim().replace(/\s+/g, ' ');
    if (sentence !== '') sentences.push(sentence);
  };
  for (let index = 1; index < length; index += 1) {
    const code = text.charCodeAt(index);
    const boundary = isWhitespace(code)
      ? !isWhitespace(text.charCodeAt(index - 1)) && isSentenceCut(text, index)
      : isCjkSentenceTerminator(text.charCodeAt(index - 1));
    if (boundary) {
      push(index);
      start = index;
    }
  }
  push(length);
  return sentences;
}

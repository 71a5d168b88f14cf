import { spokenWordEnds } from '../speech/spoken-words';

/** Code units of look-ahead past the cut, so the grapheme boundaries found before it are final. */
const LOOKAHEAD = 64;

let graphemes: Intl.Segmenter | undefined;

/** The last grapheme boundary at or before `limit` (never inside a surrogate pair). */
function graphemeCut(text: string, limit: number): number {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let cut = 0;
  for (const { index } of graphemes.segment(text.slice(0, limit + LOOKAHEAD))) {
    if (index > limit) break;
    cut = index;
  }
  if (cut > 0) return cut;
  // A single grapheme longer than the limit (a long run of combining marks): cut between
  // code points instead.
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

/**
 * Bounds a text to `maxChars` characters (UTF-16 code units, JavaScript `length`, as the
 * script schema counts them): a longer text is cut at the last grapheme boundary that
 * leaves room for a closing `…` — at the last space instead when that keeps more than half
 * of the room — so no emoji, accented letter or surrogate pair is split, and text without
 * any space (a run of CJK characters) is cut too. Whitespace before the `…` is dropped. A
 * text within the bound is returned unchanged. Pure.
 *
 * @example
 * ```ts
 * boundText('Rivers and towns', 12); // 'Rivers and…'
 * boundText('潮'.repeat(300), 200).length; // 200 (199 × '潮' + '…')
 * ```
 */
export function boundText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  if (maxChars < 1) return '';
  const room = maxChars - 1;
  const space = text.lastIndexOf(' ', room);
  const cut = space > room / 2 ? space : room > 0 ? graphemeCut(text, room) : 0;
  return `${text.slice(0, cut).trimEnd()}…`;
}

/**
 * Bounds a text to `maxWords` spoken words (as `countWords` counts them): a longer text is
 * cut right after its last allowed word and ends with `…`, so an over-long sentence (or a
 * run of CJK characters or letters with no break) fits a word budget. A text within the
 * bound is returned unchanged. Pure.
 */
export function boundWords(text: string, maxWords: number): string {
  const ends = spokenWordEnds(text);
  if (ends.length <= maxWords) return text;
  if (maxWords < 1) return '';
  return `${text.slice(0, ends[maxWords - 1]).trimEnd()}…`;
}

// How many words a text speaks, and where each one ends: the one word count every length
// check of the lib (and of FinishScript, through countWords) uses.

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
/** Scripts written without spaces between words: Han, Hiragana, Katakana. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/**
 * Longest run of letters counted as one word. A longer run with no break ("a" × 100,000)
 * takes about as long to speak as one word per this many characters, so it counts so.
 * Longer than common long words ("internationalization", 20; "Donaudampfschiff", 16).
 */
const MAX_WORD_CHARS = 30;

/**
 * Longest piece of an unspaced run handed to `Intl.Segmenter` at once: its dictionary
 * segmentation slows down sharply on long runs (100,000 Han characters take seconds), so a
 * longer run is segmented piece by piece (a word may be split at a piece's edge).
 */
const SEGMENT_PIECE_CHARS = 1_000;

let words: Intl.Segmenter | undefined;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The end offsets (UTF-16 code units) of the spoken words of a text, in order. A word is
 * a run of letters or digits with inner apostrophes or hyphens (punctuation and emoji are
 * not words); a run in a script written without spaces (Chinese, Japanese) is split into
 * words by `Intl.Segmenter` (word granularity), and any other run longer than
 * {@link MAX_WORD_CHARS} counts one word per that many characters. Pure.
 */
export function spokenWordEnds(text: string): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(WORD)) {
    const run = match[0];
    const start = match.index;
    if (UNSPACED_SCRIPT.test(run)) {
      words ??= new Intl.Segmenter(undefined, { granularity: 'word' });
      for (let at = 0; at < run.length;) {
        let next = Math.min(run.length, at + SEGMENT_PIECE_CHARS);
        if (next < run.length && isHighSurrogate(run.charCodeAt(next - 1))) next -= 1;
        for (const segment of words.segment(run.slice(at, next))) {
          if (segment.isWordLike) ends.push(start + at + segment.index + segment.segment.length);
        }
        at = next;
      }
    } else if (run.length > MAX_WORD_CHARS) {
      let at = 0;
      while (at < run.length) {
        let next = Math.min(run.length, at + MAX_WORD_CHARS);
        if (next < run.length && isHighSurrogate(run.charCodeAt(next - 1))) next -= 1;
        ends.push(start + next);
        at = next;
      }
    } else {
      ends.push(start + run.length);
    }
  }
  return ends;
}

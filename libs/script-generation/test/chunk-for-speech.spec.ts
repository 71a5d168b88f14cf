import { chunkForSpeech } from '../src/speech/chunk-for-speech';
import { ScriptInputError } from '../src/errors';
import { generateText } from '../bench/sample-text';

const nonWhitespace = (text: string) => text.replace(/\s/g, '');
const SENTENCE_END = /[.!?…。！？]["')\]»”’」]*$/;

/**
 * Lists every violation of chunkForSpeech's documented invariants on one input (plain
 * loops, one assertion per input: a Jest matcher per chunk would dominate the run time).
 */
function invariantViolations(text: string, chunks: string[], maxChars: number): string[] {
  const problems: string[] = [];
  chunks.forEach((chunk, index) => {
    if (chunk.length === 0) problems.push(`chunk ${index} is empty`);
    if (chunk.length > maxChars)
      problems.push(`chunk ${index} has ${chunk.length} > ${maxChars} chars`);
    if (chunk !== chunk.trim()) problems.push(`chunk ${index} has surrounding whitespace`);
    const first = chunk.charCodeAt(0);
    const last = chunk.charCodeAt(chunk.length - 1);
    if (first >= 0xdc00 && first <= 0xdfff)
      problems.push(`chunk ${index} starts with a low surrogate`);
    if (last >= 0xd800 && last <= 0xdbff)
      problems.push(`chunk ${index} ends with a high surrogate`);
  });
  if (nonWhitespace(chunks.join('')) !== nonWhitespace(text)) {
    problems.push('the non-whitespace text changed');
  }
  return problems;
}

function expectInvariants(text: string, chunks: string[], maxChars: number): void {
  expect(invariantViolations(text, chunks, maxChars)).toEqual([]);
}

describe('chunkForSpeech', () => {
  describe('examples', () => {
    it('returns one chunk when the text fits', () => {
      expect(chunkForSpeech('  Hello there. How are you?  ')).toEqual([
        'Hello there. How are you?',
      ]);
    });

    it('returns no chunks for blank input', () => {
      expect(chunkForSpeech('')).toEqual([]);
      expect(chunkForSpeech(' \n\t\u00a0\u3000 ')).toEqual([]);
    });

    it('splits at the last sentence end that fits', () => {
      expect(chunkForSpeech('One two. Three four. Five six seven.', { maxChars: 22 })).toEqual([
        'One two. Three four.',
        'Five six seven.',
      ]);
    });

    it('treats closing quotes and brackets after a terminator as part of the sentence', () => {
      expect(
        chunkForSpeech('He said "stop." Then he left (quietly.) Done.', { maxChars: 20 }),
      ).toEqual(['He said "stop."', 'Then he left', '(quietly.) Done.']);
    });

    it('does not end a sentence at a common abbreviation or before a lower-case word', () => {
      expect(chunkForSpeech('Ask Dr. Smith, e.g. today. Fine.', { maxChars: 30 })).toEqual([
        'Ask Dr. Smith, e.g. today.',
        'Fine.',
      ]);
    });

    it('falls back to clause punctuation when no sentence end fits', () => {
      expect(chunkForSpeech('alpha beta, gamma delta epsilon', { maxChars: 20 })).toEqual([
        'alpha beta,',
        'gamma delta epsilon',
      ]);
    });

    it('falls back to whitespace when there is no punctuation', () => {
      expect(chunkForSpeech('alpha beta gamma delta', { maxChars: 12 })).toEqual([
        'alpha beta',
        'gamma delta',
      ]);
    });

    it('cuts hard inside a word with no other choice', () => {
      expect(chunkForSpeech('abcdefghij', { maxChars: 4 })).toEqual(['abcd', 'efgh', 'ij']);
    });

    it('never cuts between the two halves of a surrogate pair', () => {
      const chunks = chunkForSpeech('😀😀😀😀😀', { maxChars: 3 });
      expect(chunks).toEqual(['😀', '😀', '😀', '😀', '😀']);
    });

    it('splits after CJK full stops, which take no space', () => {
      expect(chunkForSpeech('日本語の文章。次の文章です。', { maxChars: 10 })).toEqual([
        '日本語の文章。',
        '次の文章です。',
      ]);
    });

    it('uses 3,000 characters by default', () => {
      const text = 'word '.repeat(2_000);
      const chunks = chunkForSpeech(text);
      expect(chunks.every((chunk) => chunk.length <= 3_000)).toBe(true);
      expect(chunks[0]?.length).toBeGreaterThan(2_990);
    });
  });

  describe('bad options', () => {
    it.each([0, 1, 2.5, Number.NaN, -10])('rejects maxChars %p with a typed error', (maxChars) => {
      expect(() => chunkForSpeech('text', { maxChars })).toThrow(ScriptInputError);
      expect(() => chunkForSpeech('text', { maxChars })).toThrow(
        /maxChars must be a whole number of at least 2/,
      );
    });
  });

  describe('invariants on generated text', () => {
    it.each([
      [1, 2],
      [2, 7],
      [3, 40],
      [4, 300],
      [5, 3_000],
    ])('holds for seed %p at maxChars %p', (seed, maxChars) => {
      const text = generateText(60_000, seed);
      expectInvariants(text, chunkForSpeech(text, { maxChars }), maxChars);
    });

    it('ends every chunk but the last at a sentence end when sentences fit', () => {
      const text = generateText(200_000, 42);
      const chunks = chunkForSpeech(text, { maxChars: 3_000 });
      expect(chunks.length).toBeGreaterThan(60);
      expect(chunks.slice(0, -1).filter((chunk) => !SENTENCE_END.test(chunk))).toEqual([]);
      // and fills chunks well: sentences are at most a few hundred characters
      const average =
        chunks.slice(0, -1).reduce((sum, chunk) => sum + chunk.length, 0) / (chunks.length - 1);
      expect(average).toBeGreaterThan(2_700);
    });

    it('handles megabytes of text, including long runs without spaces', () => {
      const text = `${generateText(2_000_000, 7)} ${'x'.repeat(10_000)} ${'😀'.repeat(5_000)}`;
      const chunks = chunkForSpeech(text);
      expectInvariants(text, chunks, 3_000);
    });

    it('holds on random mixtures of whitespace, punctuation and astral characters', () => {
      const alphabet = [
        'a',
        'b',
        ' ',
        '\n',
        '.',
        ',',
        '!',
        '😀',
        '𝔘',
        '—',
        '。',
        '"',
        ')',
        '\u00a0',
        'é',
      ];
      let state = 99;
      const random = () => {
        state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
        return state / 2 ** 31;
      };
      const problems: string[] = [];
      for (let round = 0; round < 300; round += 1) {
        const length = Math.floor(random() * 400);
        let text = '';
        for (let index = 0; index < length; index += 1) {
          text += alphabet[Math.floor(random() * alphabet.length)];
        }
        const maxChars = 2 + Math.floor(random() * 30);
        problems.push(...invariantViolations(text, chunkForSpeech(text, { maxChars }), maxChars));
      }
      expect(problems).toEqual([]);
    });
  });
});

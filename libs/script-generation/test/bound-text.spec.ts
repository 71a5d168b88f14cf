import { boundText } from '../src/script/bound-text';

/** Whether a string holds a lone (unpaired) surrogate. */
function hasLoneSurrogate(text: string): boolean {
  return /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

describe('boundText', () => {
  it('returns a text within the bound unchanged', () => {
    expect(boundText('Rivers', 6)).toBe('Rivers');
  });

  it('cuts at the last space that keeps more than half the room, and ends with an ellipsis', () => {
    expect(boundText('Rivers and towns', 12)).toBe('Rivers and…');
  });

  it('cuts a run of CJK characters with no space at the bound', () => {
    const bounded = boundText('潮'.repeat(100_000), 200);
    expect(bounded).toBe(`${'潮'.repeat(199)}…`);
  });

  it('cuts a long Latin run without spaces or punctuation at the bound', () => {
    expect(boundText('a'.repeat(100_000), 500)).toHaveLength(500);
  });

  it('never splits a surrogate pair or an emoji sequence', () => {
    for (let max = 2; max < 40; max += 1) {
      const bounded = boundText('😀'.repeat(50), max);
      expect(bounded.length).toBeLessThanOrEqual(max);
      expect(hasLoneSurrogate(bounded)).toBe(false);
    }
    const family = '👨‍👩‍👧';
    for (let max = family.length + 1; max < 60; max += 1) {
      const bounded = boundText(family.repeat(20), max);
      expect(bounded.length).toBeLessThanOrEqual(max);
      expect(bounded.replace('…', '').length % family.length).toBe(0);
    }
  });

  it('keeps a letter and its combining accent together', () => {
    const bounded = boundText('e\u0301'.repeat(100), 10);
    expect(bounded).toBe(`${'e\u0301'.repeat(4)}…`);
  });

  it('cuts a single grapheme longer than the bound between code points', () => {
    const bounded = boundText(`a${'\u0301'.repeat(500)}`, 100);
    expect(bounded).toHaveLength(100);
  });

  it('drops whitespace before the ellipsis', () => {
    expect(boundText(`${'潮'.repeat(10)}      ${'汐'.repeat(10)}`, 14)).toBe(`${'潮'.repeat(10)}…`);
  });
});

import {
  normalizeText,
  textFault,
  textFaultMessage,
  type TextKind,
  type TextProblem,
} from '../src/text/text-rule';

const KINDS: TextKind[] = ['line', 'lines', 'id'];

/** [class, text, the problem for a line, for lines, for an id] (undefined: accepted). */
const TABLE: [string, string, TextProblem?, TextProblem?, TextProblem?][] = [
  ['plain text', 'Tides and moons', undefined, undefined, undefined],
  ['accents and CJK', 'Rivière 河流', undefined, undefined, undefined],
  ['an emoji', 'Tides 🌊', undefined, undefined, undefined],
  ['a line break', 'a\nb', 'control_characters', undefined, 'control_characters'],
  [
    'a carriage return and line feed',
    'a\r\nb',
    'control_characters',
    undefined,
    'control_characters',
  ],
  ['a tab', 'a\tb', 'control_characters', undefined, 'control_characters'],
  ['NUL', 'a\u0000b', 'control_characters', 'control_characters', 'control_characters'],
  ['vertical tab', 'a\u000bb', 'control_characters', 'control_characters', 'control_characters'],
  ['DEL', 'a\u007fb', 'control_characters', 'control_characters', 'control_characters'],
  ['a C1 control', 'a\u0090b', 'control_characters', 'control_characters', 'control_characters'],
  ['a line separator', 'a\u2028b', 'control_characters', undefined, 'control_characters'],
  ['a lone high surrogate', 'a\ud800b', 'lone_surrogates', 'lone_surrogates', 'lone_surrogates'],
  ['a lone low surrogate', 'a\udfffb', 'lone_surrogates', 'lone_surrogates', 'lone_surrogates'],
  ['U+FDEF', 'a\ufdefb', 'noncharacters', 'noncharacters', 'noncharacters'],
  ['U+FFFE', 'a\ufffeb', 'noncharacters', 'noncharacters', 'noncharacters'],
  ['U+2FFFF', 'a\u{2ffff}b', 'noncharacters', 'noncharacters', 'noncharacters'],
  ['U+202D', 'a\u202db', 'bidi_controls', 'bidi_controls', 'bidi_controls'],
  ['U+2067', 'a\u2067b', 'bidi_controls', 'bidi_controls', 'bidi_controls'],
  ['U+200F', 'a\u200fb', undefined, undefined, 'bidi_controls'],
  ['U+061C', 'a\u061cb', undefined, undefined, 'bidi_controls'],
  ['a zero-width space', 'a\u200bb', undefined, undefined, 'invisible_characters'],
  ['a tag character', 'a\u{e0041}b', undefined, undefined, 'invisible_characters'],
  [
    'only zero-width spaces',
    '\u200b\u200b',
    'only_invisible',
    'only_invisible',
    'invisible_characters',
  ],
  ['only a braille blank', '\u2800', 'only_invisible', 'only_invisible', 'only_invisible'],
  [
    'only an ideographic space and a mark',
    '\u3000\u0301',
    'only_invisible',
    'only_invisible',
    'only_invisible',
  ],
  ['only white space', ' \u00a0 ', undefined, undefined, undefined],
];

describe('textFault', () => {
  describe.each(KINDS.map((kind, index) => [kind, index + 2] as const))(
    'as a %s',
    (kind, column) => {
      it.each(TABLE)('judges %s', (...row) => {
        const expected = row[column] as TextProblem | undefined;
        expect(textFault(row[1], kind)?.problem).toBe(expected);
      });
    },
  );

  it('names the first code point at fault', () => {
    expect(textFault('ok\u202eno\u0000', 'line')).toEqual({
      problem: 'control_characters',
      codePoint: 0,
    });
    expect(textFault('ok\u{10ffff}', 'lines')).toEqual({
      problem: 'noncharacters',
      codePoint: 0x10ffff,
    });
  });
});

describe('normalizeText', () => {
  it('puts text in NFC, so both spellings of é are one text', () => {
    expect(normalizeText('Rivie\u0300re')).toBe('Rivi\u00e8re');
    expect(normalizeText('Rivi\u00e8re')).toBe('Rivi\u00e8re');
  });
});

describe('textFaultMessage', () => {
  it.each([
    [
      'topic',
      { problem: 'bidi_controls', codePoint: 0x202e },
      'line',
      'topic must not hold bidirectional controls (embeddings, overrides and isolates): U+202E.',
    ],
    [
      'sourceText',
      { problem: 'control_characters', codePoint: 0 },
      'lines',
      'sourceText must not hold control characters other than line breaks and tabs: U+0000.',
    ],
    [
      'seriesId',
      { problem: 'only_invisible' },
      'id',
      'seriesId must hold visible text, not only spaces or invisible characters.',
    ],
  ] as const)('words a refusal of %s', (label, fault, kind, message) => {
    expect(textFaultMessage(label, fault, kind)).toBe(message);
  });
});

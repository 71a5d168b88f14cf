/**
 * What a text field is, for {@link textFault}:
 *
 * - `line`: one line of text shown to people (a topic): no control characters at all;
 * - `lines`: text of many lines (a source text): line breaks (LF, CR) and tabs are kept;
 * - `id`: a name that tells things apart (a series id, a host name): one line, and no
 *   invisible character at all, so two ids that look the same are the same id.
 */
export type TextKind = 'line' | 'lines' | 'id';

/**
 * Why text is refused:
 *
 * - `control_characters`: C0 (U+0000–U+001F), DEL or C1 (U+0080–U+009F), except line breaks
 *   and tabs in `lines`; in one-line kinds also the line and paragraph separators U+2028/U+2029;
 * - `lone_surrogates`: half of a UTF-16 pair, which is no character at all;
 * - `noncharacters`: U+FDD0–U+FDEF and every U+xFFFE/U+xFFFF, reserved never to be text;
 * - `bidi_controls`: the embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069,
 *   which reorder what is shown (and, in an `id`, the marks U+200E, U+200F and U+061C);
 * - `invisible_characters`: in an `id`, any default-ignorable code point (zero-width spaces and
 *   joiners, word joiner, soft hyphen, variation selectors, fillers, tags…);
 * - `only_invisible`: nothing in the text is visible (only spaces, marks or default-ignorables).
 */
export type TextProblem =
  | 'control_characters'
  | 'lone_surrogates'
  | 'noncharacters'
  | 'bidi_controls'
  | 'invisible_characters'
  | 'only_invisible';

/** A refused text: why, and the first code point at fault (none for `only_invisible`). */
export interface TextFault {
  readonly problem: TextProblem;
  readonly codePoint?: number;
}

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/u;
// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u;
const SEPARATORS = /[\u2028\u2029]/u;
const LONE_SURROGATE = /\p{Surrogate}/u;
const NONCHARACTER = /\p{Noncharacter_Code_Point}/u;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
const BIDI_MARK = /[\u200e\u200f\u061c]/u;
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
/** A character that shows something: not space, a mark alone, a format or ignorable code point. */
const VISIBLE =
  /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Surrogate}\u2800]/u;

/**
 * Text as it is stored and compared: in Unicode Normalization Form C, so `é` typed as one code
 * point or as `e` + U+0301 is the same text.
 *
 * @example
 * ```ts
 * normalizeText('Rivie\u0300re') === 'Rivi\u00e8re'; // true
 * ```
 */
export function normalizeText(text: string): string {
  return text.normalize('NFC');
}

/**
 * The one rule for user text, shared by the HTTP API and the dashboard's form: why `text` (in
 * NFC, see {@link normalizeText}) may not be a field of `kind`, or `undefined` when it may.
 * Length and emptiness are the field's own rules (blank text, only white space, is `undefined`
 * here); this one is about which characters it holds.
 *
 * @example
 * ```ts
 * textFault('Tides', 'line'); // undefined
 * textFault('rivers\u200b', 'id'); // { problem: 'invisible_characters', codePoint: 0x200b }
 * textFault('a\u202eb', 'lines'); // { problem: 'bidi_controls', codePoint: 0x202e }
 * textFault('\u200b\u200b', 'line'); // { problem: 'only_invisible' }
 * ```
 */
export function textFault(text: string, kind: TextKind): TextFault | undefined {
  if (text.trim() === '') return undefined;
  const checks: [RegExp, TextProblem][] = [
    [LONE_SURROGATE, 'lone_surrogates'],
    [kind === 'lines' ? CONTROLS_BUT_LINE_BREAKS : CONTROLS, 'control_characters'],
    ...(kind === 'lines' ? [] : [[SEPARATORS, 'control_characters'] as [RegExp, TextProblem]]),
    [NONCHARACTER, 'noncharacters'],
    [BIDI_CONTROL, 'bidi_controls'],
    ...(kind === 'id'
      ? [
          [BIDI_MARK, 'bidi_controls'] as [RegExp, TextProblem],
          [DEFAULT_IGNORABLE, 'invisible_characters'] as [RegExp, TextProblem],
        ]
      : []),
  ];
  for (const [pattern, problem] of checks) {
    const found = pattern.exec(text);
    if (found) return { problem, codePoint: found[0].codePointAt(0) };
  }
  if (!VISIBLE.test(text)) return { problem: 'only_invisible' };
  return undefined;
}

const WHAT: Record<TextProblem, string> = {
  control_characters: 'control characters',
  lone_surrogates: 'a broken character (half of a UTF-16 surrogate pair)',
  noncharacters: 'Unicode noncharacters (U+FDD0–U+FDEF, U+FFFE, U+FFFF and the like)',
  bidi_controls: 'bidirectional controls (embeddings, overrides and isolates)',
  invisible_characters: 'invisible characters (zero-width spaces, joiners, marks and the like)',
  only_invisible: '',
};

/**
 * The sentence that refuses a field for a {@link TextFault}, naming the field (`label`) and the
 * code point at fault.
 *
 * @example
 * ```ts
 * textFaultMessage('seriesId', { problem: 'invisible_characters', codePoint: 0x200b }, 'id');
 * // 'seriesId must not hold invisible characters (zero-width spaces, joiners, marks and the like): U+200B.'
 * ```
 */
export function textFaultMessage(label: string, fault: TextFault, kind: TextKind): string {
  if (fault.problem === 'only_invisible') {
    return `${label} must hold visible text, not only spaces or invisible characters.`;
  }
  const except =
    fault.problem === 'control_characters' && kind === 'lines'
      ? ' other than line breaks and tabs'
      : '';
  const where =
    fault.codePoint === undefined
      ? ''
      : `: U+${fault.codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  return `${label} must not hold ${WHAT[fault.problem]}${except}${where}.`;
}

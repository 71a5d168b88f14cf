import { normalizeText, textFault, textFaultMessage, type TextKind } from '@lumcast/pipeline';

/** The form's fields that hold free text. */
export type TextField = 'topic' | 'sourceText' | 'hosts';

/** The form's free-text fields, their words in a message, and what the text rule takes them for. */
const TEXT_FIELDS: readonly [TextField, string, TextKind][] = [
  ['topic', 'The topic', 'line'],
  ['sourceText', 'The source text', 'lines'],
  ['hosts', 'A host name', 'id'],
];

/**
 * The messages for the topic, source text and host names that the API's text rule
 * (`textFault` from @lumcast/pipeline) refuses, read from the body the form would send (the
 * series name has its own rule, `seriesIdProblem`, which holds the same text rule).
 *
 * @example
 * ```ts
 * textFieldErrors({ topic: 'Tides\u202e', hosts: [{ name: 'Noor' }] });
 * // { topic: 'The topic must not hold bidirectional controls (…): U+202E.' }
 * ```
 */
export function textFieldErrors(body: Record<string, unknown>): Partial<Record<TextField, string>> {
  const errors: Partial<Record<TextField, string>> = {};
  for (const [field, label, kind] of TEXT_FIELDS) {
    for (const text of textsOf(body[field])) {
      const fault = textFault(normalizeText(text), kind);
      if (fault) {
        errors[field] = textFaultMessage(label, fault, kind);
        break;
      }
    }
  }
  return errors;
}

/** The texts of a field's value: itself when it is text, the names of a hosts list. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.flatMap((host: unknown) =>
    typeof host === 'object' && host !== null && 'name' in host && typeof host.name === 'string'
      ? [host.name]
      : [],
  );
}

// Characters XML 1.0 cannot carry at all (C0 controls other than tab, newline and carriage
// return, lone surrogates, U+FFFE and U+FFFF): dropped, since no escape can represent them.
const NOT_XML_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/**
 * Text made safe for an XML element or a quoted attribute: the five markup characters
 * escaped, and the characters XML 1.0 cannot hold removed. User text (a topic, a title)
 * therefore can never close an element or open a new one.
 */
export function xmlText(text: string): string {
  return text.replace(NOT_XML_CHARACTERS, '').replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

// Quoted data in a prompt (the topic, the source text, series memory, an outline) sits
// between tags such as `<source_text>` and `</source_text>`. Whatever the data holds, it
// must never open or close a prompt section, so its angle brackets are replaced before it
// is quoted: after neutralization no `<` or `>` is left in it (nor a full-width or small
// form of them), so no tag inside quoted data is ever a real one.

/** Every character a tag could be opened or closed with, and what it becomes in quoted data. */
const BRACKETS: Readonly<Record<string, string>> = {
  '<': '‹', // U+2039 single left-pointing angle quotation mark
  '＜': '‹', // U+FF1C full-width less-than sign
  '﹤': '‹', // U+FE64 small less-than sign
  '>': '›', // U+203A single right-pointing angle quotation mark
  '＞': '›', // U+FF1E full-width greater-than sign
  '﹥': '›', // U+FE65 small greater-than sign
};
const BRACKET = /[<>＜＞﹤﹥]/g;
/** Line breaks and other control or separator characters a one-line field may not keep. */
const LINE_BREAKS = /[\p{Cc}\p{Zl}\p{Zp}\s]+/gu;

/**
 * Makes text safe to quote inside a prompt section: every angle bracket (`<` `>`, and their
 * full-width and small forms) becomes `‹` or `›`, so the text can never open or close a
 * section (`</source_text>` becomes `‹/source_text›`). With `singleLine`, line breaks,
 * control characters and runs of whitespace also become one space and the result is
 * trimmed, so a one-line field (the topic) cannot start a paragraph of its own. Everything
 * else is kept as it is. Pure.
 */
export function neutralizePromptData(text: string, options: { singleLine?: boolean } = {}): string {
  const neutral = text.replace(BRACKET, (bracket) => BRACKETS[bracket] ?? ' ');
  return options.singleLine ? neutral.replace(LINE_BREAKS, ' ').trim() : neutral;
}

/**
 * Quotes data in a prompt: the neutralized text between `<tag>` and `</tag>`, each tag on a
 * line of its own (or all on one line with `singleLine`).
 */
export function quotePromptData(
  tag: string,
  text: string,
  options: { singleLine?: boolean } = {},
): string {
  const data = neutralizePromptData(text, options);
  return options.singleLine ? `<${tag}>${data}</${tag}>` : `<${tag}>\n${data}\n</${tag}>`;
}

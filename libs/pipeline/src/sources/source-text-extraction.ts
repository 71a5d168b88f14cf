import { SOURCE_TEXT_MAX_CHARS } from '@lumcast/script-generation';
import { convert, type HtmlToTextOptions } from 'html-to-text';
import { marked } from 'marked';
import { SourceLinkError } from '../errors';
import { pdfText } from './pdf-text';

const HTML_TO_TEXT: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'nav', format: 'skip' },
    { selector: 'footer', format: 'skip' },
    { selector: 'form', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
  ],
};

/**
 * The media types a source may have, and how each becomes text: HTML through `html-to-text`
 * (scripts, styles, images, navigation and footers dropped; links keep their words), Markdown
 * rendered by `marked` then the same, plain text as it is, a PDF's pages by PDF.js (`pdfText`).
 */
export const SOURCE_LINK_TYPES = [
  'text/html',
  'application/xhtml+xml',
  'text/markdown',
  'text/x-markdown',
  'text/plain',
  'application/pdf',
] as const;

/**
 * The text of a source document, from its bytes and its `Content-Type` (the charset it
 * names, UTF-8 otherwise): whitespace tidied, and cut at a word boundary to
 * `SOURCE_TEXT_MAX_CHARS`, the most a source may be. A type not in {@link SOURCE_LINK_TYPES} is
 * `unsupported_type`; a PDF that is not one is `mismatched_type`; a document with no words (a
 * scanned PDF without a text layer too) is `no_text`.
 *
 * @throws SourceLinkError with `problem` `unsupported_type`, `mismatched_type` or `no_text`.
 */
export async function extractSourceText(
  bytes: Uint8Array,
  contentType: string | undefined,
): Promise<string> {
  const [type = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim());
  const mediaType = type.toLowerCase();
  if (!(SOURCE_LINK_TYPES as readonly string[]).includes(mediaType)) {
    throw new SourceLinkError(
      'unsupported_type',
      `The document is ${mediaType === '' ? 'of no stated type' : mediaType}, not a web page, PDF or text.`,
    );
  }
  const text =
    mediaType === 'application/pdf' ? await pdfText(bytes) : textOf(bytes, mediaType, parameters);
  const tidy = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(tidy)) {
    throw new SourceLinkError('no_text', 'The document has no text to make an episode from.');
  }
  return boundToWord(tidy, SOURCE_TEXT_MAX_CHARS);
}

/** The words of an HTML, Markdown or plain-text document, decoded in the charset it names. */
function textOf(bytes: Uint8Array, mediaType: string, parameters: readonly string[]): string {
  const decoded = decode(bytes, charsetOf(parameters));
  if (mediaType === 'text/plain') return decoded;
  return convert(
    mediaType.includes('markdown') ? (marked.parse(decoded, { async: false }) as string) : decoded,
    HTML_TO_TEXT,
  );
}

function charsetOf(parameters: readonly string[]): string {
  const charset = parameters
    .map((parameter) => /^charset=("?)([^"]+)\1$/i.exec(parameter)?.[2])
    .find((value) => value !== undefined);
  return charset ?? 'utf-8';
}

function decode(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    // An unknown charset label: read it as UTF-8 (bad bytes become U+FFFD, never a crash).
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function boundToWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.search(/\s\S*$/);
  return (lastSpace > max * 0.9 ? cut.slice(0, lastSpace) : cut).trimEnd();
}

import { SOURCE_FILE_MAX_BYTES, type SourceFileType } from '@lumcast/pipeline';

/** File name endings the upload accepts, and the type each is sent as. */
const TYPE_BY_ENDING: Readonly<Record<string, SourceFileType>> = Object.freeze({
  pdf: 'application/pdf',
  html: 'text/html',
  htm: 'text/html',
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
});

/** Browser-reported types the upload accepts (browsers report Markdown variously, or not at all). */
const TYPE_BY_MIME: Readonly<Record<string, SourceFileType>> = Object.freeze({
  'application/pdf': 'application/pdf',
  'text/html': 'text/html',
  'text/markdown': 'text/markdown',
  'text/x-markdown': 'text/markdown',
  'text/plain': 'text/plain',
});

/**
 * What the Source file input's `accept` lists: the endings and types {@link sourceFileType}
 * knows.
 */
export const SOURCE_FILE_ACCEPT = [
  ...Object.keys(TYPE_BY_ENDING).map((ending) => `.${ending}`),
  ...Object.keys(TYPE_BY_MIME),
].join(',');

/**
 * The type a chosen file is uploaded as — by its name's ending first (what the user sees), then
 * by the browser's type — or `undefined` for a file that is none of PDF, HTML, Markdown or text.
 */
export function sourceFileType(file: { name: string; type: string }): SourceFileType | undefined {
  const ending = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (ending !== undefined && Object.hasOwn(TYPE_BY_ENDING, ending)) return TYPE_BY_ENDING[ending];
  const mime = file.type.split(';')[0]?.trim().toLowerCase() ?? '';
  return Object.hasOwn(TYPE_BY_MIME, mime) ? TYPE_BY_MIME[mime] : undefined;
}

/**
 * What is wrong with a chosen source file, as the form says it, or `undefined` when it can be
 * uploaded: of a type {@link sourceFileType} knows, not empty, at most `SOURCE_FILE_MAX_BYTES`
 * (10 MB). The server decides again: the upload form refuses a bigger file, and the pipeline a
 * file that is not what it says.
 *
 * @example
 * ```ts
 * sourceFileProblem({ name: 'big.pdf', type: 'application/pdf', size: 11_000_000 });
 * // 'The file is 10.5 MB; the limit is 10 MB.'
 * ```
 */
export function sourceFileProblem(file: {
  name: string;
  type: string;
  size: number;
}): string | undefined {
  if (sourceFileType(file) === undefined) {
    return 'Choose a PDF, HTML, Markdown (.md) or plain-text (.txt) file.';
  }
  if (file.size === 0) return 'The file is empty.';
  if (file.size > SOURCE_FILE_MAX_BYTES) {
    const megabytes = (file.size / (1024 * 1024)).toFixed(1);
    return `The file is ${megabytes} MB; the limit is ${SOURCE_FILE_MAX_BYTES / (1024 * 1024)} MB.`;
  }
  return undefined;
}

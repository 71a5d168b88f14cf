import { SourceLinkError } from '../errors';

/** Every PDF file starts with this header (ISO 32000-1, 7.5.2), at most a few bytes in. */
const PDF_HEADER = '%PDF-';

/**
 * The text of a PDF's pages, in page order (one page per line break), read by Mozilla's PDF.js
 * through `unpdf` (loaded on first use: it is most of a megabyte, and most sources are not PDFs).
 * Bytes that do not start with a PDF header, or that PDF.js cannot open (damaged, encrypted), are
 * not a PDF whatever their type said.
 *
 * @throws SourceLinkError with `problem` `mismatched_type`.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (!head.includes(PDF_HEADER)) {
    throw new SourceLinkError('mismatched_type', 'The document says it is a PDF but is not one.');
  }
  const { definePDFJSModule, extractText, getDocumentProxy } = await import('unpdf');
  // unpdf's own PDF.js build, named here so that bundlers and Jest see the import.
  await definePDFJSModule(() => import('unpdf/pdfjs'));
  try {
    // PDF.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    const document = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(document, { mergePages: true });
    return text;
  } catch (error) {
    throw new SourceLinkError('mismatched_type', 'The PDF could not be opened.', { cause: error });
  }
}

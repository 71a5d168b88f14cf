import { SOURCE_TEXT_MAX_CHARS } from '@lumcast/script-generation';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SourceLinkError } from '../src/errors';
import { extractSourceText } from '../src/sources/source-text-extraction';

const bytes = (text: string) => Buffer.from(text, 'utf8');

/** A PDF made by pdf-lib (an independent producer), one page per entry, each a line of text. */
async function pdfOf(pages: readonly string[]): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const line of pages) {
    const page = document.addPage();
    if (line !== '') page.drawText(line, { x: 50, y: 700, size: 12, font });
  }
  return document.save();
}

async function problemOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    if (error instanceof SourceLinkError) return error.problem;
    throw error;
  }
  return undefined;
}

describe('extractSourceText', () => {
  it('reads an HTML page’s words, without scripts, styles, images, navigation or link targets', async () => {
    const html = `<!doctype html><html><head><title>Tides</title><style>p { color: red }</style>
      <script>window.secret = 'do not read me'</script></head><body>
      <nav><a href="/">Home</a> <a href="/about">About</a></nav>
      <h1>How tides work</h1><p>The <a href="https://moon.example">Moon</a> pulls the sea.</p>
      <img src="x.png" alt="a picture"><footer>© Example</footer></body></html>`;
    const text = await extractSourceText(bytes(html), 'text/html; charset=utf-8');
    expect(text).toBe('How tides work\n\nThe Moon pulls the sea.');
  });

  it('renders Markdown with marked and reads the result', async () => {
    const text = await extractSourceText(
      bytes('# Tides\n\nThe **Moon** pulls [the sea](https://sea.example).\n\n- one\n- two'),
      'text/markdown',
    );
    expect(text).toContain('Tides');
    expect(text).toContain('The Moon pulls the sea.');
    expect(text).not.toContain('**');
    expect(text).not.toContain('https://sea.example');
  });

  it('keeps plain text as it is, tidying its whitespace', async () => {
    expect(
      await extractSourceText(bytes('  Tides\r\n\r\n\r\n\r\nrise   and fall.  '), 'text/plain'),
    ).toBe('Tides\n\nrise and fall.');
  });

  it('decodes the charset the Content-Type names', async () => {
    const latin1 = Buffer.from([0x4d, 0x61, 0x72, 0xe9, 0x65]); // "Marée" in ISO-8859-1
    expect(await extractSourceText(latin1, 'text/plain; charset=ISO-8859-1')).toBe('Marée');
    expect(await extractSourceText(bytes('Marée'), 'text/plain; charset="no-such-charset"')).toBe(
      'Marée',
    );
  });

  it('cuts a long text at a word boundary to SOURCE_TEXT_MAX_CHARS', async () => {
    const text = await extractSourceText(
      bytes('tide '.repeat(SOURCE_TEXT_MAX_CHARS)),
      'text/plain',
    );
    expect(text.length).toBeLessThanOrEqual(SOURCE_TEXT_MAX_CHARS);
    expect(text.endsWith('tide')).toBe(true);
  });

  it.each([
    ['image/png', 'unsupported_type'],
    ['application/json', 'unsupported_type'],
    [undefined, 'unsupported_type'],
  ])('refuses a document of type %s as %s', async (type, problem) => {
    expect(await problemOf(() => extractSourceText(bytes('Tides'), type))).toBe(problem);
  });

  it('refuses a page with no words as no_text', async () => {
    const html = '<html><body><script>1</script><img src="a.png"> &nbsp; — </body></html>';
    expect(await problemOf(() => extractSourceText(bytes(html), 'text/html'))).toBe('no_text');
  });

  describe('a PDF', () => {
    it('reads its pages in order, accents included, with PDF.js', async () => {
      const pdf = await pdfOf([
        'Los ríos excavan sus valles a lo largo de miles de años.',
        'Cerca del mar el río pierde fuerza.',
      ]);
      expect(await extractSourceText(pdf, 'application/pdf')).toBe(
        'Los ríos excavan sus valles a lo largo de miles de años.\nCerca del mar el río pierde fuerza.',
      );
    });

    it('refuses bytes that say they are a PDF but are not one as mismatched_type', async () => {
      expect(
        await problemOf(() => extractSourceText(bytes('Tides rise and fall.'), 'application/pdf')),
      ).toBe('mismatched_type');
    });

    it('refuses a damaged PDF, its header kept but its body cut, as mismatched_type', async () => {
      const pdf = await pdfOf(['Tides rise and fall.']);
      expect(await problemOf(() => extractSourceText(pdf.subarray(0, 40), 'application/pdf'))).toBe(
        'mismatched_type',
      );
    });

    it('refuses a PDF without a text layer (pages with no words) as no_text', async () => {
      expect(
        await problemOf(async () => extractSourceText(await pdfOf(['', '']), 'application/pdf')),
      ).toBe('no_text');
    });
  });
});

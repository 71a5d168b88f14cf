import { SOURCE_TEXT_MAX_CHARS } from '@lumcast/script-generation';
import { SourceLinkError } from '../src/errors';
import { extractSourceText } from '../src/sources/source-text-extraction';

const bytes = (text: string) => Buffer.from(text, 'utf8');

function problemOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof SourceLinkError) return error.problem;
    throw error;
  }
  return undefined;
}

describe('extractSourceText', () => {
  it('reads an HTML page’s words, without scripts, styles, images, navigation or link targets', () => {
    const html = `<!doctype html><html><head><title>Tides</title><style>p { color: red }</style>
      <script>window.secret = 'do not read me'</script></head><body>
      <nav><a href="/">Home</a> <a href="/about">About</a></nav>
      <h1>How tides work</h1><p>The <a href="https://moon.example">Moon</a> pulls the sea.</p>
      <img src="x.png" alt="a picture"><footer>© Example</footer></body></html>`;
    const text = extractSourceText(bytes(html), 'text/html; charset=utf-8');
    expect(text).toBe('How tides work\n\nThe Moon pulls the sea.');
  });

  it('renders Markdown with marked and reads the result', () => {
    const text = extractSourceText(
      bytes('# Tides\n\nThe **Moon** pulls [the sea](https://sea.example).\n\n- one\n- two'),
      'text/markdown',
    );
    expect(text).toContain('Tides');
    expect(text).toContain('The Moon pulls the sea.');
    expect(text).not.toContain('**');
    expect(text).not.toContain('https://sea.example');
  });

  it('keeps plain text as it is, tidying its whitespace', () => {
    expect(
      extractSourceText(bytes('  Tides\r\n\r\n\r\n\r\nrise   and fall.  '), 'text/plain'),
    ).toBe('Tides\n\nrise and fall.');
  });

  it('decodes the charset the Content-Type names', () => {
    const latin1 = Buffer.from([0x4d, 0x61, 0x72, 0xe9, 0x65]); // "Marée" in ISO-8859-1
    expect(extractSourceText(latin1, 'text/plain; charset=ISO-8859-1')).toBe('Marée');
    expect(extractSourceText(bytes('Marée'), 'text/plain; charset="no-such-charset"')).toBe(
      'Marée',
    );
  });

  it('cuts a long text at a word boundary to SOURCE_TEXT_MAX_CHARS', () => {
    const text = extractSourceText(bytes('tide '.repeat(SOURCE_TEXT_MAX_CHARS)), 'text/plain');
    expect(text.length).toBeLessThanOrEqual(SOURCE_TEXT_MAX_CHARS);
    expect(text.endsWith('tide')).toBe(true);
  });

  it.each([
    ['application/pdf', 'unsupported_type'],
    ['image/png', 'unsupported_type'],
    ['application/json', 'unsupported_type'],
    [undefined, 'unsupported_type'],
  ])('refuses a document of type %s as %s', (type, problem) => {
    expect(problemOf(() => extractSourceText(bytes('Tides'), type))).toBe(problem);
  });

  it('refuses a page with no words as no_text', () => {
    const html = '<html><body><script>1</script><img src="a.png"> &nbsp; — </body></html>';
    expect(problemOf(() => extractSourceText(bytes(html), 'text/html'))).toBe('no_text');
  });
});

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SourceFileError } from '../src/errors';
import { objectKeys } from '../src/ports/object-store';
import { readSourceFile } from '../src/sources/source-file-reader';
import { SOURCE_FILE_MAX_BYTES } from '../src/sources/source-files';
import { failureKindOf, userFailureMessage } from '../src/steps/failure-message';
import { MemoryObjectStore } from './support';

const ID = 'src-AAAAAAAAAAAAAAAAAAAAAA';

async function problemOf(run: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await run();
  } catch (error) {
    if (error instanceof SourceFileError) return error.problem;
    throw error;
  }
  return undefined;
}

async function storeWith(userId: string, sourceId: string, body: Uint8Array | string) {
  const store = new MemoryObjectStore();
  await store.put(objectKeys.source(userId, sourceId), body, 'application/octet-stream');
  return store;
}

describe('readSourceFile', () => {
  it('reads a Markdown upload as Markdown, from the caller’s own key', async () => {
    const store = await storeWith('alice', `${ID}.md`, '# Tides\n\nThe **Moon** pulls the sea.');
    expect(await readSourceFile(store, 'alice', `${ID}.md`)).toBe(
      'Tides\n\nThe Moon pulls the sea.',
    );
  });

  it('reads a PDF upload’s pages', async () => {
    const document = await PDFDocument.create();
    const font = await document.embedFont(StandardFonts.Helvetica);
    document.addPage().drawText('Lagoons are shallow.', { x: 50, y: 700, size: 12, font });
    const store = await storeWith('alice', `${ID}.pdf`, await document.save());
    expect(await readSourceFile(store, 'alice', `${ID}.pdf`)).toBe('Lagoons are shallow.');
  });

  it('finds nothing under another user’s id: the key is the caller’s own', async () => {
    const store = await storeWith('alice', `${ID}.txt`, 'Tides rise.');
    expect(await problemOf(() => readSourceFile(store, 'bob', `${ID}.txt`))).toBe('missing');
  });

  it.each([
    ['a .pdf id of plain text', `${ID}.pdf`, 'Tides rise and fall.'],
    [
      'a .txt id of binary bytes (a PNG)',
      `${ID}.txt`,
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]),
    ],
    ['a .md id of Latin-1 bytes', `${ID}.md`, new Uint8Array([0x4d, 0x61, 0x72, 0xe9, 0x65])],
  ])('refuses %s as mismatched_type', async (_what, sourceId, body) => {
    const store = await storeWith('alice', sourceId, body);
    expect(await problemOf(() => readSourceFile(store, 'alice', sourceId))).toBe('mismatched_type');
  });

  it('refuses a file over SOURCE_FILE_MAX_BYTES as too_big', async () => {
    const store = await storeWith(
      'alice',
      `${ID}.txt`,
      new Uint8Array(SOURCE_FILE_MAX_BYTES + 1).fill(0x61),
    );
    expect(await problemOf(() => readSourceFile(store, 'alice', `${ID}.txt`))).toBe('too_big');
  });

  it('refuses an HTML file with no words as no_text', async () => {
    const store = await storeWith(
      'alice',
      `${ID}.html`,
      '<html><body><img src="a.png"></body></html>',
    );
    expect(await problemOf(() => readSourceFile(store, 'alice', `${ID}.html`))).toBe('no_text');
  });

  it('fails the job with a message the user can act on, saying nothing was charged', () => {
    expect(failureKindOf({ Error: 'SourceFileError' })).toBe('source_file_unreadable');
    expect(
      userFailureMessage({ Error: 'States.TaskFailed', Cause: '{"errorType":"SourceFileError"}' }),
    ).toMatch(/^The uploaded source file could not be read as text; nothing was charged\./);
  });
});

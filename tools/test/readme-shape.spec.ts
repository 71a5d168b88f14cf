/**
 * The READMEs stay reference a reader can take in (issue 33): each tracked README is at most 200
 * lines, no table cell is over 300 characters, and every relative link points at a file or
 * folder the repository has. Longer explanations go to `docs/` (decisions, measurements).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');

const readmes = execFileSync('git', ['ls-files', 'README.md', '**/README.md'], {
  cwd: repoRoot,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean)
  // Every project's README and the root's; docs/ holds the long-form files they link to.
  .filter((file) => !file.startsWith('docs/'));

const MAX_LINES = 200;
const MAX_CELL_CHARS = 300;

/** The cells of each Markdown table row in `text`, with the line each is on. */
function tableCells(text: string): { line: number; cell: string }[] {
  return text.split('\n').flatMap((row, index) =>
    row.trimStart().startsWith('|')
      ? row
          .split('|')
          .map((cell) => ({ line: index + 1, cell: cell.trim() }))
          .filter(({ cell }) => cell !== '')
      : [],
  );
}

/** The relative link targets of `text` (no scheme, no pure anchor), without their anchors. */
function relativeLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] as string)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURIComponent(target.split('#')[0] as string));
}

describe('the READMEs', () => {
  it('are found: the root and every project has one', () => {
    expect(readmes).toEqual(
      expect.arrayContaining(['README.md', 'libs/quota/README.md', 'tools/README.md']),
    );
  });

  it('include one for every Nx project', () => {
    const projects = execFileSync('git', ['ls-files', 'project.json', '**/project.json'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)
      .map((file) => path.posix.join(path.posix.dirname(file), 'README.md'));
    expect(readmes).toEqual(expect.arrayContaining(projects));
  });

  it.each(readmes)('%s is at most 200 lines', (file) => {
    const lines = readFileSync(path.join(repoRoot, file), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(MAX_LINES);
  });

  it.each(readmes)('%s has no table cell over 300 characters', (file) => {
    const long = tableCells(readFileSync(path.join(repoRoot, file), 'utf8'))
      .filter(({ cell }) => cell.length > MAX_CELL_CHARS)
      .map(({ line, cell }) => `line ${line}: ${cell.length} characters`);
    expect(long).toEqual([]);
  });

  it.each(readmes)('%s links only to files and folders that exist', (file) => {
    const folder = path.dirname(path.join(repoRoot, file));
    const broken = relativeLinks(readFileSync(path.join(repoRoot, file), 'utf8')).filter(
      (target) => !existsSync(path.resolve(folder, target)),
    );
    expect(broken).toEqual([]);
  });
});

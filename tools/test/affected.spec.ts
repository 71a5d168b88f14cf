/**
 * Proves that `nx affected` narrows work to what a change touches: in a
 * throwaway clone of this repository, commit a change to one lib and ask Nx
 * which projects are affected relative to the previous commit.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function affectedAfterChanging(
  file: string,
  lib: string,
): { affected: string[]; expected: string[] } {
  const clone = mkdtempSync(path.join(tmpdir(), 'lumcast-affected-'));
  try {
    run('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone], repoRoot);
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
    mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    writeFileSync(path.join(clone, file), 'a file added by the affected-only test\n');
    run('git', ['add', file], clone);
    run(
      'git',
      ['-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '-qam', 'touch'],
      clone,
    );
    const output = run(
      path.join(repoRoot, 'node_modules/.bin/nx'),
      ['show', 'projects', '--affected', '--base=HEAD~1', '--head=HEAD', '--json'],
      clone,
    );
    return {
      affected: (JSON.parse(output) as string[]).sort(),
      expected: dependantsOf(lib, clone),
    };
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

/**
 * An independent answer to "who depends on this lib": scan every project's
 * sources for `@lumcast/<lib>` imports, add each `project.json`'s implicit
 * dependencies, and close over them transitively.
 */
function dependantsOf(lib: string, checkout: string): string[] {
  const projects = run('git', ['ls-files', '*project.json'], checkout)
    .split('\n')
    .filter(Boolean)
    .map((file) => {
      const config = JSON.parse(readFileSync(path.join(checkout, file), 'utf8')) as {
        name: string;
        implicitDependencies?: string[];
      };
      return {
        name: config.name,
        root: path.dirname(file),
        implicit: config.implicitDependencies ?? [],
      };
    });
  const importPattern = `(from|import\\()\\s*['"]@lumcast/[a-z-]+`;
  const importsOf = (root: string): string[] => {
    const sources = [`:(glob)${root}/**/*.ts`, `:(glob)${root}/**/*.tsx`];
    const found = run('git', ['grep', '-h', '-o', '-E', importPattern, '--', ...sources], checkout);
    return [...new Set(found.match(/@lumcast\/[a-z-]+/g) ?? [])].map((name) =>
      name.replace('@lumcast/', ''),
    );
  };
  const grepSafe = (root: string): string[] => {
    try {
      return importsOf(root);
    } catch {
      return []; // git grep exits 1 when nothing matches
    }
  };
  const dependsOn = Object.fromEntries(
    projects.map(({ name, root, implicit }) => [name, [...grepSafe(root), ...implicit]]),
  );
  const result = new Set([lib]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, deps] of Object.entries(dependsOn)) {
      if (!result.has(name) && deps.some((dep) => result.has(dep))) {
        result.add(name);
        grew = true;
      }
    }
  }
  return [...result].sort();
}

describe('nx affected in a fresh clone', () => {
  it('lists audio-assembly and its dependants, but not quota or script-generation, after an audio-assembly change', () => {
    const { affected, expected } = affectedAfterChanging(
      'libs/audio-assembly/src/affected-probe.txt',
      'audio-assembly',
    );
    expect(affected).toContain('audio-assembly');
    expect(affected).not.toContain('quota');
    expect(affected).not.toContain('script-generation');
    expect(affected).toEqual(expected);
  });

  it('lists exactly quota and the projects that import it, directly or not, after a quota change', () => {
    const { affected, expected } = affectedAfterChanging(
      'libs/quota/src/affected-probe.txt',
      'quota',
    );
    expect(affected).toContain('quota');
    expect(affected).toEqual(expected);
  });
});

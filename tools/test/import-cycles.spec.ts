/**
 * No import circles anywhere in the workspace, type-only imports included: `import type` circles
 * are what a rule like `import/no-cycle` skips, and they are what tangled quota's and pipeline's
 * types (issue 33). dpdm reads every TypeScript file reachable from each project's sources, resolving
 * the `@lumcast/*` paths through `tsconfig.base.json`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');
const dpdm = path.join(repoRoot, 'node_modules/.bin/dpdm');

/**
 * Every import circle among the files reachable from `entries`, as paths relative to `cwd`. Runs
 * dpdm's command (its module entry loads ESM-only dependencies that this Jest setup does not).
 */
function importCircles(entries: string[], cwd: string, tsconfig?: string): string[][] {
  const scratch = mkdtempSync(path.join(tmpdir(), 'lumcast-dpdm-'));
  try {
    const output = path.join(scratch, 'dependencies.json');
    execFileSync(
      dpdm,
      [
        '--transform=false', // keep type-only imports
        '--no-tree',
        '--no-warning',
        '--no-progress',
        '--exclude',
        'node_modules',
        ...(tsconfig ? ['--tsconfig', tsconfig] : []),
        '--output',
        output,
        ...entries,
      ],
      { cwd, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return (JSON.parse(readFileSync(output, 'utf8')) as { circulars: string[][] }).circulars;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('import circles', () => {
  it('finds none in the libs, apps and tools, counting type-only imports', () => {
    const circles = importCircles(
      ['libs/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}', 'tools/**/*.ts'],
      repoRoot,
      path.join(repoRoot, 'tsconfig.base.json'),
    );

    expect(circles).toEqual([]);
  }, 120_000);

  it('reports a circle made only of type imports', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'lumcast-cycles-'));
    try {
      writeFileSync(
        path.join(folder, 'job.ts'),
        "import type { Ledger } from './ledger';\nexport interface Job { ledger: Ledger }\n",
      );
      writeFileSync(
        path.join(folder, 'ledger.ts'),
        "import type { Job } from './job';\nexport interface Ledger { jobs: Job[] }\n",
      );

      expect(importCircles(['*.ts'], folder).map((circle) => [...circle].sort())).toEqual([
        ['job.ts', 'ledger.ts'],
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

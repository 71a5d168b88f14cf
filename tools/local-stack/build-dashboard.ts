/**
 * `npm start`'s first step: `nx run infra:synth --tui=false`, which builds the bundles and the
 * dashboard's static export and synthesizes the cloud assembly the engine runs (each a cache hit
 * unless its sources changed), one at a time per checkout. Two `npm start` begun together on a cold cache would run
 * two `next build`s in one folder, and Next refuses the second ("Another next build process is
 * already running"); here the second waits for the first (it says so), then reads its result from
 * the cache. Exits with Nx's exit code.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitForFolderLock } from './folder-lock';
import { synthContext } from './synth-context';

const REPO_ROOT = path.resolve(__dirname, '../..');

function withoutTsxTsconfig(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { TSX_TSCONFIG_PATH: _own, ...rest } = env;
  return rest;
}

async function main(): Promise<number> {
  const lock = await waitForFolderLock(
    path.join(REPO_ROOT, 'apps/dashboard'),
    'lumcast-dashboard-build',
    () => ({ pid: process.pid }),
    {
      onWait: (holder) =>
        console.log(
          `Waiting for the dashboard build of another npm start${holder === undefined ? '' : ` (pid ${holder.pid})`}…`,
        ),
    },
  );
  try {
    const nx = spawn(
      path.join(REPO_ROOT, 'node_modules/.bin/nx'),
      ['run', 'infra:synth', '--tui=false', ...synthContext(process.env)],
      // Without this script's own tsconfig (tsx passes it on, relative to the repo root): the cloud
      // assembly's app runs tsx too, from apps/infra, with its own.
      { cwd: REPO_ROOT, stdio: 'inherit', env: withoutTsxTsconfig(process.env) },
    );
    return await new Promise<number>((resolve, reject) => {
      nx.once('error', reject);
      nx.once('exit', (code) => resolve(code ?? 1));
    });
  } finally {
    await lock.release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `npm start could not build the app: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);

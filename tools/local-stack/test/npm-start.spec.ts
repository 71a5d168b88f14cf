/**
 * `npm start` as a user runs it: the dashboard built through Nx (cached), then the server run
 * directly, so two stacks with their own PORT and LUMCAST_DATA_DIR run side by side in one
 * checkout, and killing npm leaves nothing of its stack running.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  alive,
  answers,
  dynamoDbLocalsOn,
  exitOf,
  killAll,
  parentOf,
  REPO_ROOT,
  runningUrl,
  signalGroup,
  spawnGroup,
  waitUntil,
} from './process-support';

jest.setTimeout(600_000);

const folders: string[] = [];
afterAll(() => {
  killAll(folders);
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as T;
}

describe('npm start', () => {
  it('builds the dashboard through Nx (one build at a time), then runs the server itself, so Nx never holds one start behind another', () => {
    expect(readJson<{ scripts: Record<string, string> }>('package.json').scripts['start']).toBe(
      'tsx --tsconfig tools/tsconfig.json tools/local-stack/build-dashboard.ts && tsx --tsconfig tools/tsconfig.json tools/local-stack/start.ts',
    );
    // `npx nx run tools:start` stays, and as a task that is not continuous Nx runs it again
    // beside a running one instead of waiting for it.
    const start = readJson<{ targets: Record<string, Record<string, unknown>> }>(
      'tools/project.json',
    ).targets['start'];
    expect(start).toMatchObject({
      options: { command: 'tsx --tsconfig tools/tsconfig.json tools/local-stack/start.ts' },
      dependsOn: [
        { projects: ['dashboard'], target: 'build' },
        // The engine run's cloud assembly, a cache hit when nothing changed (issue 32).
        { projects: ['infra'], target: 'synth' },
      ],
    });
    expect(start).not.toHaveProperty('continuous');
  });

  it('runs two stacks side by side with their own PORT and LUMCAST_DATA_DIR, and killing one npm stops only its stack', async () => {
    const stacks = [];
    for (const name of ['a', 'b']) {
      const dir = mkdtempSync(path.join(tmpdir(), `lumcast-npm-start-${name}-`));
      folders.push(dir);
      const port = await freePort();
      const npm = spawnGroup('npm', ['start'], { PORT: String(port), LUMCAST_DATA_DIR: dir });
      const url = await runningUrl(npm, 240_000);
      expect(url).toBe(`http://localhost:${port}`);
      stacks.push({ dir, npm, url });
    }
    const [a, b] = stacks as [(typeof stacks)[0], (typeof stacks)[0]];
    expect(await answers(a.url)).toBe(true);
    expect(await answers(b.url)).toBe(true);
    expect(dynamoDbLocalsOn(a.dir)).toHaveLength(1);
    expect(dynamoDbLocalsOn(b.dir)).toHaveLength(1);
    const serverA = parentOf(dynamoDbLocalsOn(a.dir)[0] as number) as number;

    // npm alone, not its group (its children are not signalled).
    process.kill(a.npm.pid, 'SIGKILL');
    await waitUntil('the first stack stopped', () => !alive(serverA), 30_000);
    await waitUntil(
      'no DynamoDB Local left on the first folder',
      () => !dynamoDbLocalsOn(a.dir).length,
    );
    expect(await answers(a.url)).toBe(false);
    expect(await answers(b.url)).toBe(true);

    // Ctrl-C in the second one's terminal.
    signalGroup(b.npm, 'SIGINT');
    await exitOf(b.npm, 60_000);
    await waitUntil(
      'no DynamoDB Local left on the second folder',
      () => !dynamoDbLocalsOn(b.dir).length,
    );
    expect(await answers(b.url)).toBe(false);
  });
});

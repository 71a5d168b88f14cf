/**
 * The local stack's processes never get stuck: real stacks started as `npm start` starts them
 * (`tsx tools/local-stack/start.ts`, each in its own process group), killed with `kill -9`,
 * started again, refused on a folder in use, orphaned by their launcher, and stopped with Ctrl-C.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
  startScript,
  waitUntil,
} from './process-support';

jest.setTimeout(300_000);

const folders: string[] = [];
function dataFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'lumcast-crash-'));
  folders.push(dir);
  return dir;
}

afterAll(() => {
  killAll(folders);
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** The only DynamoDB Local on the folder, and the server that started it. */
function processesOn(dir: string): { jvm: number; server: number } {
  const jvms = dynamoDbLocalsOn(dir);
  expect(jvms).toHaveLength(1);
  const jvm = jvms[0] as number;
  return { jvm, server: parentOf(jvm) as number };
}

describe('a local stack killed and started again', () => {
  it('leaves its DynamoDB Local running after kill -9, which the next start on the folder stops before opening it; Ctrl-C then stops everything', async () => {
    const dir = dataFolder();
    const first = startScript(dir);
    const firstUrl = await runningUrl(first);
    const stale = processesOn(dir);

    process.kill(stale.server, 'SIGKILL');
    await exitOf(first);
    await waitUntil('the killed server is gone', () => !alive(stale.server));
    // A kill -9 gives the server no chance to stop its JVM: it runs on, holding the database.
    expect(alive(stale.jvm)).toBe(true);
    expect(await answers(firstUrl)).toBe(false);

    const second = startScript(dir);
    const url = await runningUrl(second);
    expect(alive(stale.jvm)).toBe(false);
    const now = processesOn(dir);
    expect(now.jvm).not.toBe(stale.jvm);
    expect(second.output()).toContain(
      `stopped DynamoDB Local (pid ${stale.jvm}), left running on this data folder by a Lumcast that was killed`,
    );
    expect(await answers(url)).toBe(true);

    signalGroup(second, 'SIGINT');
    await exitOf(second);
    await waitUntil('no DynamoDB Local left on the folder', () => !dynamoDbLocalsOn(dir).length);
    expect(alive(now.server)).toBe(false);
    expect(await answers(url)).toBe(false);
    expect(existsSync(path.join(dir, 'stack-processes.json'))).toBe(false);
  });
});

describe('a second start on a folder in use', () => {
  it('refuses, naming the running stack by pid and URL, exits non-zero, and leaves that stack running', async () => {
    const dir = dataFolder();
    const first = startScript(dir);
    const url = await runningUrl(first);
    const running = processesOn(dir);

    const second = startScript(dir);
    const ended = await exitOf(second, 90_000);
    expect(ended.code).not.toBe(0);
    expect(second.output()).toContain(
      `Lumcast could not start: ${dir} is in use by another Lumcast (pid ${running.server}, at ${url})`,
    );
    expect(second.output()).not.toContain('Lumcast is running at');
    expect(processesOn(dir)).toEqual(running);
    expect(await answers(url)).toBe(true);

    signalGroup(first, 'SIGINT');
    await exitOf(first);
    await waitUntil('no DynamoDB Local left on the folder', () => !dynamoDbLocalsOn(dir).length);
  });
});

describe('a local stack whose launcher dies', () => {
  it('stops itself and its DynamoDB Local, leaving nothing listening', async () => {
    const dir = dataFolder();
    // As npm runs a script: a shell whose environment, and everything under it, carries
    // npm_lifecycle_script; the test's own process does not carry this value.
    const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx');
    const launcher = spawnGroup(
      'sh',
      ['-c', `"${tsx}" --tsconfig tools/tsconfig.json tools/local-stack/start.ts; echo ended`],
      { PORT: '0', LUMCAST_DATA_DIR: dir, npm_lifecycle_script: 'a test launcher' },
    );
    const url = await runningUrl(launcher);
    const running = processesOn(dir);

    // The launcher alone, not its group: npm killed leaves its children running.
    process.kill(launcher.pid, 'SIGKILL');
    await waitUntil('the server has stopped', () => !alive(running.server), 30_000);
    await waitUntil('no DynamoDB Local left on the folder', () => !dynamoDbLocalsOn(dir).length);
    expect(await answers(url)).toBe(false);
    expect(existsSync(path.join(dir, 'stack-processes.json'))).toBe(false);
  });
});

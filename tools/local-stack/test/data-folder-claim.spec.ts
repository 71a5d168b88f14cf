/**
 * One live process per data folder: the folder's lock (held until released or until its holder
 * dies, even by kill -9), and the claim built on it, which stops what a killed stack left running
 * and records this process's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { claimDataFolder } from '../data-folder-claim';
import { DataFolderInUseError, lockDataFolder } from '../data-folder-lock';
import { isRunning, processIdentity } from '../process-identity';
import {
  readStackProcessesFile,
  stackProcessesFilePath,
  writeStackProcessesFile,
} from '../stack-processes-file';
import { identityOf, REPO_ROOT } from './process-support';

jest.setTimeout(60_000);

const children: ChildProcess[] = [];
let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'lumcast-claim-'));
});
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

function folder(name: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir);
  return dir;
}

/** A process that runs until killed, with `args` on its command line; resolves once ready. */
async function runUntilKilled(args: string[]): Promise<ChildProcess> {
  const code = "setInterval(() => {}, 1000); console.log('ready')";
  const child = spawn(process.execPath, ['-e', code, '--', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: REPO_ROOT,
  });
  children.push(child);
  await once(child.stdout as NodeJS.ReadableStream, 'data');
  return child;
}

describe('the data folder lock', () => {
  it('refuses a second holder, naming the first by pid and URL; another folder is another lock; once released it can be taken again', async () => {
    const dir = folder('lock');
    const lock = await lockDataFolder(dir, () => ({ pid: 4242, url: 'http://localhost:3101' }));
    const refused = await lockDataFolder(dir, () => ({ pid: process.pid })).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataFolderInUseError);
    expect(refused).toMatchObject({
      name: 'DataFolderInUseError',
      dataDir: dir,
      holder: { pid: 4242, url: 'http://localhost:3101' },
    });
    expect((refused as Error).message).toContain(
      `${dir} is in use by another Lumcast (pid 4242, at http://localhost:3101)`,
    );
    expect((refused as Error & { cause: { code: string } }).cause.code).toBe('EADDRINUSE');

    const other = await lockDataFolder(folder('lock-other'), () => ({ pid: process.pid }));
    await other.release();
    await lock.release();
    const again = await lockDataFolder(dir, () => ({ pid: process.pid }));
    await again.release();
  });

  it('is released when its holder is killed with kill -9', async () => {
    const dir = folder('killed-holder');
    const modulePath = path.join(REPO_ROOT, 'tools/local-stack/data-folder-lock.ts');
    // Node itself with tsx's loader (not the tsx command, whose child would outlive a kill).
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(modulePath)})
          .then(({ lockDataFolder }) => lockDataFolder(${JSON.stringify(dir)}, () => ({ pid: process.pid })))
          .then(() => { console.log('locked'); setInterval(() => {}, 1000); });`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], cwd: REPO_ROOT },
    );
    children.push(holder);
    await once(holder.stdout as NodeJS.ReadableStream, 'data');

    const refused = await lockDataFolder(dir, () => ({ pid: process.pid })).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataFolderInUseError);
    expect((refused as DataFolderInUseError).holder?.url).toBeUndefined();
    expect((refused as Error).message).toContain('still starting');

    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const lock = await lockDataFolder(dir, () => ({ pid: process.pid }));
    await lock.release();
  });
});

describe('claiming a data folder', () => {
  it('stops the DynamoDB Local a killed stack recorded, records this process and its children, and removes the record on release', async () => {
    const dir = folder('claim');
    const dbPath = path.join(dir, 'dynamodb');
    // The server that recorded it was killed: its pid is no process now.
    const deadServer = spawn('true');
    await once(deadServer, 'exit');
    const staleJvm = await runUntilKilled(['-dbPath', dbPath]);
    const stale = {
      ...identityOf(staleJvm.pid),
      name: 'DynamoDB Local',
      commandLineIncludes: ['-dbPath', dbPath],
    };
    await writeStackProcessesFile(dir, {
      server: { pid: deadServer.pid as number, startTime: 1 },
      children: [stale],
      startedAt: new Date().toISOString(),
    });

    const claim = await claimDataFolder(dir);
    expect(claim.staleStopped).toEqual([stale]);
    expect(isRunning(stale)).toBe(false);
    expect(await readStackProcessesFile(dir)).toMatchObject({
      server: processIdentity(process.pid),
      children: [],
    });

    const jvm = await runUntilKilled(['-dbPath', dbPath]);
    await claim.recordChild({
      name: 'DynamoDB Local',
      pid: jvm.pid as number,
      commandLineIncludes: ['-dbPath', dbPath],
    });
    await claim.recordUrl('http://localhost:3101');
    expect(await readStackProcessesFile(dir)).toMatchObject({
      server: { pid: process.pid, url: 'http://localhost:3101' },
      children: [{ ...processIdentity(jvm.pid as number), name: 'DynamoDB Local' }],
    });

    await claim.release();
    expect(existsSync(stackProcessesFilePath(dir))).toBe(false);
    const lock = await lockDataFolder(dir, () => ({ pid: process.pid }));
    await lock.release();
  });

  it('refuses while another claim holds the folder, touching neither its record nor its children', async () => {
    const dir = folder('held');
    const dbPath = path.join(dir, 'dynamodb');
    const first = await claimDataFolder(dir);
    const jvm = await runUntilKilled(['-dbPath', dbPath]);
    await first.recordChild({
      name: 'DynamoDB Local',
      pid: jvm.pid as number,
      commandLineIncludes: ['-dbPath', dbPath],
    });
    const before = await readStackProcessesFile(dir);

    await expect(claimDataFolder(dir)).rejects.toThrow(DataFolderInUseError);
    expect(isRunning(identityOf(jvm.pid))).toBe(true);
    expect(await readStackProcessesFile(dir)).toEqual(before);
    await first.release();
  });

  it('refuses a record it cannot read, naming the file, and releases the lock', async () => {
    const dir = folder('garbled');
    writeFileSync(stackProcessesFilePath(dir), 'not json');
    await expect(claimDataFolder(dir)).rejects.toThrow(stackProcessesFilePath(dir));
    const lock = await lockDataFolder(dir, () => ({ pid: process.pid }));
    await lock.release();
  });
});

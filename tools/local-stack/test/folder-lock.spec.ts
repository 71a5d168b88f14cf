/**
 * Waiting for a folder lock another holder has (how two `npm start` take turns at the dashboard
 * build), and giving up in time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tryLockFolder, waitForFolderLock, type LockHolder } from '../folder-lock';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lumcast-folder-lock-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function holdLock(purpose: string) {
  const taken = await tryLockFolder(dir, purpose, () => ({ pid: 4242 }));
  if ('heldBy' in taken) throw new Error('the lock is held already');
  return taken;
}

describe('waiting for a folder lock', () => {
  it('waits while another holds it, says who once, and takes it once released', async () => {
    const first = await holdLock('wait-test');
    const heard: (LockHolder | undefined)[] = [];
    let taken = false;
    const waiting = waitForFolderLock(dir, 'wait-test', () => ({ pid: process.pid }), {
      timeoutMs: 10_000,
      onWait: (holder) => heard.push(holder),
    }).then((lock) => {
      taken = true;
      return lock;
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(taken).toBe(false);
    expect(heard).toEqual([{ pid: 4242 }]);

    await first.release();
    const second = await waiting;
    expect(heard).toHaveLength(1);
    await second.release();
  });

  it('gives up after its timeout, naming the folder', async () => {
    const first = await holdLock('timeout-test');
    try {
      await expect(
        waitForFolderLock(dir, 'timeout-test', () => ({ pid: process.pid }), { timeoutMs: 300 }),
      ).rejects.toThrow(`${dir} is still locked (timeout-test) after 300 ms`);
    } finally {
      await first.release();
    }
  });

  it('is another lock for another purpose on the same folder', async () => {
    const build = await holdLock('purpose-a');
    const other = await tryLockFolder(dir, 'purpose-b', () => ({ pid: process.pid }));
    expect('heldBy' in other).toBe(false);
    if (!('heldBy' in other)) await other.release();
    await build.release();
  });
});

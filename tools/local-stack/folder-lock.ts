import { stat } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/**
 * What the holder of a folder lock says about itself when asked: its pid, and its URL once it
 * has one.
 */
export interface LockHolder {
  pid: number;
  url?: string;
}

const holderSchema = z.object({ pid: z.number().int().positive(), url: z.string().optional() });

/**
 * A folder lock, held until {@link FolderLock.release}, or until this process ends in any way
 * (the kernel closes the socket it is: nothing is left to clean up after a crash).
 */
export interface FolderLock {
  /** The abstract socket name the lock is (without its leading NUL). */
  readonly name: string;
  release(): Promise<void>;
}

/**
 * Tries to take a lock on a folder for one purpose: a listening socket in Linux's abstract
 * namespace named after the purpose, this user and the folder's device and inode, which only one
 * process can hold and which the kernel releases when its holder ends, even by `kill -9`. No
 * file is involved, so no stale lock can outlive a crash and two processes cannot both win a
 * race. The holder answers each connection with `describe()` as JSON. Returns the lock, or what
 * the current holder said about itself (`holder` absent if it did not answer within 2 s).
 */
export async function tryLockFolder(
  dir: string,
  purpose: string,
  describe: () => LockHolder,
): Promise<FolderLock | { heldBy: { holder: LockHolder | undefined; cause: unknown } }> {
  const folder = await stat(dir);
  const name = `${purpose}/${process.getuid?.() ?? 0}/${folder.dev}/${folder.ino}`;
  const server = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(`${JSON.stringify(describe())}\n`);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(`\0${name}`, () => resolve());
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return { heldBy: { holder: await askHolder(name), cause: error } };
  }
  // The lock must not keep a process alive on its own.
  server.unref();
  return { name, release: () => close(server) };
}

/**
 * Takes a folder lock (see {@link tryLockFolder}), waiting while another process holds it:
 * `onWait` hears who, once; after `timeoutMs` (default 20 minutes) it gives up.
 *
 * @throws Error when the lock is still held after `timeoutMs`.
 */
export async function waitForFolderLock(
  dir: string,
  purpose: string,
  describe: () => LockHolder,
  options: { timeoutMs?: number; onWait?: (holder: LockHolder | undefined) => void } = {},
): Promise<FolderLock> {
  const deadline = Date.now() + (options.timeoutMs ?? 20 * 60_000);
  let told = false;
  for (;;) {
    const taken = await tryLockFolder(dir, purpose, describe);
    if (!('heldBy' in taken)) return taken;
    if (Date.now() > deadline)
      throw new Error(`${dir} is still locked (${purpose}) after ${options.timeoutMs} ms`, {
        cause: taken.heldBy.cause,
      });
    if (!told) options.onWait?.(taken.heldBy.holder);
    told = true;
    await sleep(250);
  }
}

async function close(server: Server): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Asks the holder who it is; `undefined` when it does not answer within 2 s. */
async function askHolder(name: string): Promise<LockHolder | undefined> {
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(`\0${name}`);
    const timer = setTimeout(() => socket.destroy(), 2_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      if (text.length < 4_096) text += chunk;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      try {
        const parsed = holderSchema.safeParse(JSON.parse(text));
        resolve(parsed.success ? parsed.data : undefined);
      } catch {
        resolve(undefined);
      }
    });
    socket.on('error', () => undefined);
  });
}

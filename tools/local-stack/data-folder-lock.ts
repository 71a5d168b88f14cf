import { stat } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import { z } from 'zod';

/**
 * What the holder of a data folder's lock says about itself when asked: its pid, and its URL
 * once it listens.
 *
 * @example
 * ```ts
 * const holder: LockHolder = { pid: 4242, url: 'http://localhost:3000' };
 * ```
 */
export interface LockHolder {
  pid: number;
  url?: string;
}

const holderSchema = z.object({ pid: z.number().int().positive(), url: z.string().optional() });

/**
 * Another live process holds the data folder: a second stack must not open the same database.
 * `holder` is what it said about itself (absent if it did not answer).
 *
 * @example
 * ```ts
 * await lockDataFolder('/repo/.lumcast', () => ({ pid: process.pid })); // rejects while another stack runs there
 * ```
 */
export class DataFolderInUseError extends Error {
  override readonly name = 'DataFolderInUseError';

  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | undefined,
    options?: { cause?: unknown },
  ) {
    const who =
      holder === undefined
        ? 'another process'
        : `another Lumcast (pid ${holder.pid}${holder.url === undefined ? ', still starting' : `, at ${holder.url}`})`;
    super(
      `${dataDir} is in use by ${who}. Stop it first (Ctrl-C where it runs${holder === undefined ? '' : `, or kill -INT ${holder.pid}`}), or give this one another folder and port: LUMCAST_DATA_DIR=<folder> PORT=<port> npm start.`,
      options,
    );
  }
}

/**
 * A data folder's lock, held until {@link DataFolderLock.release}, or until this process ends in
 * any way (the kernel closes the socket it is: nothing is left to clean up after a crash).
 *
 * @example
 * ```ts
 * const lock = await lockDataFolder(dataDir, () => ({ pid: process.pid, url }));
 * await lock.release();
 * ```
 */
export interface DataFolderLock {
  /** The abstract socket name the lock is (without its leading NUL). */
  readonly name: string;
  release(): Promise<void>;
}

/**
 * Takes a data folder's lock: a listening socket in Linux's abstract namespace named after the
 * folder's device and inode (and this user), which only one process can hold and which the
 * kernel releases when its holder ends, even by `kill -9`. No file is involved, so no stale lock
 * can outlive a crash and two starts cannot both win a race. The holder answers each connection
 * with `describe()` as JSON, so a refused start can name it.
 *
 * @throws DataFolderInUseError when another process holds it.
 * @example
 * ```ts
 * const lock = await lockDataFolder('/repo/.lumcast', () => ({ pid: process.pid }));
 * ```
 */
export async function lockDataFolder(
  dataDir: string,
  describe: () => LockHolder,
): Promise<DataFolderLock> {
  const folder = await stat(dataDir);
  const name = `lumcast-data-folder/${process.getuid?.() ?? 0}/${folder.dev}/${folder.ino}`;
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
    throw new DataFolderInUseError(dataDir, await askHolder(name), { cause: error });
  }
  // The lock must not keep a process alive on its own.
  server.unref();
  return { name, release: () => close(server) };
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

import { tryLockFolder, type FolderLock, type LockHolder } from './folder-lock';

/**
 * Another live process holds the data folder: a second stack must not open the same database.
 * `holder` is what it said about itself (absent if it did not answer).
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
 * Takes a data folder's lock (see `tryLockFolder` in `./folder-lock.ts`: a socket in Linux's
 * abstract namespace the kernel frees when its holder ends, even by `kill -9`), so one live
 * process at a time opens the folder. The holder answers with `describe()`, so a refused start
 * can name it.
 *
 * @throws DataFolderInUseError when another process holds it.
 */
export async function lockDataFolder(
  dataDir: string,
  describe: () => LockHolder,
): Promise<FolderLock> {
  const taken = await tryLockFolder(dataDir, 'lumcast-data-folder', describe);
  if ('heldBy' in taken) {
    throw new DataFolderInUseError(dataDir, taken.heldBy.holder, { cause: taken.heldBy.cause });
  }
  return taken;
}

import { lockDataFolder } from './data-folder-lock';
import { processIdentity, type ProcessIdentity } from './process-identity';
import { stopStaleChildren, type StopStaleOptions } from './stale-processes';
import {
  readStackProcessesFile,
  removeStackProcessesFile,
  writeStackProcessesFile,
  type RecordedChild,
  type StackProcesses,
} from './stack-processes-file';

/**
 * This process's hold on a data folder, from {@link claimDataFolder}: the folder's lock plus the
 * record of the processes running on it (`stack-processes.json`).
 */
export interface DataFolderClaim {
  /** Children a killed stack had left running on this folder, stopped by this claim. */
  readonly staleStopped: readonly RecordedChild[];
  /** Records a child this process started, before anything else happens to it. */
  recordChild(child: { name: string; pid: number; commandLineIncludes: string[] }): Promise<void>;
  /** Records where the stack listens, for the record and for a refused second start. */
  recordUrl(url: string): Promise<void>;
  /** Removes the record and releases the lock: call it after every child has stopped. */
  release(): Promise<void>;
}

/**
 * Claims a data folder for this process before anything opens it: takes the folder's lock (a
 * second live stack refuses with `DataFolderInUseError` naming the holder's pid and URL), stops
 * what the previous record names as still running (a DynamoDB Local left by a stack that was
 * killed, checked to be that very process; see `./stale-processes.ts`), then records this
 * process as the folder's server.
 *
 * @throws DataFolderInUseError when another live process holds the folder.
 * @throws StackProcessesFileError when the previous record cannot be read as one.
 * @throws StaleProcessError when a stale child cannot be stopped.
 */
export async function claimDataFolder(
  dataDir: string,
  options: StopStaleOptions = {},
): Promise<DataFolderClaim> {
  const server = processIdentity(process.pid) as ProcessIdentity;
  const record: StackProcesses = { server, children: [], startedAt: new Date().toISOString() };
  const lock = await lockDataFolder(dataDir, () => ({ pid: server.pid, url: record.server.url }));
  try {
    const left = await readStackProcessesFile(dataDir);
    const staleStopped = left === undefined ? [] : await stopStaleChildren(left.children, options);
    await writeStackProcessesFile(dataDir, record);
    return {
      staleStopped,
      async recordChild(child) {
        const identity = processIdentity(child.pid);
        // Already ended: nothing of it can be left behind.
        if (identity === undefined) return;
        record.children.push({ ...child, ...identity });
        await writeStackProcessesFile(dataDir, record);
      },
      async recordUrl(url) {
        record.server.url = url;
        await writeStackProcessesFile(dataDir, record);
      },
      async release() {
        await removeStackProcessesFile(dataDir, server);
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

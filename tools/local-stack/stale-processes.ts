import { setTimeout as sleep } from 'node:timers/promises';
import { commandLine, hasArguments, isRunning } from './process-identity';
import type { RecordedChild } from './stack-processes-file';

/**
 * A process a killed stack left running could not be stopped: it still ran after SIGTERM and
 * then SIGKILL, or it is not this user's to signal. `cause` is the failed `kill`, if any.
 */
export class StaleProcessError extends Error {
  override readonly name = 'StaleProcessError';

  constructor(
    readonly child: RecordedChild,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(
      `${child.name} (pid ${child.pid}), left running by a Lumcast that was killed, ${detail}; stop it (kill ${child.pid}) and start again.`,
      options,
    );
  }
}

/** How long {@link stopStaleChildren} waits after each signal. */
export interface StopStaleOptions {
  /** After SIGTERM, before SIGKILL (default 10 s: DynamoDB Local closes its database). */
  termWaitMs?: number;
  /** After SIGKILL, before giving up (default 5 s). */
  killWaitMs?: number;
}

/**
 * Whether a recorded child is still that process: the same pid and start time, not a zombie, and
 * its command line still holds the recorded arguments (`-dbPath <this folder's dynamodb>`). A pid
 * the system has since given to another process fails this, and is never signalled.
 */
export function isStillRecordedChild(child: RecordedChild): boolean {
  if (!isRunning(child)) return false;
  const args = commandLine(child.pid);
  return args !== undefined && hasArguments(args, child.commandLineIncludes);
}

/**
 * Stops the children a previous stack on this data folder recorded and left running when it was
 * killed (its DynamoDB Local, still holding the folder's database): each one that is still the
 * recorded process ({@link isStillRecordedChild}) gets SIGTERM, then SIGKILL if it has not ended
 * in time. Returns those it stopped. Call it only while holding the folder's lock, so the
 * children of a live stack are never touched.
 *
 * @throws StaleProcessError when one cannot be signalled or outlives SIGKILL.
 */
export async function stopStaleChildren(
  children: readonly RecordedChild[],
  options: StopStaleOptions = {},
): Promise<RecordedChild[]> {
  const stopped: RecordedChild[] = [];
  for (const child of children) {
    if (!isStillRecordedChild(child)) continue;
    signal(child, 'SIGTERM');
    if (!(await ended(child, options.termWaitMs ?? 10_000))) {
      signal(child, 'SIGKILL');
      if (!(await ended(child, options.killWaitMs ?? 5_000)))
        throw new StaleProcessError(child, 'still runs after SIGKILL');
    }
    stopped.push(child);
  }
  return stopped;
}

function signal(child: RecordedChild, name: NodeJS.Signals): void {
  try {
    process.kill(child.pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
    throw new StaleProcessError(child, `could not be sent ${name}`, { cause: error });
  }
}

async function ended(child: RecordedChild, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while (isRunning(child)) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

import {
  commandLine,
  environment,
  isRunning,
  processStatus,
  type ProcessIdentity,
} from './process-identity';

/**
 * A process that launched this one, as recorded at start.
 */
export interface Launcher extends ProcessIdentity {
  /** Its command line, for messages. */
  command: string;
}

/** Reads processes; `/proc` by default, replaced in tests. */
export interface ProcessReader {
  status: typeof processStatus;
  environment: typeof environment;
  commandLine: typeof commandLine;
}

const PROC: ProcessReader = { status: processStatus, environment, commandLine };

/**
 * The processes whose end must end the local stack: its parent (`tsx`, or whatever started it)
 * and, when it runs from an npm script (`npm start`, `npx nx run tools:start`), every ancestor up
 * to and including the npm process that ran the script — recognised as the first ancestor whose
 * environment lacks this process's `npm_lifecycle_script`, which npm sets for the script and
 * everything under it (`sh`, Nx, `tsx`). So killing npm, Nx or `tsx` ends the stack, while an
 * interactive shell or anything above npm is never watched. Pid 1 is never watched.
 */
export function launchersOf(pid: number, read: ProcessReader = PROC): Launcher[] {
  const script = read.environment(pid)?.['npm_lifecycle_script'];
  const launchers: Launcher[] = [];
  let current = read.status(pid);
  // Bounded: a chain of processes cannot loop, but a broken /proc must not hang a start.
  while (current !== undefined && current.ppid > 1 && launchers.length < 64) {
    const parent = read.status(current.ppid);
    if (parent === undefined) break;
    // npm pads its retitled command line with spaces.
    const command = (read.commandLine(parent.pid) ?? []).join(' ').replace(/\s+/g, ' ').trim();
    launchers.push({ pid: parent.pid, startTime: parent.startTime, command });
    const parentScript = read.environment(parent.pid)?.['npm_lifecycle_script'];
    if (script === undefined || parentScript !== script) break;
    current = parent;
  }
  return launchers;
}

/**
 * Polls the launchers (see {@link launchersOf}) and calls `onEnded` once, with the first one found
 * ended (killed, or its pid now another process's). Returns a function that stops the watch. The
 * timer does not keep the process alive.
 */
export function watchLaunchers(
  launchers: readonly Launcher[],
  onEnded: (launcher: Launcher) => void,
  intervalMs = 500,
): () => void {
  const timer = setInterval(() => {
    const ended = launchers.find((launcher) => !isRunning(launcher));
    if (ended === undefined) return;
    clearInterval(timer);
    onEnded(ended);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

import { readFileSync } from 'node:fs';

/**
 * One process, named so that a reused pid is not taken for it: its pid and its start time
 * (`/proc/<pid>/stat` field 22, clock ticks after boot), which no later process with the same pid
 * shares.
 */
export interface ProcessIdentity {
  pid: number;
  startTime: number;
}

/**
 * What `/proc/<pid>/stat` says about a process: who it is, its parent, and its state (`R`, `S`,
 * … ; `Z` for a zombie: dead, not yet reaped).
 */
export interface ProcessStatus extends ProcessIdentity {
  ppid: number;
  state: string;
}

/**
 * Reads a process's status from `/proc` (Linux); `undefined` when there is no such process or it
 * cannot be read.
 */
export function processStatus(pid: number): ProcessStatus | undefined {
  const text = readProcFile(pid, 'stat');
  if (text === undefined) return undefined;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so count from the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, ppid] = fields;
  const startTime = Number(fields[19]);
  if (state === undefined || ppid === undefined || !Number.isSafeInteger(startTime))
    return undefined;
  return { pid, startTime, ppid: Number(ppid), state };
}

/**
 * The identity of a running process, to record now and check later with {@link isRunning}.
 */
export function processIdentity(pid: number): ProcessIdentity | undefined {
  const status = processStatus(pid);
  return status === undefined ? undefined : { pid, startTime: status.startTime };
}

/**
 * Whether the recorded process still runs: its pid exists, started at the recorded time (so it is
 * not a later process given the same pid), and is not a zombie.
 */
export function isRunning(recorded: ProcessIdentity): boolean {
  const now = processStatus(recorded.pid);
  return (
    now !== undefined &&
    now.startTime === recorded.startTime &&
    now.state !== 'Z' &&
    now.state !== 'X'
  );
}

/**
 * A process's arguments (`/proc/<pid>/cmdline`, argv[0] first); `undefined` when unreadable.
 */
export function commandLine(pid: number): string[] | undefined {
  const text = readProcFile(pid, 'cmdline');
  if (text === undefined) return undefined;
  const args = text.split('\0');
  if (args.at(-1) === '') args.pop();
  return args;
}

/**
 * Whether `args` holds `expected` as consecutive arguments.
 */
export function hasArguments(args: readonly string[], expected: readonly string[]): boolean {
  if (expected.length === 0) return false;
  for (let start = 0; start + expected.length <= args.length; start++) {
    if (expected.every((arg, offset) => args[start + offset] === arg)) return true;
  }
  return false;
}

/**
 * The environment a process was started with (`/proc/<pid>/environ`); `undefined` when it cannot
 * be read (another user's process, or gone).
 */
export function environment(pid: number): Record<string, string> | undefined {
  const text = readProcFile(pid, 'environ');
  if (text === undefined) return undefined;
  const variables: Record<string, string> = {};
  for (const entry of text.split('\0')) {
    const equals = entry.indexOf('=');
    if (equals > 0) variables[entry.slice(0, equals)] = entry.slice(equals + 1);
  }
  return variables;
}

function readProcFile(pid: number, name: string): string | undefined {
  if (!Number.isSafeInteger(pid) || pid <= 0) return undefined;
  try {
    return readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    // Gone (ENOENT, ESRCH) or not ours to read (EACCES): either way, nothing to say about it.
    return undefined;
  }
}

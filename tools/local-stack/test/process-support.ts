/**
 * Real processes for the tests of how the local stack starts and stops: stacks started as
 * `npm start` starts them (`tsx tools/local-stack/start.ts`, or `npm start` itself), each in its
 * own process group, and what `/proc` says about them. Every wait is bounded; `killAll` ends
 * every process started here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  commandLine,
  environment,
  hasArguments,
  processIdentity,
  processStatus,
  type ProcessIdentity,
} from '../process-identity';

/** The repository's root, where `npm start` runs. */
export const REPO_ROOT = path.resolve(__dirname, '../../..');

/** A process started in its own process group, with its output kept. */
export interface GroupProcess {
  child: ChildProcess;
  /** Its pid, which is also its process group's id. */
  pid: number;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with its exit code (or signal) once it has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: GroupProcess[] = [];

/**
 * Starts `command` in a new process group (as a terminal starts a job), in the repository root,
 * with this process's environment plus `env`.
 */
export function spawnGroup(
  command: string,
  args: string[],
  env: Record<string, string>,
): GroupProcess {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, POWERTOOLS_LOG_LEVEL: 'SILENT', ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  if (child.pid === undefined) throw new Error(`${command} did not start`);
  const running: GroupProcess = { child, pid: child.pid, output: () => output, exited };
  started.push(running);
  return running;
}

/** `tsx tools/local-stack/start.ts` (what `npm start` runs after the build) on a data folder. */
export function startScript(dataDir: string, env: Record<string, string> = {}): GroupProcess {
  return spawnGroup(
    path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
    ['--tsconfig', 'tools/tsconfig.json', 'tools/local-stack/start.ts'],
    { PORT: '0', LUMCAST_DATA_DIR: dataDir, ...env },
  );
}

/** Waits (bounded) for the line `Lumcast is running at <url>` and returns the URL. */
export async function runningUrl(stack: GroupProcess, timeoutMs = 150_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let ended = false;
  void stack.exited.then(() => (ended = true));
  for (;;) {
    const match = /Lumcast is running at (\S+)/.exec(stack.output());
    if (match?.[1] !== undefined) return match[1];
    if (ended || Date.now() > deadline)
      throw new Error(
        `no "Lumcast is running at" line ${ended ? 'before it exited' : `within ${timeoutMs} ms`}:\n${stack.output()}`,
      );
    await sleep(100);
  }
}

/** Waits (bounded) until `condition` holds; fails naming `what`. */
export async function waitUntil(
  what: string,
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}

/** Waits (bounded) for a group process to end; returns how it ended. */
export async function exitOf(
  group: GroupProcess,
  timeoutMs = 30_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`pid ${group.pid} still runs after ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([group.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function pidsWhere(matches: (pid: number) => boolean): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => alive(pid) && matches(pid));
}

/** The pids of the DynamoDB Local JVMs running with `-dbPath <dataDir>/dynamodb`. */
export function dynamoDbLocalsOn(dataDir: string): number[] {
  const dbPath = path.join(dataDir, 'dynamodb');
  return pidsWhere((pid) => hasArguments(commandLine(pid) ?? [], ['-dbPath', dbPath]));
}

/**
 * For afterAll, whatever happened: SIGKILLs every process group started here, then any local
 * stack server (`start.ts` with `LUMCAST_DATA_DIR=<folder>`) or DynamoDB Local still running on
 * one of `folders` (Nx, for one, runs a task in a process group of its own).
 */
export function killAll(folders: readonly string[]): void {
  for (const group of started.splice(0)) signalGroup(group, 'SIGKILL');
  for (const dir of folders) {
    const servers = pidsWhere(
      (pid) =>
        environment(pid)?.['LUMCAST_DATA_DIR'] === dir &&
        (commandLine(pid) ?? []).some((arg) => arg.endsWith('tools/local-stack/start.ts')),
    );
    for (const pid of [...servers, ...dynamoDbLocalsOn(dir)]) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Ended meanwhile.
      }
    }
  }
}

/** Whether a pid runs (a zombie does not count). */
export function alive(pid: number): boolean {
  const status = processStatus(pid);
  return status !== undefined && status.state !== 'Z';
}

/** The identity of a running pid; throws if there is no such process. */
export function identityOf(pid: number | undefined): ProcessIdentity {
  const identity = pid === undefined ? undefined : processIdentity(pid);
  if (identity === undefined) throw new Error(`no process ${pid}`);
  return identity;
}

/** The parent of a pid (the server, for a JVM it started). */
export function parentOf(pid: number): number | undefined {
  return processStatus(pid)?.ppid;
}

/** Whether anything answers HTTP at `url` (any status) within 2 s. */
export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/config.json`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to a whole process group (as Ctrl-C sends SIGINT to a terminal's job). */
export function signalGroup(group: GroupProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-group.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

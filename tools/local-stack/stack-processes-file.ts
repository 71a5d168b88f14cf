import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readCheckedJsonFile } from './checked-json-file';
import { writePrivateFileAtomically } from './private-files';

/**
 * The name of the file, in the local stack's data folder, that records the processes of the stack
 * running on it: the server and every process it started (DynamoDB Local's JVM). Written at start
 * (before any child is started) and whenever a child starts; removed on a clean stop. A file left
 * behind names the processes a killed stack may have left running (see `./stale-processes.ts`).
 */
export const STACK_PROCESSES_FILE = 'stack-processes.json';

const identity = {
  pid: z.number().int().positive(),
  /** `/proc/<pid>/stat` start time: with the pid, names this process and no later one. */
  startTime: z.number().int().nonnegative(),
};

/**
 * The contents of {@link STACK_PROCESSES_FILE}, checked when read.
 */
export const stackProcessesSchema = z.object({
  /** The Node process serving the stack; `url` once it listens. */
  server: z.object({ ...identity, url: z.string().min(1).optional() }),
  /** The processes the server started, each with arguments its command line must hold. */
  children: z.array(
    z.object({
      ...identity,
      name: z.string().min(1),
      /** Consecutive arguments of its command line (`-dbPath <folder>`), checked before a kill. */
      commandLineIncludes: z.array(z.string().min(1)).min(1),
    }),
  ),
  /** When the server started, ISO 8601. */
  startedAt: z.iso.datetime(),
});

/**
 * What {@link STACK_PROCESSES_FILE} records.
 */
export type StackProcesses = z.infer<typeof stackProcessesSchema>;

/**
 * One process a stack started, as {@link STACK_PROCESSES_FILE} records it.
 */
export type RecordedChild = StackProcesses['children'][number];

/**
 * The processes file exists but is not one a local stack wrote (not JSON, or not the schema), so
 * the processes it should name cannot be checked.
 */
export class StackProcessesFileError extends Error {
  override readonly name = 'StackProcessesFileError';

  constructor(
    readonly file: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(
      `${file} is not a local stack's record of its processes (${detail}). If no Lumcast runs on this folder, delete it.`,
      options,
    );
  }
}

/**
 * The path of {@link STACK_PROCESSES_FILE} in a data folder.
 */
export function stackProcessesFilePath(dataDir: string): string {
  return path.join(dataDir, STACK_PROCESSES_FILE);
}

/**
 * Checks `record` and writes it atomically with mode 0600 (see `writePrivateFileAtomically`).
 */
export async function writeStackProcessesFile(
  dataDir: string,
  record: StackProcesses,
): Promise<void> {
  const checked = stackProcessesSchema.parse(record);
  await writePrivateFileAtomically(
    stackProcessesFilePath(dataDir),
    `${JSON.stringify(checked, null, 2)}\n`,
  );
}

/**
 * Reads and checks the processes file; `undefined` when there is none (the last stack stopped
 * cleanly, or none ever ran on this folder).
 *
 * @throws StackProcessesFileError when the file is there but malformed.
 */
export async function readStackProcessesFile(dataDir: string): Promise<StackProcesses | undefined> {
  const file = stackProcessesFilePath(dataDir);
  return readCheckedJsonFile(
    file,
    stackProcessesSchema,
    (detail, cause) => new StackProcessesFileError(file, detail, { cause }),
  );
}

/**
 * Removes the processes file if it still names `server` as its server (a file another stack
 * has written since is left alone); a missing or malformed file is left as it is.
 */
export async function removeStackProcessesFile(
  dataDir: string,
  server: { pid: number; startTime: number },
): Promise<void> {
  const current = await readStackProcessesFile(dataDir).catch((error: unknown) => {
    if (error instanceof StackProcessesFileError) return undefined;
    throw error;
  });
  if (current?.server.pid === server.pid && current.server.startTime === server.startTime) {
    await rm(stackProcessesFilePath(dataDir), { force: true });
  }
}

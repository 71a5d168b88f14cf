import { chmod, mkdir } from 'node:fs/promises';

/**
 * The mode of every file the local stack writes in its data folder: read and write for its owner
 * only. The data folder holds the link key and every user's audio and scripts.
 *
 * @example
 * ```ts
 * await writeFile(file, text, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
 * ```
 */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * The mode of every folder the local stack makes in its data folder (and of the data folder):
 * its owner only, so nobody else can list or read what is inside, whatever the files' own modes.
 *
 * @example
 * ```ts
 * await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
 * ```
 */
export const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Makes a folder (and missing parents) with {@link PRIVATE_FOLDER_MODE}, and sets that mode on it
 * when it already existed (a data folder made before the local stack set modes).
 *
 * @example
 * ```ts
 * await privateFolder('/repo/.lumcast'); // drwx------
 * ```
 */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(dir, PRIVATE_FOLDER_MODE);
}

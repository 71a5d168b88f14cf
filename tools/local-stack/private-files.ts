import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises';

/**
 * The mode of every file the local stack writes in its data folder: read and write for its owner
 * only. The data folder holds the link key and every user's audio and scripts.
 */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * The mode of every folder the local stack makes in its data folder (and of the data folder):
 * its owner only, so nobody else can list or read what is inside, whatever the files' own modes.
 */
export const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Makes a folder (and missing parents) with {@link PRIVATE_FOLDER_MODE}, and sets that mode on it
 * when it already existed (a data folder made before the local stack set modes).
 */
export async function privateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(dir, PRIVATE_FOLDER_MODE);
}

/**
 * Writes a private file atomically: `text` goes to a new temporary file next to it (created
 * exclusively, mode {@link PRIVATE_FILE_MODE}, synced), which is then renamed over `file`, so a
 * reader (or a crash) sees the old file, the new one, or none — never half of one.
 */
export async function writePrivateFileAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await open(temporary, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

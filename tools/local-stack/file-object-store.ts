import { mkdir, readFile, rm, writeFile, rename } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ObjectNotFoundError, type ObjectStore } from '@lumcast/pipeline';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-files';

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._@/-]*$/;

/**
 * File-system codes that mean "no object at this key", as S3 would answer `NoSuchKey`:
 * no such file (`ENOENT`), a file where the key needs a folder (`ENOTDIR`), or a folder
 * where the key needs a file (`EISDIR`: the key is only a prefix of other keys).
 */
const MISSING_OBJECT_CODES = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * {@link ObjectStore} on a folder: the local stand-in for the S3 bucket.
 * Keys map to files (mode 0600, in folders of mode 0700) under the folder; a key that could
 * leave it is refused. `get` of a
 * key with no file throws `ObjectNotFoundError` (the fs error as `cause`); any other fs
 * error is rethrown unchanged.
 *
 * @example
 * ```ts
 * const store = new FileObjectStore('.lumcast/objects');
 * await store.put('episodes/alice/j-1/episode.mp3', bytes, 'audio/mpeg');
 * ```
 */
export class FileObjectStore implements ObjectStore {
  constructor(private readonly root: string) {}

  /** The file behind a key. */
  pathOf(key: string): string {
    if (
      !SAFE_KEY.test(key) ||
      key.split('/').some((part) => part === '..' || part === '.' || part === '')
    ) {
      throw new Error(`Unsafe object key: ${key}`);
    }
    return path.join(this.root, key);
  }

  async put(key: string, body: Uint8Array | string, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, body, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Uint8Array> {
    const file = this.pathOf(key);
    try {
      return new Uint8Array(await readFile(file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException | null)?.code;
      if (code !== undefined && MISSING_OBJECT_CODES.has(code)) {
        throw new ObjectNotFoundError(key, { cause: error });
      }
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }
}

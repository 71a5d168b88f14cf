/** FileObjectStore's not-found mapping, on a real temporary folder. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ObjectNotFoundError, objectKeys } from '@lumcast/pipeline';
import { FileObjectStore } from '../file-object-store';

let root: string;
let store: FileObjectStore;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lumcast-objects-'));
  store = new FileObjectStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** The error `promise` rejects with (fails the test if it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('FileObjectStore', () => {
  it('gets back the bytes it put', async () => {
    const key = objectKeys.scriptPart('alice', 'j-1', 0);
    await store.put(key, '{"kind":"chapter"}', 'application/json');
    expect(new TextDecoder().decode(await store.get(key))).toBe('{"kind":"chapter"}');
  });

  it('throws ObjectNotFoundError with the key and the ENOENT error as cause for a part never written', async () => {
    await store.put(objectKeys.scriptPart('alice', 'j-1', 0), '{}', 'application/json');
    const key = objectKeys.scriptPart('alice', 'j-1', 1);
    const error = await rejectionOf(store.get(key));

    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect(error).toMatchObject({ name: 'ObjectNotFoundError', key });
    expect((error as Error).message).toContain(key);
    expect((error as Error).cause).toMatchObject({ code: 'ENOENT' });
  });

  it('throws ObjectNotFoundError for an object it deleted', async () => {
    const key = objectKeys.script('alice', 'j-2');
    await store.put(key, '{}', 'application/json');
    await store.delete([key]);
    await expect(store.get(key)).rejects.toMatchObject({ name: 'ObjectNotFoundError', key });
  });

  it('throws ObjectNotFoundError for a key that is only a prefix of other keys (EISDIR), as S3 answers NoSuchKey', async () => {
    await store.put(objectKeys.chunk('alice', 'j-3', 0), new Uint8Array([1]), 'audio/mpeg');
    const error = await rejectionOf(store.get('chunks/alice/j-3'));
    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect((error as Error).cause).toMatchObject({ code: 'EISDIR' });
  });

  it('throws ObjectNotFoundError for a key below an existing object (ENOTDIR)', async () => {
    const key = objectKeys.script('alice', 'j-4');
    await store.put(key, '{}', 'application/json');
    const error = await rejectionOf(store.get(`${key}/more`));
    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect((error as Error).cause).toMatchObject({ code: 'ENOTDIR' });
  });

  it('rethrows any other file-system error unchanged (a name too long for the file system)', async () => {
    await store.put(objectKeys.script('alice', 'j-5'), '{}', 'application/json');
    const error = await rejectionOf(store.get(`scripts/alice/${'x'.repeat(300)}.json`));
    expect(error).not.toBeInstanceOf(ObjectNotFoundError);
    expect(error).toMatchObject({ code: 'ENAMETOOLONG' });
  });

  it('still refuses an unsafe key before touching the disk', async () => {
    const error = await rejectionOf(store.get('scripts/../../etc/passwd'));
    expect(error).not.toBeInstanceOf(ObjectNotFoundError);
    expect((error as Error).message).toMatch(/Unsafe object key/);
  });
});

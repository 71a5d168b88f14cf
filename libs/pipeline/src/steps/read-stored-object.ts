import { ObjectNotFoundError } from '../errors';
import type { ObjectStore } from '../ports/object-store';

/**
 * Reads the object a step needs from the store. A missing object is rethrown as an
 * {@link ObjectNotFoundError} whose message says what the step was looking for (`what`)
 * and the key, with the store's error as `cause`, so the failure path records a sentence a
 * person can act on. Any other store error is rethrown unchanged.
 */
export async function readStoredObject(
  store: ObjectStore,
  key: string,
  what: string,
): Promise<Uint8Array> {
  try {
    return await store.get(key);
  } catch (error) {
    if (!(error instanceof ObjectNotFoundError)) throw error;
    throw new ObjectNotFoundError(key, {
      cause: error,
      message: `${what} is missing: no object at key ${key}`,
    });
  }
}

/**
 * {@link readStoredObject}, decoded as UTF-8 JSON (not yet validated: parse it with its schema).
 */
export async function readStoredJson(
  store: ObjectStore,
  key: string,
  what: string,
): Promise<unknown> {
  return JSON.parse(new TextDecoder().decode(await readStoredObject(store, key, what)));
}

/** localStorage key under which the dev user picker remembers its choice. */
export const LOCAL_USER_STORAGE_KEY = 'lumcast.localUser';

/**
 * Suggested development users for the local identity picker.
 */
export const LOCAL_USER_PRESETS: readonly string[] = Object.freeze(['alice', 'bob', 'carol']);

/** Longest user id the picker accepts. */
export const LOCAL_USER_MAX_LENGTH = 64;

const USER_ID_PATTERN = /^[A-Za-z0-9._@-]+$/;

/**
 * Checks a typed development user id. Returns the trimmed id or a message.
 */
export function validateLocalUserId(
  input: string,
): { ok: true; userId: string } | { ok: false; message: string } {
  const userId = input.trim();
  if (userId === '') return { ok: false, message: 'Enter a user name.' };
  if (userId.length > LOCAL_USER_MAX_LENGTH) {
    return { ok: false, message: `Use at most ${LOCAL_USER_MAX_LENGTH} characters.` };
  }
  if (!USER_ID_PATTERN.test(userId)) {
    return { ok: false, message: 'Use letters, digits, dot, dash, underscore or @ only.' };
  }
  return { ok: true, userId };
}

/**
 * Reads the remembered development user, ignoring anything invalid.
 */
export function readLocalUser(storage: Pick<Storage, 'getItem'>): string | undefined {
  const stored = storage.getItem(LOCAL_USER_STORAGE_KEY);
  if (stored === null) return undefined;
  const checked = validateLocalUserId(stored);
  return checked.ok ? checked.userId : undefined;
}

/**
 * Remembers (or forgets, with `undefined`) the development user.
 */
export function writeLocalUser(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  userId: string | undefined,
): void {
  if (userId === undefined) storage.removeItem(LOCAL_USER_STORAGE_KEY);
  else storage.setItem(LOCAL_USER_STORAGE_KEY, userId);
}

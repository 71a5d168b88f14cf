import { randomBytes } from 'node:crypto';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { readTextIfExists } from './checked-json-file';
import { writePrivateFileAtomically } from './private-files';

/**
 * The name of the file, in the local stack's data folder, holding the key that signs episode
 * links (see `./local-episode-links.ts`).
 */
export const LINK_SECRET_FILE = 'link-secret';

/**
 * How many bytes the link key has: 32 random bytes (the HMAC-SHA256 block's worth of entropy).
 * On disk it is written as {@link LINK_SECRET_BYTES} × 2 lowercase hexadecimal characters and
 * nothing else (a trailing newline is accepted, so a file edited by hand still reads).
 */
export const LINK_SECRET_BYTES = 32;

const HEX_KEY = new RegExp(`^[0-9a-f]{${LINK_SECRET_BYTES * 2}}\\n?$`);

/**
 * The link-secret file exists but does not hold a 32-byte key in hex: empty (say, left by a
 * crash), truncated, or not hex. The local stack refuses to start on it rather than sign links
 * with a weak or empty key.
 */
export class LinkSecretError extends Error {
  override readonly name = 'LinkSecretError';

  constructor(
    readonly file: string,
    detail: string,
  ) {
    super(
      `${file} is not a valid link key: ${detail}. It must hold ${LINK_SECRET_BYTES * 2} lowercase hex characters (${LINK_SECRET_BYTES} random bytes). ` +
        'Delete it to have a new key made at the next start (links handed out before stop working).',
    );
  }
}

/**
 * The data folder's link key: read and checked when the file exists, made otherwise with
 * `crypto.randomBytes(32)`. A new key is written atomically: to a temporary file created
 * exclusively (`wx`, mode 0600) and synced, then renamed into place, so a crash leaves either
 * no file or a whole one, never an empty one. The existing file's mode is set to 0600.
 *
 * @throws LinkSecretError when the file is there but empty, corrupt or not 32 bytes.
 */
export async function linkSecret(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, LINK_SECRET_FILE);
  const existing = await readKeyFile(file);
  if (existing !== undefined) return existing;
  await writePrivateFileAtomically(file, `${randomBytes(LINK_SECRET_BYTES).toString('hex')}\n`);
  // Read back what is on disk, so a stack started at the same moment on the same folder and
  // this one agree on the key whichever rename came last.
  const written = await readKeyFile(file);
  if (written === undefined) throw new LinkSecretError(file, 'it vanished as it was written');
  return written;
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  const text = await readTextIfExists(file);
  if (text === undefined) return undefined;
  if (text.length === 0) throw new LinkSecretError(file, 'it is empty');
  if (!HEX_KEY.test(text)) {
    const length = text.trimEnd().length;
    throw new LinkSecretError(
      file,
      /^[0-9a-f]*$/.test(text.trimEnd())
        ? `it holds ${length} hex characters, not ${LINK_SECRET_BYTES * 2}`
        : 'it is not lowercase hex',
    );
  }
  await chmod(file, 0o600);
  return Buffer.from(text.trimEnd(), 'hex');
}

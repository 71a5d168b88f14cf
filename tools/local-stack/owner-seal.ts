import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals a user id into an opaque token for a local episode link, and opens it again: AES-256-GCM
 * under a key derived from the data folder's link key (HMAC-SHA256 of it with a fixed label, so
 * the link key itself never encrypts), a fresh random IV each time. A link then carries
 * `owner=<token>` instead of the user id in the clear, so whoever follows a feed's redirect (a
 * podcast app, or anyone the feed was shared with) learns nothing of its owner; a token that was
 * not sealed with this key opens to nothing.
 */
export class OwnerSeal {
  private readonly key: Buffer;

  constructor(linkKey: Buffer) {
    this.key = createHmac('sha256', linkKey).update('lumcast local link owner').digest();
  }

  /** The user id as an opaque base64url token (IV, tag, ciphertext). */
  seal(userId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(userId, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The user id a token holds, or `undefined` for anything this key did not seal. */
  open(token: string | null): string | undefined {
    if (!token) return undefined;
    const bytes = Buffer.from(token, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const opened = Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
      return opened.toString('utf8');
    } catch {
      return undefined;
    }
  }
}

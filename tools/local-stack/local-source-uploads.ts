import { createHmac } from 'node:crypto';
import type { SourceUploads, UploadForm } from '@lumcast/pipeline';
import { LINK_SECRET_BYTES } from './link-secret';
import { parseSignedDecimal, signatureMatches } from './signed-fields';

/**
 * The local server's route that receives upload forms (`multipart/form-data`, as S3's POST
 * Object takes them).
 */
export const LOCAL_UPLOAD_PATH = '/api/sources/upload';

/** What a verified local upload form allows: one key, one type, at most `maxBytes`. */
export interface VerifiedUpload {
  key: string;
  contentType: string;
  maxBytes: number;
}

/**
 * {@link SourceUploads} for the local stack, built like a presigned S3 POST: the form's fields
 * carry the key, the type, the size bound and the expiry, signed with the data folder's link
 * secret, and the local server ({@link LOCAL_UPLOAD_PATH}) keeps a file only under a form it
 * verifies, of that type and within that size. The URL is relative (same origin as the
 * dashboard, as every local link is).
 */
export class LocalSourceUploads implements SourceUploads {
  private readonly now: () => Date;

  constructor(private readonly options: { secret: Buffer; now?: () => Date }) {
    // An empty or short key would let anyone forge a form (an HMAC with key '' is public).
    if (options.secret.length !== LINK_SECRET_BYTES)
      throw new RangeError(
        `The upload key must be ${LINK_SECRET_BYTES} bytes, not ${options.secret.length}`,
      );
    this.now = options.now ?? (() => new Date());
  }

  async formFor(upload: {
    key: string;
    contentType: string;
    maxBytes: number;
    expiresInSeconds: number;
  }): Promise<UploadForm> {
    const expires = Math.floor(this.now().getTime() / 1000) + upload.expiresInSeconds;
    return {
      url: LOCAL_UPLOAD_PATH,
      fields: {
        key: upload.key,
        'Content-Type': upload.contentType,
        'x-lumcast-max-bytes': String(upload.maxBytes),
        'x-lumcast-expires': String(expires),
        'x-lumcast-signature': this.signature(
          upload.key,
          upload.contentType,
          upload.maxBytes,
          expires,
        ).toString('hex'),
      },
    };
  }

  /**
   * Checks a form's fields (signature and expiry); undefined when they are not a valid form. Only
   * the spelling {@link formFor} makes verifies: the size bound and expiry in plain decimal, the
   * signature as 64 lower-case hex characters, compared in constant time (`./signed-fields.ts`).
   * `fields` answers a field's one value (undefined when it is absent or repeated).
   */
  verify(fields: (name: string) => string | undefined): VerifiedUpload | undefined {
    const key = fields('key');
    const contentType = fields('Content-Type');
    const maxBytes = parseSignedDecimal(fields('x-lumcast-max-bytes'));
    const expires = parseSignedDecimal(fields('x-lumcast-expires'));
    if (!key || !contentType || maxBytes === undefined || expires === undefined) return undefined;
    if (expires * 1000 < this.now().getTime()) return undefined;
    const expected = this.signature(key, contentType, maxBytes, expires);
    if (!signatureMatches(fields('x-lumcast-signature'), expected)) return undefined;
    return { key, contentType, maxBytes };
  }

  private signature(key: string, contentType: string, maxBytes: number, expires: number): Buffer {
    return createHmac('sha256', this.options.secret)
      .update(`upload\n${key}\n${contentType}\n${maxBytes}\n${expires}`)
      .digest();
  }
}

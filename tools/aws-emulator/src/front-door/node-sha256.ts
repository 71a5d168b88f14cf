import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';

/** What the signer hands a hash: text, bytes or an ArrayBuffer. */
type SourceData = string | ArrayBuffer | ArrayBufferView;

function bytes(data: SourceData): string | Uint8Array {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/**
 * SHA-256, or HMAC-SHA256 when given a secret, in the shape `@smithy/signature-v4`'s `sha256`
 * option takes (the SDK's own hash packages are not dependencies of this tool).
 *
 * @example
 * ```ts
 * const signer = new SignatureV4({ service: 's3', region: 'us-east-1', sha256: NodeSha256, credentials });
 * ```
 */
export class NodeSha256 {
  private readonly hash: Hash | Hmac;

  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }

  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }

  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }

  reset(): void {
    throw new Error('NodeSha256 is single-use: make a new one');
  }
}

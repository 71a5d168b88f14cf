import {
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { ObjectStore } from '../ports/object-store';

/**
 * {@link ObjectStore} on an S3 bucket.
 *
 * @example
 * ```ts
 * const store = new S3ObjectStore({ client: new S3Client({}), bucket: 'lumcast-audio' });
 * ```
 */
export class S3ObjectStore implements ObjectStore {
  constructor(private readonly options: { client: S3Client; bucket: string }) {}

  async put(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
    await this.options.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async get(key: string): Promise<Uint8Array> {
    const { Body } = await this.options.client.send(
      new GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
    );
    if (!Body) throw new Error(`S3 object ${key} has no body`);
    return Body.transformToByteArray();
  }

  async delete(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.options.client.send(
      new DeleteObjectsCommand({
        Bucket: this.options.bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
}

import {
  DeleteObjectsCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { ObjectNotFoundError } from '../errors';
import type { ObjectStore } from '../ports/object-store';

/**
 * Whether an S3 error means "no object at this key": `NoSuchKey` (GET), `NotFound` (HEAD,
 * which has no error body), or any other 404 except `NoSuchBucket` (a wrong bucket is a
 * configuration error, not a missing object). Without `s3:ListBucket` S3 answers a missing
 * key with 403 `AccessDenied`, which is not mapped: it cannot be told from a real denial.
 */
function isMissingObject(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, $metadata } = error as { name?: unknown; $metadata?: { httpStatusCode?: unknown } };
  if (name === 'NoSuchKey' || name === 'NotFound') return true;
  return $metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket';
}

/**
 * {@link ObjectStore} on an S3 bucket. `get` of a missing key throws
 * {@link ObjectNotFoundError} (the SDK error as `cause`); other SDK errors (`AccessDenied`,
 * `NoSuchBucket`, throttling, network) are rethrown unchanged.
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
    let Body;
    try {
      ({ Body } = await this.options.client.send(
        new GetObjectCommand({ Bucket: this.options.bucket, Key: key }),
      ));
    } catch (error) {
      if (isMissingObject(error)) {
        throw new ObjectNotFoundError(key, {
          cause: error,
          message: `No object at key ${key} in bucket ${this.options.bucket}`,
        });
      }
      throw error;
    }
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

import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { LocalServiceStartError } from '../errors';
import type { BucketSpec } from '../template/synthesized-app';

/**
 * The access key s3rver knows (its built-in account); a front door re-signs with it.
 *
 * @example
 * ```ts
 * new S3Client({ endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS, region: 'us-east-1' });
 * ```
 */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * A running S3 server.
 *
 * @example
 * ```ts
 * const s3 = await startS3Server(app.buckets);
 * await s3.stop();
 * ```
 */
export interface RunningS3Server {
  readonly endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts s3rver (pure-JS fake S3, path-style) on 127.0.0.1 with the template's buckets, storing
 * objects in a temporary folder removed by `stop()`, or in `options.directory`, kept across runs
 * (created with mode 0700 if missing). What s3rver checks and what it does not:
 * it answers GET with `Range` (206 + Content-Range), HEAD, PUT, DELETE, multi-object delete,
 * ListObjectsV2; it requires a known access key (`S3RVER`) but does NOT verify SigV4 signatures
 * (its code says "Signature version 4 calculation is unimplemented") — SigV4 signatures and
 * presigned expiry have to be verified in front of it, which the front door (aws-endpoints) is
 * meant to do. Bucket CORS rules from the template are not applied here.
 *
 * @example
 * ```ts
 * const s3 = await startS3Server(app.buckets);
 * const client = new S3Client({ endpoint: s3.endpoint, forcePathStyle: true, region: 'us-east-1', credentials: S3RVER_CREDENTIALS });
 * ```
 */
export async function startS3Server(
  buckets: readonly BucketSpec[],
  options: { port?: number; directory?: string } = {},
): Promise<RunningS3Server> {
  const kept = options.directory !== undefined;
  const directory = kept
    ? path.resolve(options.directory as string)
    : mkdtempSync(path.join(tmpdir(), 'aws-emulator-s3-'));
  if (kept) mkdirSync(directory, { recursive: true, mode: 0o700 });
  const removeTemporary = () => {
    if (!kept) rmSync(directory, { recursive: true, force: true });
  };
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    directory,
    resetOnClose: !kept,
    vhostBuckets: false,
    configureBuckets: buckets.map((b) => ({ name: b.bucketName })),
  });
  let address: AddressInfo;
  try {
    address = (await server.run()) as AddressInfo;
  } catch (cause) {
    removeTemporary();
    throw new LocalServiceStartError('s3rver did not start', { cause });
  }
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      await server.close();
      removeTemporary();
    },
  };
}

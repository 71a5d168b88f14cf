import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** A local S3 (s3rver) with one bucket, and a real S3Client pointed at it. */
export interface LocalS3 {
  readonly endpoint: string;
  readonly bucket: string;
  readonly client: S3Client;
  stop(): Promise<void>;
}

/**
 * Starts s3rver on 127.0.0.1 (a free port, path-style) with `bucket`, its objects in a
 * temporary folder removed by `stop()`. s3rver knows the access key `S3RVER` only.
 */
export async function startLocalS3(bucket: string): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'pipeline-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    resetOnClose: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    maxAttempts: 1,
  });
  return {
    endpoint,
    bucket,
    client,
    stop: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

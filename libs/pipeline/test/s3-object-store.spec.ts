/**
 * S3ObjectStore's not-found mapping: against a real S3 server (s3rver) with the real
 * S3Client, and, for the error shapes s3rver cannot produce, against a client whose `send`
 * rejects with the SDK's own exception class.
 */
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { ObjectNotFoundError } from '../src/errors';
import { S3ObjectStore } from '../src/adapters/s3-object-store';
import { objectKeys } from '../src/ports/object-store';
import { startLocalS3, type LocalS3 } from './local-s3';

let s3: LocalS3;
let store: S3ObjectStore;

beforeAll(async () => {
  s3 = await startLocalS3('audio');
  store = new S3ObjectStore({ client: s3.client, bucket: s3.bucket });
});
afterAll(() => s3.stop());

/** The error `promise` rejects with (fails the test if it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('S3ObjectStore against a local S3 server', () => {
  it('gets back the bytes it put', async () => {
    const key = objectKeys.scriptPart('alice', 'j-round-trip', 0);
    await store.put(key, '{"kind":"chapter"}', 'application/json');
    expect(new TextDecoder().decode(await store.get(key))).toBe('{"kind":"chapter"}');
  });

  it('throws ObjectNotFoundError with the key and the NoSuchKey error as cause for a part never written', async () => {
    const key = objectKeys.scriptPart('alice', 'j-never-written', 3);
    const error = await rejectionOf(store.get(key));

    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect(error).toMatchObject({ name: 'ObjectNotFoundError', key });
    expect((error as Error).message).toContain(key);
    expect((error as Error).cause).toMatchObject({
      name: 'NoSuchKey',
      $metadata: { httpStatusCode: 404 },
    });
  });

  it('throws ObjectNotFoundError for an object it deleted', async () => {
    const key = objectKeys.script('alice', 'j-deleted');
    await store.put(key, '{}', 'application/json');
    await store.delete([key]);
    await expect(store.get(key)).rejects.toMatchObject({ name: 'ObjectNotFoundError', key });
  });

  it('rethrows a missing bucket unchanged (NoSuchBucket is configuration, not a missing object)', async () => {
    const wrongBucket = new S3ObjectStore({ client: s3.client, bucket: 'no-such-bucket' });
    const error = await rejectionOf(wrongBucket.get(objectKeys.script('alice', 'j-1')));

    expect(error).not.toBeInstanceOf(ObjectNotFoundError);
    expect(error).toMatchObject({ name: 'NoSuchBucket', $metadata: { httpStatusCode: 404 } });
  });

  it('rethrows a refused access key unchanged', async () => {
    const stranger = new S3Client({
      endpoint: s3.endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'STRANGER', secretAccessKey: 'STRANGER' },
      maxAttempts: 1,
    });
    try {
      const refused = new S3ObjectStore({ client: stranger, bucket: s3.bucket });
      const error = await rejectionOf(refused.get(objectKeys.script('alice', 'j-1')));

      expect(error).not.toBeInstanceOf(ObjectNotFoundError);
      expect(error).toMatchObject({
        name: 'InvalidAccessKeyId',
        $metadata: { httpStatusCode: 403 },
      });
    } finally {
      stranger.destroy();
    }
  });
});

describe('S3ObjectStore error mapping for shapes a local server does not send', () => {
  /** A store whose client rejects every call with `error`. */
  const failingWith = (error: unknown) =>
    new S3ObjectStore({
      client: { send: () => Promise.reject(error) } as unknown as S3Client,
      bucket: 'audio',
    });
  const serviceError = (name: string, httpStatusCode: number) =>
    new S3ServiceException({
      name,
      $fault: 'client',
      $metadata: { httpStatusCode },
      message: name,
    });

  it('maps NotFound (a HEAD-style 404 without a body) to ObjectNotFoundError', async () => {
    const cause = serviceError('NotFound', 404);
    const error = await rejectionOf(failingWith(cause).get('scripts/alice/j-1.json'));
    expect(error).toBeInstanceOf(ObjectNotFoundError);
    expect((error as Error).cause).toBe(cause);
  });

  it('maps an unnamed 404 (a proxy or an SDK without the error code) to ObjectNotFoundError', async () => {
    const error = await rejectionOf(failingWith(serviceError('UnknownError', 404)).get('k'));
    expect(error).toBeInstanceOf(ObjectNotFoundError);
  });

  it('rethrows AccessDenied unchanged, since S3 also answers a missing key so without s3:ListBucket', async () => {
    const cause = serviceError('AccessDenied', 403);
    expect(await rejectionOf(failingWith(cause).get('k'))).toBe(cause);
  });

  it('rethrows an error that is not from S3 unchanged', async () => {
    const cause = new TypeError('socket closed');
    expect(await rejectionOf(failingWith(cause).get('k'))).toBe(cause);
  });
});

import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  loadSynthesizedApp,
  S3RVER_CREDENTIALS,
  startS3Server,
  type RunningS3Server,
} from '@lumcast/aws-emulator';
import { CDK_OUT_DIR } from './support/synthesized-template';

const app = loadSynthesizedApp({ cdkOutDir: CDK_OUT_DIR, endpoints: {} });
let s3: RunningS3Server;
let client: S3Client;

beforeAll(async () => {
  s3 = await startS3Server(app.buckets);
  client = new S3Client({
    endpoint: s3.endpoint,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
  });
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
});

describe('startS3Server with the template’s buckets', () => {
  it('stores an object in each bucket and reads it back', async () => {
    for (const bucket of app.buckets) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket.bucketName,
          Key: 'episodes/a.txt',
          Body: 'hello world',
        }),
      );
      const read = await client.send(
        new GetObjectCommand({ Bucket: bucket.bucketName, Key: 'episodes/a.txt' }),
      );
      expect(await read.Body?.transformToString()).toBe('hello world');
    }
  });

  it('answers a Range request with only those bytes', async () => {
    const bucket = app.buckets[0]?.bucketName as string;
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: 'r.bin', Body: '0123456789' }));
    const read = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: 'r.bin', Range: 'bytes=2-5' }),
    );
    expect(await read.Body?.transformToString()).toBe('2345');
    expect(read.ContentRange).toBe('bytes 2-5/10');
  });
});

/**
 * A data folder the in-process `npm start` left (tables `lumcast-*` in DynamoDB Local's database,
 * objects as files under `<data>/objects`) keeps its episodes, quota and audio on the engine run:
 * its first start moves them into the template's tables and bucket. The old layout is made from
 * a real episode: made on the engine, then moved by this spec into the in-process run's tables
 * and folder, as that run kept them.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  DeleteItemCommand,
  DescribeTableCommand,
  ListTablesCommand,
  PutItemCommand,
  ScanCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { S3RVER_CREDENTIALS } from '@lumcast/aws-emulator';
import type { LocalStack } from './engine-test-stack';
import { bucketName, tableNames } from '../engine-configuration';
import { ensureTables, LOCAL_TABLES, type LocalTableNames } from '../tables';
import { engineOf, startEngineTestStack } from './engine-test-stack';
import { callApi, makeEpisode, SHORT_SOURCE, temporaryDataDir, ToneSynthesizer } from './support';

jest.setTimeout(180_000);

const data = temporaryDataDir();
const ROLES = ['users', 'jobs', 'series', 'feeds'] as const;

function start(): Promise<LocalStack> {
  return startEngineTestStack({
    dataDir: data.dir,
    port: 0,
    scriptWriter: 'offline',
    speech: 'local',
    dashboardDir: path.join(data.dir, 'no-dashboard'),
    tones: new ToneSynthesizer(),
  });
}

async function keyNames(client: DynamoDBClient, table: string): Promise<string[]> {
  const described = await client.send(new DescribeTableCommand({ TableName: table }));
  return (described.Table?.KeySchema ?? []).map((key) => key.AttributeName as string);
}

/** Moves every item of the engine's tables into the in-process run's, as that run kept them. */
async function moveItemsToInProcessTables(client: DynamoDBClient, engineTables: LocalTableNames) {
  await ensureTables(client, LOCAL_TABLES);
  for (const role of ROLES) {
    const keys = await keyNames(client, engineTables[role]);
    const { Items = [] } = await client.send(new ScanCommand({ TableName: engineTables[role] }));
    for (const item of Items) {
      await client.send(new PutItemCommand({ TableName: LOCAL_TABLES[role], Item: item }));
      const key = Object.fromEntries(keys.map((name) => [name, item[name]!]));
      await client.send(new DeleteItemCommand({ TableName: engineTables[role], Key: key }));
    }
  }
}

/** Moves every object of the bucket into `<data>/objects/<key>`, as the file object store kept them. */
async function moveObjectsToFiles(s3: S3Client, bucket: string): Promise<number> {
  const { Contents = [] } = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
  for (const { Key } of Contents) {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key }));
    const file = path.join(data.dir, 'objects', Key as string);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    );
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
  }
  return Contents.length;
}

async function audioOf(stack: LocalStack, jobId: string): Promise<Buffer> {
  const job = await callApi(stack, 'GET', `/api/podcasts/${jobId}`, { user: 'ivy' });
  const response = await fetch(new URL(job.body.audioUrl as string, stack.url));
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

afterAll(() => data.remove());

describe('a data folder the in-process run left', () => {
  it('keeps its episodes, quota and audio on the engine run, moved in at the first start and only then', async () => {
    let stack = await start();
    const made = await makeEpisode(stack, 'ivy', {
      topic: 'Tides',
      sourceText: SHORT_SOURCE,
      minutes: 1,
      quality: 'neural',
    });
    expect(made.status).toBe('ready');
    const quota = (await callApi(stack, 'GET', '/api/quota', { user: 'ivy' })).body;
    const audio = await audioOf(stack, made.jobId);
    const emulator = engineOf(stack);
    const tables = tableNames(emulator.app.functions);
    const bucket = bucketName(emulator.app.functions);
    await moveItemsToInProcessTables(stack.dynamo.client, tables);
    const s3 = new S3Client({
      endpoint: emulator.s3ServerUrl,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: S3RVER_CREDENTIALS,
    });
    const objects = await moveObjectsToFiles(s3, bucket);
    s3.destroy();
    expect(
      (await callApi(stack, 'GET', `/api/podcasts/${made.jobId}`, { user: 'ivy' })).status,
    ).toBe(404);
    await stack.stop();

    stack = await start();
    try {
      expect(stack.imported).toEqual({
        items: { users: expect.any(Number), jobs: expect.any(Number), series: 0, feeds: 0 },
        objects,
      });
      expect(stack.imported?.items.jobs).toBeGreaterThan(0);
      const job = (await callApi(stack, 'GET', `/api/podcasts/${made.jobId}`, { user: 'ivy' }))
        .body;
      expect(job).toMatchObject({
        status: 'ready',
        cost: made.cost,
        durationSeconds: made.durationSeconds,
      });
      expect((await callApi(stack, 'GET', '/api/quota', { user: 'ivy' })).body).toEqual(quota);
      expect((await audioOf(stack, made.jobId)).equals(audio)).toBe(true);
      const { TableNames = [] } = await stack.dynamo.client.send(new ListTablesCommand({}));
      expect(TableNames.filter((name) => name.startsWith('lumcast-'))).toEqual([]);
      expect(existsSync(path.join(data.dir, 'objects'))).toBe(false);
    } finally {
      await stack.stop();
    }

    stack = await start();
    try {
      expect(stack.imported).toEqual({ items: {}, objects: 0 });
      const job = (await callApi(stack, 'GET', `/api/podcasts/${made.jobId}`, { user: 'ivy' }))
        .body;
      expect(job.status).toBe('ready');
    } finally {
      await stack.stop();
    }
  });
});

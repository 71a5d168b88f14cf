import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  PutItemCommand,
  ScanCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3RVER_CREDENTIALS } from '@lumcast/aws-emulator';
import { LOCAL_TABLES as IN_PROCESS_TABLES, type LocalTableNames } from './tables';

/** The folder the in-process run kept its objects in, one file per key. */
const IN_PROCESS_OBJECTS = 'objects';

/** Where the engine run keeps what the in-process run kept. */
export interface EngineDataPlaces {
  /** DynamoDB Local itself (past the front door); the same `-sharedDb` database in `<data>/dynamodb`. */
  dynamodbUrl: string;
  /** The S3 server itself (path style, `S3RVER_CREDENTIALS`). */
  s3ServerUrl: string;
  /** The template's tables, by role. */
  tables: LocalTableNames;
  /** The template's bucket for episodes and uploads. */
  bucket: string;
}

/** What {@link importInProcessData} moved. */
export interface ImportedData {
  /** Items put, per role; an item whose key the engine's table already had is kept as it is. */
  items: Partial<Record<keyof LocalTableNames, number>>;
  objects: number;
}

/** An object's type from its key's extension, as the pipeline stored it. */
function contentTypeOf(key: string): string {
  if (key.endsWith('.mp3')) return 'audio/mpeg';
  if (key.endsWith('.vtt')) return 'text/vtt; charset=utf-8';
  if (key.endsWith('.json')) return 'application/json';
  return 'application/octet-stream';
}

async function filesUnder(root: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  const nested = await Promise.all(
    entries.map((entry) => {
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return filesUnder(root, key);
      // A write the in-process store never finished (its temporary file) is no object.
      return entry.isFile() && !entry.name.endsWith('.tmp') ? [key] : [];
    }),
  );
  return nested.flat();
}

async function copyTable(client: DynamoDBClient, from: string, to: string): Promise<number> {
  const described = await client.send(new DescribeTableCommand({ TableName: to }));
  const partitionKey = described.Table?.KeySchema?.find((key) => key.KeyType === 'HASH');
  if (!partitionKey?.AttributeName) throw new Error(`The table ${to} has no partition key`);
  let put = 0;
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: from, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) {
      try {
        await client.send(
          new PutItemCommand({
            TableName: to,
            Item: item,
            ConditionExpression: 'attribute_not_exists(#key)',
            ExpressionAttributeNames: { '#key': partitionKey.AttributeName },
          }),
        );
        put += 1;
      } catch (error) {
        // The engine's table has this item already (an engine run wrote it): it stays.
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return put;
}

/**
 * Moves what an in-process `npm start` (the local stack before issue 32) left in a data folder
 * into the engine run's tables and bucket, so a user's episodes, quota, series, hosts and feeds
 * survive the switch: run at start, before recovery and before the server listens.
 *
 * - Tables: both runs keep DynamoDB Local's one `-sharedDb` database in `<data>/dynamodb`; the
 *   in-process run named its tables `lumcast-*` (`LOCAL_TABLES` of `./tables.ts`). Each of their items
 *   is put into the template's table of the same role unless that table has an item with its key
 *   (the engine's copy wins), then the old table is deleted. The pacing table's items are turns
 *   of the past and are not moved.
 * - Objects: each file under `<data>/objects` is put into the bucket under its key, then the
 *   folder is removed.
 *
 * A crash part-way leaves the old tables or folder in place, and the next start moves them
 * again; items already moved are kept as they are. A folder with nothing of the in-process run
 * costs one `ListTables`.
 *
 * @example
 * ```ts
 * const imported = await importInProcessData(dataDir, { dynamodbUrl, s3ServerUrl, tables, bucket });
 * ```
 */
export async function importInProcessData(
  dataDir: string,
  places: EngineDataPlaces,
): Promise<ImportedData> {
  const imported: ImportedData = { items: {}, objects: 0 };
  const dynamodb = new DynamoDBClient({
    endpoint: places.dynamodbUrl,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const existing = new Set((await dynamodb.send(new ListTablesCommand({}))).TableNames ?? []);
    for (const role of Object.keys(IN_PROCESS_TABLES) as (keyof LocalTableNames)[]) {
      const old = IN_PROCESS_TABLES[role];
      if (!existing.has(old)) continue;
      if (role !== 'pacing') {
        imported.items[role] = await copyTable(dynamodb, old, places.tables[role]);
      }
      await dynamodb.send(new DeleteTableCommand({ TableName: old }));
    }
  } finally {
    dynamodb.destroy();
  }
  const objectsDir = path.join(dataDir, IN_PROCESS_OBJECTS);
  const keys = await filesUnder(objectsDir);
  if (keys.length === 0) {
    await rm(objectsDir, { recursive: true, force: true });
    return imported;
  }
  const s3 = new S3Client({
    endpoint: places.s3ServerUrl,
    forcePathStyle: true,
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
  });
  try {
    for (const key of keys) {
      await s3.send(
        new PutObjectCommand({
          Bucket: places.bucket,
          Key: key,
          Body: await readFile(path.join(objectsDir, key)),
          ContentType: contentTypeOf(key),
        }),
      );
      imported.objects += 1;
    }
  } finally {
    s3.destroy();
  }
  await rm(objectsDir, { recursive: true, force: true });
  return imported;
}

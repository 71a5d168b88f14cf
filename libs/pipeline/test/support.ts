import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { USERS_TABLE_KEY } from '@lumcast/quota';
import { SERIES_MEMORY_TABLE_KEY } from '@lumcast/script-generation';
import type { JobRecord } from '../src/jobs/job';
import type { ObjectStore } from '../src/ports/object-store';

process.env['POWERTOOLS_LOG_LEVEL'] ??= 'SILENT';

/** The table names every suite uses on its own dynalite. */
export const TABLES = Object.freeze({ users: 'users', jobs: 'jobs', series: 'series' });

/** A dynalite server with the users, jobs and series tables, and a real client pointed at it. */
export interface TestDynamo {
  client: DynamoDBClient;
  close(): Promise<void>;
}

/**
 * Starts an in-memory dynalite on 127.0.0.1 and creates the three tables with
 * the real DynamoDB client (the keys the libs declare).
 */
export async function startTestDynamo(): Promise<TestDynamo> {
  const dynalite = require('dynalite') as (options: { createTableMs: number }) => Server;
  const server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'local',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const tables: { name: string; keys: [string, 'HASH' | 'RANGE'][] }[] = [
    { name: TABLES.users, keys: [[USERS_TABLE_KEY.partitionKey, 'HASH']] },
    {
      name: TABLES.jobs,
      keys: [
        ['userId', 'HASH'],
        ['jobId', 'RANGE'],
      ],
    },
    {
      name: TABLES.series,
      keys: [
        [SERIES_MEMORY_TABLE_KEY.partitionKey, 'HASH'],
        [SERIES_MEMORY_TABLE_KEY.sortKey, 'RANGE'],
      ],
    },
  ];
  for (const table of tables) {
    await client.send(
      new CreateTableCommand({
        TableName: table.name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: table.keys.map(([AttributeName]) => ({
          AttributeName,
          AttributeType: 'S',
        })),
        KeySchema: table.keys.map(([AttributeName, KeyType]) => ({ AttributeName, KeyType })),
      }),
    );
  }
  return {
    client,
    close: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let sequence = 0;

/** A queued job record with sensible defaults; each call gets a fresh job id. */
export function queuedJob(overrides: Partial<JobRecord> = {}): JobRecord {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 11, 2, 9, 0, sequence)).toISOString();
  return {
    userId: 'alice',
    jobId: `j-test${String(sequence).padStart(6, '0')}-0000000000000000`,
    status: 'queued',
    topic: 'Tides',
    sourceText: 'Tides are the rise and fall of sea levels.',
    minutes: 2,
    quality: 'neural',
    createdAt: at,
    updatedAt: at,
    estimatedCost: 4,
    ...overrides,
  };
}

/** An {@link ObjectStore} in a Map, for steps whose storage is not the point of the test. */
export class MemoryObjectStore implements ObjectStore {
  readonly objects = new Map<string, Uint8Array>();

  async put(key: string, body: Uint8Array | string, _contentType = ''): Promise<void> {
    this.objects.set(key, typeof body === 'string' ? new TextEncoder().encode(body) : body);
  }

  async get(key: string): Promise<Uint8Array> {
    const body = this.objects.get(key);
    if (!body) throw new Error(`No object ${key}`);
    return body;
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) this.objects.delete(key);
  }
}

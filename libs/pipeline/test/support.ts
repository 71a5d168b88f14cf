import type { SQSRecord } from 'aws-lambda';
import type { SourceUploads } from '../src/ports/source-uploads';
import { createTables, startDynamoDbLocal, type LocalDynamo } from '@lumcast/local-dynamo';
import { QuotaLedger, USERS_TABLE_KEY } from '@lumcast/quota';
import { createApiHandler, type ApiDeps } from '../src/api/api-handler';
import { createLogger } from '../src/logging/logger';
import type { EpisodeLinks } from '../src/ports/episode-links';
import type { JobRecord } from '../src/jobs/job';
import { FEEDS_TABLE_KEY, FeedsTable } from '../src/feeds/feeds-table';
import { JOBS_TABLE_KEY, JobsTable } from '../src/jobs/jobs-table';
import { ObjectNotFoundError } from '../src/errors';
import { SeriesEpisodes } from '../src/series/series-episodes';
import { ensureSeriesEpisodesIndex } from '../src/series/series-episodes-index';
import { SERIES_MEMORY_TABLE_KEY } from '../src/series/series-memory';
import { SeriesHostProfiles } from '../src/series/series-host-profiles';
import type { ObjectStore } from '../src/ports/object-store';
import type { PodcastScript } from '@lumcast/script-generation';

process.env['POWERTOOLS_LOG_LEVEL'] ??= 'SILENT';

/** The table names every suite uses on its own DynamoDB Local. */
export const TABLES = Object.freeze({
  users: 'users',
  jobs: 'jobs',
  series: 'series',
  feeds: 'feeds',
});

/** A DynamoDB Local server with the users, jobs, series and feeds tables, and a real client pointed at it. */
export type TestDynamo = LocalDynamo;

/**
 * Starts an in-memory DynamoDB Local on 127.0.0.1 (the quota ledger writes with
 * `TransactWriteItems`, which dynalite lacks; a JVM, Java 17) and creates the four tables with
 * the real DynamoDB client (the keys the libs declare, and the jobs table's `series-episodes`
 * index as the local stack adds it).
 */
export async function startTestDynamo(): Promise<TestDynamo> {
  const dynamo = await startDynamoDbLocal();
  await createTables(dynamo.client, [
    { name: TABLES.users, partitionKey: USERS_TABLE_KEY.partitionKey },
    { name: TABLES.jobs, ...JOBS_TABLE_KEY },
    {
      name: TABLES.series,
      partitionKey: SERIES_MEMORY_TABLE_KEY.partitionKey,
      sortKey: SERIES_MEMORY_TABLE_KEY.sortKey,
    },
    {
      name: TABLES.feeds,
      partitionKey: FEEDS_TABLE_KEY.partitionKey,
      globalIndexes: [FEEDS_TABLE_KEY.userIndex],
    },
  ]);
  await ensureSeriesEpisodesIndex(dynamo.client, TABLES.jobs);
  return dynamo;
}

/**
 * The feed and series routes' tables on `dynamo`: the feeds table, the jobs table's series index
 * and the series table's host profiles.
 */
export function feedSources(
  dynamo: TestDynamo,
  now?: () => Date,
): { feeds: FeedsTable; seriesEpisodes: SeriesEpisodes; seriesHosts: SeriesHostProfiles } {
  return {
    feeds: new FeedsTable({
      client: dynamo.client,
      tableName: TABLES.feeds,
      ...(now ? { now } : {}),
    }),
    seriesEpisodes: new SeriesEpisodes({ client: dynamo.client, tableName: TABLES.jobs }),
    seriesHosts: new SeriesHostProfiles({ client: dynamo.client, tableName: TABLES.series }),
  };
}

/**
 * Records the name of every command `dynamo`'s real SDK client sends (a middleware on it),
 * so a test can say which calls a route made.
 */
export function countCommands(dynamo: TestDynamo, name: string): string[] {
  const commands: string[] = [];
  dynamo.client.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name },
  );
  return commands;
}

/** An SQS record as Lambda's event source mapping hands it over, with the given id and body. */
export function sqsRecord(messageId: string, body: string, receiveCount = 1): SQSRecord {
  return {
    messageId,
    receiptHandle: messageId,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: '0',
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:000000000000:jobs',
    awsRegion: 'us-east-1',
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

/**
 * An {@link ObjectStore} in a Map, for steps whose storage is not the point of the test;
 * like the real stores, `get` of a missing key throws {@link ObjectNotFoundError}.
 */
export class MemoryObjectStore implements ObjectStore {
  readonly objects = new Map<string, Uint8Array>();

  async put(key: string, body: Uint8Array | string, _contentType = ''): Promise<void> {
    this.objects.set(key, typeof body === 'string' ? new TextEncoder().encode(body) : body);
  }

  async get(key: string): Promise<Uint8Array> {
    const body = this.objects.get(key);
    if (!body) throw new ObjectNotFoundError(key);
    return body;
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) this.objects.delete(key);
  }
}

/** Upload forms for API tests that never make one (a call says so, rather than answering). */
export const NO_UPLOADS: SourceUploads = {
  formFor: async () => {
    throw new Error('This test makes no upload forms.');
  },
};

/**
 * The whole API handler on `dynamo`'s tables: the caller's id in `x-user`, a queue that takes
 * everything, no uploads, no episode links, an in-memory object store and the espeak-ng engine;
 * `overrides` replaces any of them (a suite's own store, queue or links).
 */
export function testApi(dynamo: TestDynamo, overrides: Partial<ApiDeps> = {}) {
  return createApiHandler({
    jobs: new JobsTable({ client: dynamo.client, tableName: TABLES.jobs }),
    ...feedSources(dynamo),
    ledger: new QuotaLedger({ client: dynamo.client, tableName: TABLES.users }),
    queue: { send: async () => undefined },
    uploads: NO_UPLOADS,
    links: { forJob: async () => ({}) },
    store: new MemoryObjectStore(),
    speechEngine: 'espeak-ng',
    identity: (event) => event.headers['x-user'],
    logger: createLogger('api-test'),
    ...overrides,
  });
}

/** {@link testApi} with the given episode links, for the feed suites. */
export function feedsApi(dynamo: TestDynamo, links: EpisodeLinks) {
  return testApi(dynamo, { links, logger: createLogger('feeds-test') });
}

/** `count` spoken words ("tide tide …"), for scripts whose timing a test computes. */
export function spokenWords(count: number): string {
  return Array.from({ length: count }, () => 'tide').join(' ');
}

/**
 * A two-host script of three turns in two chapters: 49, 98 and 196 words, which espeak-ng
 * (196 words a minute, `SPEECH_RATES`) speaks in 15, 30 and 60 seconds.
 */
export const TIMED_SCRIPT: PodcastScript = {
  title: 'Tides',
  summary: 'Why the sea rises and falls.',
  hosts: [{ name: 'Alex' }, { name: 'Sam' }],
  chapters: [
    {
      title: 'The moon',
      segments: [
        { speaker: 'Alex', text: spokenWords(49) },
        { speaker: 'Sam', text: spokenWords(98) },
      ],
    },
    { title: 'The sun', segments: [{ speaker: 'Alex', text: spokenWords(196) }] },
  ],
  keyPoints: ['The moon pulls the sea.'],
};

import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createTables } from '@lumcast/local-dynamo';
import {
  ensureSeriesEpisodesIndex,
  FEEDS_TABLE_KEY,
  JOBS_TABLE_KEY,
  SERIES_MEMORY_TABLE_KEY,
} from '@lumcast/pipeline';
import { PACING_TABLE_KEY } from '@lumcast/pacing';
import { USERS_TABLE_KEY } from '@lumcast/quota';

/** The local stack's table names. */
export interface LocalTableNames {
  users: string;
  jobs: string;
  series: string;
  feeds: string;
  pacing: string;
}

/** Table names used by the local stack (the CDK app names its own). */
export const LOCAL_TABLES: LocalTableNames = Object.freeze({
  users: 'lumcast-users',
  jobs: 'lumcast-jobs',
  series: 'lumcast-series',
  feeds: 'lumcast-feeds',
  pacing: 'lumcast-pacing',
});

/**
 * Creates the users, jobs, series, feeds and pacing tables (the feeds table with its `user-feeds`
 * index) if they do not exist yet, with
 * the keys the libs declare (the same the CDK app uses), and adds the jobs
 * table's `series-episodes` index unless it has it (a data folder from before
 * the index gets it on its next start, and one whose index projects fewer fields gets it
 * replaced; its older jobs carry no `userSeries`
 * and stay out of the listing).
 *
 * @example
 * ```ts
 * await ensureTables(client, LOCAL_TABLES);
 * ```
 */
export async function ensureTables(
  client: DynamoDBClient,
  names: LocalTableNames = LOCAL_TABLES,
): Promise<void> {
  await createTables(client, [
    { name: names.users, partitionKey: USERS_TABLE_KEY.partitionKey },
    { name: names.jobs, ...JOBS_TABLE_KEY },
    {
      name: names.series,
      partitionKey: SERIES_MEMORY_TABLE_KEY.partitionKey,
      sortKey: SERIES_MEMORY_TABLE_KEY.sortKey,
    },
    {
      name: names.feeds,
      partitionKey: FEEDS_TABLE_KEY.partitionKey,
      globalIndexes: [FEEDS_TABLE_KEY.userIndex],
    },
    { name: names.pacing, partitionKey: PACING_TABLE_KEY },
  ]);
  await ensureSeriesEpisodesIndex(client, names.jobs, { replaceOtherShape: true });
}

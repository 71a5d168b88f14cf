import { setTimeout as sleepFor } from 'node:timers/promises';
import {
  DescribeTableCommand,
  DynamoDBServiceException,
  UpdateTableCommand,
  type DynamoDBClient,
  type UpdateTableCommandInput,
  type GlobalSecondaryIndexDescription,
} from '@aws-sdk/client-dynamodb';
import { SeriesEpisodesError } from '../errors';
import { JOB_SUMMARY_FIELDS } from '../jobs/job-item';
import { JOBS_TABLE_KEY } from '../jobs/jobs-table';
import { USER_SERIES_ATTRIBUTE } from '../keys/user-series-key';

const keys: readonly string[] = [
  JOBS_TABLE_KEY.partitionKey,
  JOBS_TABLE_KEY.sortKey,
  USER_SERIES_ATTRIBUTE,
  'createdAt',
];

/**
 * The jobs table's `series-episodes` global secondary index, for the CDK app, the local stack
 * and test tables to create the same index: partition `userSeries` (S) = `<userId>#<seriesId>`,
 * sort `createdAt` (S), projecting the summary fields (`JOB_SUMMARY_FIELDS`, never `sourceText`). Changing the projection
 * means replacing the index (DynamoDB cannot change it in place).
 */
export const SERIES_EPISODES_INDEX = Object.freeze({
  name: 'series-episodes',
  partitionKey: USER_SERIES_ATTRIBUTE,
  sortKey: 'createdAt',
  nonKeyAttributes: Object.freeze(JOB_SUMMARY_FIELDS.filter((field) => !keys.includes(field))),
} as const);

/** Options of {@link ensureSeriesEpisodesIndex}. */
export interface EnsureSeriesEpisodesIndexOptions {
  /** How long to wait for a new index to become ACTIVE; default 30 s. */
  timeoutMs?: number;
  /** Between two DescribeTable calls while waiting; default 100 ms. */
  pollMs?: number;
  /**
   * Replace an index of that name with other keys or another projection (delete it, wait until
   * it is gone, add it again, and let DynamoDB backfill it) instead of refusing it. For data
   * folders the local stack owns; in AWS the CDK app owns the index. Default false.
   */
  replaceOtherShape?: boolean;
}

/**
 * Adds the {@link SERIES_EPISODES_INDEX} to an existing jobs table unless it has it, and waits
 * until the index is ACTIVE; safe to call on every start. DynamoDB backfills the new index from
 * the jobs that already carry `userSeries`; jobs written before `userSeries` existed carry none
 * and stay out of it. An index of that name with other keys or another projection (one made by
 * an older release, before the list fields grew) is refused, or replaced when
 * `replaceOtherShape` is set; an index is derived data, so replacing it loses nothing. DynamoDB failures (dynalite refuses to add an index by UpdateTable:
 * create the table with the index there), and an index not ACTIVE within `timeoutMs`, are
 * {@link SeriesEpisodesError}.
 *
 * @example
 * ```ts
 * await createTables(client, [{ name: 'lumcast-jobs', ...JOBS_TABLE_KEY }]);
 * await ensureSeriesEpisodesIndex(client, 'lumcast-jobs');
 * ```
 */
export async function ensureSeriesEpisodesIndex(
  client: DynamoDBClient,
  tableName: string,
  options: EnsureSeriesEpisodesIndexOptions = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const pollMs = options.pollMs ?? 100;
  let index = await describeIndex(client, tableName);
  if (index !== undefined && !hasExpectedShape(index)) {
    if (!options.replaceOtherShape) {
      throw new SeriesEpisodesError(
        `the ${SERIES_EPISODES_INDEX.name} index of ${tableName} has other keys or another ` +
          'projection; DynamoDB cannot change them in place, so replace the index',
      );
    }
    await updateTable(client, tableName, [{ Delete: { IndexName: SERIES_EPISODES_INDEX.name } }]);
    while (index !== undefined) {
      throwIfLate(deadline, tableName, `${index.IndexStatus ?? 'present'} after its deletion`);
      await sleepFor(pollMs);
      index = await describeIndex(client, tableName);
    }
  }
  if (index === undefined) {
    const input = createIndexInput(tableName);
    await updateTable(client, tableName, input.GlobalSecondaryIndexUpdates, input);
  }
  while (index?.IndexStatus !== 'ACTIVE') {
    throwIfLate(deadline, tableName, `${index?.IndexStatus ?? 'missing'} after UpdateTable`);
    await sleepFor(pollMs);
    index = await describeIndex(client, tableName);
  }
}

function throwIfLate(deadline: number, tableName: string, state: string): void {
  if (Date.now() > deadline) {
    throw new SeriesEpisodesError(
      `the ${SERIES_EPISODES_INDEX.name} index of ${tableName} is still ${state}`,
    );
  }
}

async function updateTable(
  client: DynamoDBClient,
  tableName: string,
  updates: UpdateTableCommandInput['GlobalSecondaryIndexUpdates'],
  input: Partial<UpdateTableCommandInput> = {},
): Promise<void> {
  try {
    await client.send(
      new UpdateTableCommand({
        ...input,
        TableName: tableName,
        GlobalSecondaryIndexUpdates: updates,
      }),
    );
  } catch (error) {
    throw indexFailure(error, tableName);
  }
}

function createIndexInput(tableName: string) {
  return {
    TableName: tableName,
    AttributeDefinitions: [
      { AttributeName: SERIES_EPISODES_INDEX.partitionKey, AttributeType: 'S' as const },
      { AttributeName: SERIES_EPISODES_INDEX.sortKey, AttributeType: 'S' as const },
    ],
    GlobalSecondaryIndexUpdates: [
      {
        Create: {
          IndexName: SERIES_EPISODES_INDEX.name,
          KeySchema: [
            { AttributeName: SERIES_EPISODES_INDEX.partitionKey, KeyType: 'HASH' as const },
            { AttributeName: SERIES_EPISODES_INDEX.sortKey, KeyType: 'RANGE' as const },
          ],
          Projection: {
            ProjectionType: 'INCLUDE' as const,
            NonKeyAttributes: [...SERIES_EPISODES_INDEX.nonKeyAttributes],
          },
        },
      },
    ],
  };
}

function hasExpectedShape(index: GlobalSecondaryIndexDescription): boolean {
  const expected = createIndexInput('').GlobalSecondaryIndexUpdates[0]?.Create;
  const sameKeys = JSON.stringify(index.KeySchema) === JSON.stringify(expected?.KeySchema);
  const projected = [...(index.Projection?.NonKeyAttributes ?? [])].sort();
  const sameProjection =
    index.Projection?.ProjectionType === 'INCLUDE' &&
    JSON.stringify(projected) ===
      JSON.stringify([...SERIES_EPISODES_INDEX.nonKeyAttributes].sort());
  return sameKeys && sameProjection;
}

async function describeIndex(
  client: DynamoDBClient,
  tableName: string,
): Promise<GlobalSecondaryIndexDescription | undefined> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return Table?.GlobalSecondaryIndexes?.find(
      (index) => index.IndexName === SERIES_EPISODES_INDEX.name,
    );
  } catch (error) {
    throw indexFailure(error, tableName);
  }
}

function indexFailure(error: unknown, tableName: string): unknown {
  if (!(error instanceof DynamoDBServiceException)) return error;
  return new SeriesEpisodesError(
    `could not ensure the ${SERIES_EPISODES_INDEX.name} index of ${tableName}: ${error.name}`,
    { cause: error },
  );
}

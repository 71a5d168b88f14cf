import {
  DynamoDBServiceException,
  PutItemCommand,
  QueryCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import type { PreviousEpisode, SeriesContext } from '@lumcast/script-generation';
import { SeriesMemoryError } from '../errors';
import { episodeChars, fitEpisode } from './series-episode-fit';
import { checkTableName, parseSeriesInput } from './series-inputs';
import { userSeriesKey } from '../keys/user-series-key';
import { recallSchema, rememberSchema } from './series-memory-inputs';

/**
 * Key schema of the series-memory table, for the local stack and the CDK app to create
 * the same table: partition key `seriesKey` (S) = `<userId>#<seriesId>`, sort key
 * `episodeAt` (S) = `<ISO-8601 time>#<jobId>` for a remembered episode, or
 * `SERIES_HOSTS_SORT_KEY` (`#hosts`) for the series' host profiles (`SeriesHostProfiles`).
 * No indexes; on-demand billing is fine.
 */
export const SERIES_MEMORY_TABLE_KEY = Object.freeze({
  partitionKey: 'seriesKey',
  partitionKeyType: 'S',
  sortKey: 'episodeAt',
  sortKeyType: 'S',
} as const);

/**
 * The sort key of a series' host profiles (`SeriesHostProfiles`), beside its remembered episodes
 * (whose sort keys start with a digit). `#` sorts before every digit, so `recall`'s query of the
 * episodes (`episodeAt > SERIES_HOSTS_SORT_KEY`) never reads it.
 */
export const SERIES_HOSTS_SORT_KEY = '#hosts';

/**
 * Default character budget of a recalled {@link SeriesContext} (titles + summaries + key points).
 */
export const SERIES_MEMORY_DEFAULT_BUDGET_CHARS = 4_000;

/** What {@link SeriesMemory.remember} stores about a finished episode. */
export interface RememberedEpisode {
  userId: string;
  seriesId: string;
  jobId: string;
  title: string;
  summary: string;
  keyPoints: string[];
}

/** Options of {@link SeriesMemory}. */
export interface SeriesMemoryOptions {
  client: DynamoDBClient;
  tableName: string;
  /** Clock for the `episodeAt` sort key; default the system clock. */
  now?: () => Date;
}

function readString(item: Record<string, AttributeValue>, name: string): string {
  const value = item[name]?.S;
  if (value === undefined) {
    throw new SeriesMemoryError(`series memory item has no string attribute "${name}"`);
  }
  return value;
}

/**
 * Remembers finished episodes of a series (per user) in DynamoDB and recalls the latest
 * ones, within a character budget, as the {@link SeriesContext} of the next request.
 *
 * Guarantees: inputs are validated before any I/O ({@link SeriesInputError}); series are
 * isolated per user (the user id is part of the partition key); `recall` returns the most
 * recent episodes that fit the budget, oldest first, each job at most once (remembering the
 * same job twice — a retry — does not duplicate it); if even the latest episode alone
 * exceeds the budget, it is shortened (key points dropped, summary cut) rather than lost.
 * DynamoDB failures become {@link SeriesMemoryError}; non-service errors are rethrown.
 */
export class SeriesMemory {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;
  private readonly now: () => Date;

  constructor(options: SeriesMemoryOptions) {
    this.client = options.client;
    this.tableName = checkTableName(options.tableName);
    this.now = options.now ?? (() => new Date());
  }

  /** Stores a finished episode's title, summary and key points. */
  async remember(episode: RememberedEpisode): Promise<void> {
    const checked = parseSeriesInput(rememberSchema, episode);
    const at = this.now().toISOString();
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: {
            [SERIES_MEMORY_TABLE_KEY.partitionKey]: {
              S: userSeriesKey(checked.userId, checked.seriesId),
            },
            [SERIES_MEMORY_TABLE_KEY.sortKey]: { S: `${at}#${checked.jobId}` },
            userId: { S: checked.userId },
            seriesId: { S: checked.seriesId },
            jobId: { S: checked.jobId },
            title: { S: checked.title },
            summary: { S: checked.summary },
            keyPoints: { L: checked.keyPoints.map((point) => ({ S: point })) },
            rememberedAt: { S: at },
          },
        }),
      );
    } catch (error) {
      throw seriesDynamoError(
        error,
        `could not remember episode ${checked.jobId} of series ${checked.seriesId}`,
      );
    }
  }

  /**
   * Returns the latest episodes of a series that fit `budgetChars` (default 4,000,
   * at most 12,000), oldest first; an unknown series gives `previousEpisodes: []`.
   */
  async recall(query: {
    userId: string;
    seriesId: string;
    budgetChars?: number;
  }): Promise<SeriesContext> {
    const checked = parseSeriesInput(recallSchema, query);
    const budget = checked.budgetChars ?? SERIES_MEMORY_DEFAULT_BUDGET_CHARS;
    const newestFirst: PreviousEpisode[] = [];
    const seenJobs = new Set<string>();
    let used = 0;
    let startKey: Record<string, AttributeValue> | undefined;
    let full = false;
    do {
      let page;
      try {
        page = await this.client.send(
          new QueryCommand({
            TableName: this.tableName,
            // Episodes only: the series' host profiles sort before every episode.
            KeyConditionExpression: '#key = :key AND #at > :profiles',
            ExpressionAttributeNames: {
              '#key': SERIES_MEMORY_TABLE_KEY.partitionKey,
              '#at': SERIES_MEMORY_TABLE_KEY.sortKey,
            },
            ExpressionAttributeValues: {
              ':key': { S: userSeriesKey(checked.userId, checked.seriesId) },
              ':profiles': { S: SERIES_HOSTS_SORT_KEY },
            },
            ScanIndexForward: false,
            ConsistentRead: true,
            Limit: 25,
            ExclusiveStartKey: startKey,
          }),
        );
      } catch (error) {
        throw seriesDynamoError(error, `could not recall series ${checked.seriesId}`);
      }
      for (const item of page.Items ?? []) {
        const jobId = readString(item, 'jobId');
        if (seenJobs.has(jobId)) continue;
        seenJobs.add(jobId);
        const episode: PreviousEpisode = {
          title: readString(item, 'title'),
          summary: readString(item, 'summary'),
          keyPoints: (item['keyPoints']?.L ?? []).map((value) => {
            if (value.S === undefined)
              throw new SeriesMemoryError('series memory key point is not a string');
            return value.S;
          }),
        };
        const chars = episodeChars(episode);
        if (used + chars <= budget) {
          newestFirst.push(episode);
          used += chars;
          continue;
        }
        if (newestFirst.length === 0) {
          const shortened = fitEpisode(episode, budget);
          if (shortened) newestFirst.push(shortened);
        }
        full = true;
        break;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey && !full);
    return { seriesId: checked.seriesId, previousEpisodes: newestFirst.reverse() };
  }
}

/** A DynamoDB service error as a `SeriesMemoryError` saying what failed; any other error as it is. */
export function seriesDynamoError(error: unknown, what: string): unknown {
  if (error instanceof DynamoDBServiceException) {
    return new SeriesMemoryError(`${what}: ${error.name}: ${error.message}`, { cause: error });
  }
  return error;
}

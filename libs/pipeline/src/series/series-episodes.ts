import {
  DynamoDBServiceException,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import * as z from '../config/zod-mini';
import { SeriesEpisodesError } from '../errors';
import type { JobRecord } from '../jobs/job';
import { toListedJob } from '../jobs/job-item';
import { decodeCreatedCursor, encodeListCursor } from '../jobs/list-cursor';
import { queryUpTo } from '../jobs/query-pages';
import { SERIES_EPISODES_INDEX } from './series-episodes-index';
import {
  checkTableName,
  optionalCountSchema,
  parseSeriesInput,
  seriesIdSchemaFor,
  seriesUserIdSchema,
} from './series-inputs';
import { userSeriesKey } from '../keys/user-series-key';

/** Episodes per page when `limit` is not given. */
export const SERIES_EPISODES_DEFAULT_LIMIT = 20;

/** The most episodes one page holds; a larger `limit` is a `SeriesInputError`. */
export const SERIES_EPISODES_MAX_LIMIT = 100;

const listPageSchema = z.object({
  userId: seriesUserIdSchema,
  seriesId: seriesIdSchemaFor('seriesId'),
  limit: optionalCountSchema('limit', SERIES_EPISODES_MAX_LIMIT),
  cursor: z.optional(z.string({ error: 'cursor must be a string' })),
});

/**
 * What {@link SeriesEpisodes.listPage} asks: whose series, which one, how many, and after which
 * page.
 */
export interface SeriesEpisodesQuery {
  userId: string;
  seriesId: string;
  /** 1–100; default 20. */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}

/**
 * One page of a series' episodes, newest first, and the cursor of the next page (absent on the
 * last one).
 */
export interface SeriesEpisodesPage {
  episodes: JobRecord[];
  nextCursor?: string;
}

/** Options of {@link SeriesEpisodes}: the jobs table (with its `series-episodes` index). */
export interface SeriesEpisodesOptions {
  client: DynamoDBClient;
  tableName: string;
}

/**
 * The episodes (jobs) of one user's series, newest first, read from the jobs table's
 * {@link SERIES_EPISODES_INDEX} — every job `JobsTable.create` stored with that series id,
 * whatever its status, as a list shows it (never the source text).
 *
 * Guarantees: inputs are checked before any I/O ({@link SeriesInputError}; a cursor this
 * listing did not hand out is an `InvalidListCursorError`); only the caller's own series is
 * read (the user id is part of the index key, and the cursor carries none); following
 * `nextCursor` reaches every episode exactly once. The index is eventually consistent: a job
 * created a moment ago may be missing from the first page. DynamoDB failures become
 * {@link SeriesEpisodesError}; non-service errors are rethrown.
 */
export class SeriesEpisodes {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;

  constructor(options: SeriesEpisodesOptions) {
    this.client = options.client;
    this.tableName = checkTableName(options.tableName);
  }

  /** One page of the series' episodes, newest first. */
  async listPage(query: SeriesEpisodesQuery): Promise<SeriesEpisodesPage> {
    const checked = parseSeriesInput(listPageSchema, query);
    const after = checked.cursor === undefined ? undefined : decodeCreatedCursor(checked.cursor);
    const key = userSeriesKey(checked.userId, checked.seriesId);
    const startKey: Record<string, AttributeValue> | undefined = after && {
      [SERIES_EPISODES_INDEX.partitionKey]: { S: key },
      [SERIES_EPISODES_INDEX.sortKey]: { S: after.createdAt },
      userId: { S: checked.userId },
      jobId: { S: after.jobId },
    };
    let gathered;
    try {
      gathered = await queryUpTo(
        this.client,
        {
          TableName: this.tableName,
          IndexName: SERIES_EPISODES_INDEX.name,
          KeyConditionExpression: '#series = :series',
          ExpressionAttributeNames: { '#series': SERIES_EPISODES_INDEX.partitionKey },
          ExpressionAttributeValues: { ':series': { S: key } },
          ScanIndexForward: false,
          ExclusiveStartKey: startKey,
        },
        checked.limit ?? SERIES_EPISODES_DEFAULT_LIMIT,
      );
    } catch (error) {
      if (!(error instanceof DynamoDBServiceException)) throw error;
      throw new SeriesEpisodesError(
        `could not list the episodes of series ${checked.seriesId}: ${error.name}`,
        { cause: error },
      );
    }
    const episodes = gathered.items.map(toListedJob);
    const last = episodes.at(-1);
    return gathered.lastKey && last
      ? { episodes, nextCursor: encodeListCursor(last.jobId, last.createdAt) }
      : { episodes };
  }
}

import { GetItemCommand, PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import * as z from '../config/zod-mini';
import { hostProfileSchema, type HostProfile } from '../contract/series-hosts-bodies';
import { SeriesMemoryError } from '../errors';
import { userSeriesKey } from '../keys/user-series-key';
import { SERIES_HOSTS_SORT_KEY, SERIES_MEMORY_TABLE_KEY, seriesDynamoError } from './series-memory';
import {
  checkTableName,
  parseSeriesInput,
  seriesIdSchemaFor,
  seriesUserIdSchema,
} from './series-inputs';

const seriesRefSchema = z.object({
  userId: seriesUserIdSchema,
  seriesId: seriesIdSchemaFor('seriesId'),
});

const storedHostsSchema = z.array(hostProfileSchema);

/** Options of {@link SeriesHostProfiles}. */
export interface SeriesHostProfilesOptions {
  client: DynamoDBClient;
  /** The series table (the one series memory uses, `SERIES_MEMORY_TABLE_KEY`). */
  tableName: string;
  /** Clock for `updatedAt`; default the system clock. */
  now?: () => Date;
}

/**
 * The host profiles a series keeps (per user and series), in the series table: one item per
 * series, partition `<userId>#<seriesId>` (as its memory), sort key {@link SERIES_HOSTS_SORT_KEY}.
 *
 * Guarantees: ids are checked before any I/O (`SeriesInputError`); one user's series never
 * reads another's (the user id is part of the key); `put` replaces the whole list in one
 * `PutItem`, so a reader sees the old list or the new one, never a mix; `get` reads strongly
 * consistently, and a series that keeps none answers `[]`. The profiles are stored as given:
 * the API validates them (`seriesHostsProblem`). DynamoDB failures become `SeriesMemoryError`
 * with the SDK's error as `cause`, as do stored profiles that no longer parse.
 *
 * @example
 * ```ts
 * const profiles = new SeriesHostProfiles({ client, tableName: 'lumcast-dev-series' });
 * await profiles.put('alice', 'rivers', [{ name: 'Ada', persona: 'A geologist.' }]);
 * await profiles.get('alice', 'rivers'); // [{ name: 'Ada', persona: 'A geologist.' }]
 * ```
 */
export class SeriesHostProfiles {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;
  private readonly now: () => Date;

  constructor(options: SeriesHostProfilesOptions) {
    this.client = options.client;
    this.tableName = checkTableName(options.tableName);
    this.now = options.now ?? (() => new Date());
  }

  /** The series' host profiles in speaking order; `[]` when it keeps none. */
  async get(userId: string, seriesId: string): Promise<HostProfile[]> {
    const ref = parseSeriesInput(seriesRefSchema, { userId, seriesId });
    let answer;
    try {
      answer = await this.client.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: this.key(ref.userId, ref.seriesId),
          ConsistentRead: true,
        }),
      );
    } catch (error) {
      throw seriesDynamoError(error, `could not read the hosts of series ${ref.seriesId}`);
    }
    if (!answer.Item) return [];
    const stored = storedHostsSchema.safeParse(unmarshall(answer.Item)['hosts']);
    if (!stored.success) {
      throw new SeriesMemoryError(`the stored hosts of series ${ref.seriesId} do not parse`, {
        cause: stored.error,
      });
    }
    return stored.data;
  }

  /** Replaces the series' host profiles (an empty list: it keeps none). */
  async put(userId: string, seriesId: string, hosts: readonly HostProfile[]): Promise<void> {
    const ref = parseSeriesInput(seriesRefSchema, { userId, seriesId });
    try {
      await this.client.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: {
            ...this.key(ref.userId, ref.seriesId),
            ...marshall(
              {
                userId: ref.userId,
                seriesId: ref.seriesId,
                hosts,
                updatedAt: this.now().toISOString(),
              },
              { removeUndefinedValues: true },
            ),
          },
        }),
      );
    } catch (error) {
      throw seriesDynamoError(error, `could not store the hosts of series ${ref.seriesId}`);
    }
  }

  private key(userId: string, seriesId: string) {
    return {
      [SERIES_MEMORY_TABLE_KEY.partitionKey]: { S: userSeriesKey(userId, seriesId) },
      [SERIES_MEMORY_TABLE_KEY.sortKey]: { S: SERIES_HOSTS_SORT_KEY },
    };
  }
}

import {
  ConditionalCheckFailedException,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { FINAL_STATUSES, type JobRecord, type JobStatus } from './job';
import { LIST_PROJECTION, toJobItem, toJobRecord, toListedJob } from './job-item';
import { decodeListCursor, encodeListCursor } from './list-cursor';
import { queryUpTo } from './query-pages';

/**
 * The key of the jobs table: partition `userId`, sort `jobId` (both strings).
 * The CDK app and the local stack create the table from this.
 */
export const JOBS_TABLE_KEY = Object.freeze({ partitionKey: 'userId', sortKey: 'jobId' } as const);

/** Fields a status change may set besides the status itself. */
export type JobUpdate = Partial<
  Pick<
    JobRecord,
    | 'totalChunks'
    | 'cost'
    | 'measuredCost'
    | 'chargedWeek'
    | 'durationSeconds'
    | 'audioBytes'
    | 'audioKey'
    | 'captionsKey'
    | 'chapters'
    | 'error'
  >
>;

/**
 * One page of {@link JobsTable.listPageForUser}: the jobs, and the cursor of the next
 * page (absent on the last one).
 */
export interface JobListPage {
  jobs: JobRecord[];
  nextCursor?: string;
}

/** Options of {@link JobsTable}. */
export interface JobsTableOptions {
  client: DynamoDBClient;
  tableName: string;
  now?: () => Date;
}

const finalStatusValues = Object.fromEntries(
  FINAL_STATUSES.map((status, i) => [`:final${i}`, status]),
);
const notFinal = `NOT (#status IN (${Object.keys(finalStatusValues).join(', ')}))`;

/**
 * The jobs table (partition `userId`, sort `jobId`). Every status change is
 * one conditional write that never moves a job out of a final status, so a
 * retried step or callback cannot flip `ready` back to `failed` or the reverse.
 *
 * @example
 * ```ts
 * const jobs = new JobsTable({ client, tableName: 'lumcast-jobs' });
 * await jobs.setStatus('alice', jobId, 'writing_script');
 * ```
 */
export class JobsTable {
  private readonly client: DynamoDBClient;
  private readonly tableName: string;
  private readonly now: () => Date;

  constructor(options: JobsTableOptions) {
    this.client = options.client;
    this.tableName = options.tableName;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Stores a new job; refuses to overwrite an existing one. A job with a series also gets
   * `userSeries` (`<userId>#<seriesId>`), which puts it in the `series-episodes` index.
   */
  async create(job: JobRecord): Promise<void> {
    await this.client.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: toJobItem(job),
        ConditionExpression: 'attribute_not_exists(jobId)',
      }),
    );
  }

  /** One job of one user, or undefined (also when it belongs to someone else). */
  async get(userId: string, jobId: string): Promise<JobRecord | undefined> {
    const { Item } = await this.client.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: marshall({ userId, jobId }),
        ConsistentRead: true,
      }),
    );
    return Item ? toJobRecord(Item) : undefined;
  }

  /** A user's jobs, newest first, without their source texts. */
  async listForUser(userId: string, limit = 100): Promise<JobRecord[]> {
    return (await this.listPageForUser(userId, { limit })).jobs;
  }

  /**
   * One page of a user's jobs, newest first, projected to what a list shows (never the
   * source text), with the cursor of the next page when there is one. DynamoDB's 1 MB
   * page limit counts whole items before the projection, so this follows
   * `LastEvaluatedKey` until `limit` jobs are gathered or the user has no more.
   *
   * @example
   * ```ts
   * const first = await jobs.listPageForUser('alice', { limit: 20 });
   * const next = await jobs.listPageForUser('alice', { limit: 20, cursor: first.nextCursor });
   * ```
   */
  async listPageForUser(
    userId: string,
    options: { limit?: number; cursor?: string } = {},
  ): Promise<JobListPage> {
    const startKey =
      options.cursor === undefined
        ? undefined
        : marshall({ userId, jobId: decodeListCursor(options.cursor) });
    const { items, lastKey } = await queryUpTo(
      this.client,
      {
        TableName: this.tableName,
        KeyConditionExpression: 'userId = :userId',
        ExpressionAttributeValues: marshall({ ':userId': userId }),
        ScanIndexForward: false,
        ExclusiveStartKey: startKey,
        ProjectionExpression: LIST_PROJECTION.expression,
        ExpressionAttributeNames: LIST_PROJECTION.names,
      },
      options.limit ?? 100,
    );
    const jobs = items.map(toListedJob);
    const last = jobs.at(-1);
    return lastKey && last ? { jobs, nextCursor: encodeListCursor(last.jobId) } : { jobs };
  }

  /**
   * Moves a job to a status (with extra fields) unless it is already final.
   * Returns false when the job is missing or final, true when written.
   */
  async setStatus(
    userId: string,
    jobId: string,
    status: JobStatus,
    update: JobUpdate = {},
  ): Promise<boolean> {
    const fields: Record<string, unknown> = {
      status,
      updatedAt: this.now().toISOString(),
      ...update,
    };
    const entries = Object.entries(fields).filter(([, value]) => value !== undefined);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ...finalStatusValues };
    const sets = entries.map(([name, value], i) => {
      names[`#f${i}`] = name;
      values[`:v${i}`] = value;
      return `#f${i} = :v${i}`;
    });
    names['#status'] = 'status';
    return this.conditionalUpdate({
      Key: marshall({ userId, jobId }),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: `attribute_exists(jobId) AND ${notFinal}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: marshall(values, { removeUndefinedValues: true }),
    });
  }

  /**
   * Records that one speech chunk is done. Idempotent: the chunk's index goes
   * into a set, so a retried chunk is counted once.
   */
  async markChunkDone(userId: string, jobId: string, chunkIndex: number): Promise<boolean> {
    return this.conditionalUpdate({
      Key: marshall({ userId, jobId }),
      UpdateExpression: 'ADD chunksDoneSet :chunk SET updatedAt = :now',
      ConditionExpression: '#status = :synthesizing',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':chunk': { NS: [String(chunkIndex)] },
        ':now': { S: this.now().toISOString() },
        ':synthesizing': { S: 'synthesizing' },
      },
    });
  }

  /**
   * Records the measured episode of a job that is assembling (its duration, audio and
   * captions keys, chapters) without changing its status, so the failure path can
   * finish a charged job `ready` even when the execution's state is gone. Returns
   * false when the job is missing or no longer assembling.
   *
   * @example
   * ```ts
   * await jobs.recordAssembled('alice', jobId, { durationSeconds: 125, audioBytes: 2_000_448, audioKey, captionsKey, chapters });
   * ```
   */
  async recordAssembled(
    userId: string,
    jobId: string,
    episode: Required<
      Pick<JobRecord, 'durationSeconds' | 'audioKey' | 'captionsKey' | 'chapters'>
    > &
      Pick<JobRecord, 'audioBytes'>,
  ): Promise<boolean> {
    return this.conditionalUpdate({
      Key: marshall({ userId, jobId }),
      UpdateExpression:
        'SET durationSeconds = :duration, audioKey = :audio, captionsKey = :captions, ' +
        'chapters = :chapters, updatedAt = :now' +
        (episode.audioBytes === undefined ? '' : ', audioBytes = :bytes'),
      ConditionExpression: '#status = :assembling',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: marshall(
        {
          ':duration': episode.durationSeconds,
          ':bytes': episode.audioBytes,
          ':audio': episode.audioKey,
          ':captions': episode.captionsKey,
          ':chapters': episode.chapters,
          ':now': this.now().toISOString(),
          ':assembling': 'assembling',
        },
        { removeUndefinedValues: true },
      ),
    });
  }

  /**
   * Makes `version.to` the job's latest script version, stored at `version.key`, if the latest
   * is still `version.from` (1: never edited) and the job is `script_ready` or `ready`. The one
   * conditional write that decides between two edits of the same version: false for the loser
   * (or a job that moved on), true when written.
   *
   * @example
   * ```ts
   * const won = await jobs.recordScriptVersion('alice', jobId, { from: 1, to: 2, key });
   * ```
   */
  async recordScriptVersion(
    userId: string,
    jobId: string,
    version: { from: number; to: number; key: string },
  ): Promise<boolean> {
    const latest =
      version.from === 1 ? 'attribute_not_exists(scriptVersion)' : 'scriptVersion = :from';
    return this.conditionalUpdate({
      Key: marshall({ userId, jobId }),
      UpdateExpression: 'SET scriptVersion = :to, scriptKey = :key, updatedAt = :now',
      ConditionExpression: `${latest} AND #status IN (:scriptReady, :ready)`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: marshall({
        ...(version.from === 1 ? {} : { ':from': version.from }),
        ':to': version.to,
        ':key': version.key,
        ':now': this.now().toISOString(),
        ':scriptReady': 'script_ready',
        ':ready': 'ready',
      }),
    });
  }

  /**
   * One conditional `UpdateItem` of a job for another module's writes (a render's:
   * `renders/render-updates.ts`): true when written, false when its condition failed.
   */
  async updateWhere(
    userId: string,
    jobId: string,
    input: Omit<ConstructorParameters<typeof UpdateItemCommand>[0], 'TableName' | 'Key'>,
  ): Promise<boolean> {
    return this.conditionalUpdate({ Key: marshall({ userId, jobId }), ...input });
  }

  private async conditionalUpdate(
    input: Omit<ConstructorParameters<typeof UpdateItemCommand>[0], 'TableName'>,
  ): Promise<boolean> {
    try {
      await this.client.send(new UpdateItemCommand({ TableName: this.tableName, ...input }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { USER_SERIES_ATTRIBUTE, userSeriesKey } from '../keys/user-series-key';
import type { JobRecord } from './job';

/**
 * The attributes a job list reads: every list field, never `sourceText`. The
 * `series-episodes` index projects the same fields, so a series listing reads what a user's
 * list reads.
 */
export const JOB_LIST_FIELDS = Object.freeze([
  'userId',
  'jobId',
  'status',
  'topic',
  'minutes',
  'quality',
  'format',
  'hosts',
  'language',
  'sourceUrl',
  'sourceId',
  'seriesId',
  'createdAt',
  'updatedAt',
  'estimatedCost',
  'totalChunks',
  'chunksDoneSet',
  'cost',
  'measuredCost',
  'chargedWeek',
  'durationSeconds',
  'audioBytes',
  'audioKey',
  'captionsKey',
  'chapters',
  'error',
] as const);

/** {@link JOB_LIST_FIELDS} as a `ProjectionExpression` with its attribute names. */
export const LIST_PROJECTION = Object.freeze({
  expression: JOB_LIST_FIELDS.map((_, i) => `#p${i}`).join(', '),
  names: Object.fromEntries(JOB_LIST_FIELDS.map((field, i) => [`#p${i}`, field])),
});

/** A job as the jobs table stores it: its fields, plus `userSeries` when it has a series. */
export function toJobItem(job: JobRecord): Record<string, AttributeValue> {
  const item = marshall(job, { removeUndefinedValues: true, convertClassInstanceToMap: false });
  if (job.seriesId !== undefined) {
    item[USER_SERIES_ATTRIBUTE] = { S: userSeriesKey(job.userId, job.seriesId) };
  }
  return item;
}

/**
 * A stored job as a {@link JobRecord}: `chunksDone` counted from the chunk set, the chunk
 * addresses' string set as a list, the index attribute dropped.
 */
export function toJobRecord(item: Record<string, AttributeValue>): JobRecord {
  const {
    chunksDoneSet,
    chunkAddresses,
    userSeries: _index,
    ...rest
  } = unmarshall(item) as Omit<JobRecord, 'chunkAddresses'> & {
    chunksDoneSet?: Set<number>;
    chunkAddresses?: Set<string>;
    userSeries?: string;
  };
  return {
    ...rest,
    chunksDone: chunksDoneSet ? chunksDoneSet.size : 0,
    ...(chunkAddresses ? { chunkAddresses: [...chunkAddresses] } : {}),
  };
}

/** A stored job as a list shows it: {@link toJobRecord} without `sourceText`. */
export function toListedJob(item: Record<string, AttributeValue>): JobRecord {
  const { sourceText: _omitted, ...job } = toJobRecord(item);
  return job;
}

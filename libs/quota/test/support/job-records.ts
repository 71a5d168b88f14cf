import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import {
  QUOTA_JOB_ATTRIBUTES,
  QUOTA_RECORD_TTL_ATTRIBUTE,
  quotaJobKey,
} from '../../src/users-table';
import type { LocalDynamo } from './local-dynamo';

/** One job record as stored, read around the ledger. */
export interface StoredJobRecord {
  readonly jobId: string;
  readonly state: string | undefined;
  readonly week: string | undefined;
  readonly held: number;
  readonly charged: number;
  readonly chargedWeek: string | undefined;
  readonly measured: number | undefined;
  readonly expiresAt: number;
}

/** Every job record of a user (a consistent scan of the table, bypassing the ledger), sorted by job id. */
export async function readJobRecords(
  dynamo: LocalDynamo,
  userId: string,
): Promise<StoredJobRecord[]> {
  const prefix = quotaJobKey(userId, '');
  const J = QUOTA_JOB_ATTRIBUTES;
  const records: StoredJobRecord[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const output = await dynamo.client.send(
      new ScanCommand({
        TableName: dynamo.tableName,
        ConsistentRead: true,
        FilterExpression: 'begins_with(userId, :prefix)',
        ExpressionAttributeValues: { ':prefix': { S: prefix } },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of output.Items ?? []) {
      records.push({
        jobId: String(item['userId']?.S).slice(prefix.length),
        state: item[J.state]?.S,
        week: item[J.week]?.S,
        held: Number(item[J.held]?.N ?? 0),
        charged: Number(item[J.charged]?.N ?? 0),
        chargedWeek: item[J.chargedWeek]?.S,
        measured: item[J.measured] ? Number(item[J.measured]?.N) : undefined,
        expiresAt: Number(item[QUOTA_RECORD_TTL_ATTRIBUTE]?.N),
      });
    }
    start = output.LastEvaluatedKey;
  } while (start !== undefined);
  return records.sort((a, b) => a.jobId.localeCompare(b.jobId));
}

/** The slots charged to `week` according to the job records (settled ones). */
export function chargedIn(records: readonly StoredJobRecord[], week: string): number {
  return records
    .filter((record) => record.state === 'settled' && record.chargedWeek === week)
    .reduce((sum, record) => sum + record.charged, 0);
}

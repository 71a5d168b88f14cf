import type { QuotaItem } from '../../src/quota-item';
import { QUOTA_ATTRIBUTES } from '../../src/users-table';
import { chargedIn, readJobRecords } from './job-records';
import { readItem, type LocalDynamo } from './local-dynamo';

/** A user's counters as stored, read around the ledger (absent numbers read as 0). */
export type StoredCounters = Pick<
  QuotaItem,
  'week' | 'used' | 'reserved' | 'granted' | 'committed' | 'inFlight'
>;

/** The counters of a user's item, with a consistent read that bypasses the ledger. */
export async function readCounters(dynamo: LocalDynamo, userId: string): Promise<StoredCounters> {
  const item = await readItem(dynamo, userId);
  const number = (name: string) => Number(item?.[name]?.N ?? 0);
  return {
    week: item?.[QUOTA_ATTRIBUTES.week]?.S,
    used: number(QUOTA_ATTRIBUTES.used),
    reserved: number(QUOTA_ATTRIBUTES.reserved),
    granted: number(QUOTA_ATTRIBUTES.granted),
    committed: number(QUOTA_ATTRIBUTES.committed),
    inFlight: number(QUOTA_ATTRIBUTES.inFlight),
  };
}

/**
 * Expects the counters to agree with the job records: `used` is what the records
 * charged to `week` (plus `usedBefore`, slots counted before any record, as an item
 * of the post's design has), `reserved` what the open holds of `week` hold,
 * `inFlight` the open holds, and `committed = used + reserved - granted`.
 */
export async function expectCountersToMatchRecords(
  dynamo: LocalDynamo,
  userId: string,
  week: string,
  usedBefore = 0,
): Promise<StoredCounters> {
  const stored = await readCounters(dynamo, userId);
  const records = await readJobRecords(dynamo, userId);
  const open = records.filter((record) => record.state === 'reserved');
  expect(stored.used).toBe(usedBefore + chargedIn(records, week));
  expect(stored.reserved).toBe(
    open.filter((record) => record.week === week).reduce((sum, record) => sum + record.held, 0),
  );
  expect(stored.inFlight).toBe(open.length);
  expect(stored.committed).toBe(stored.used + stored.reserved - stored.granted);
  return stored;
}

import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { QuotaStateError } from './errors';
import { numberAttribute, weekAttribute } from './quota-item';
import { QUOTA_JOB_ATTRIBUTES } from './users-table';

/**
 * Where a job stands in the ledger: `reserved` (slots held), `settled`
 * (charged, once), `released` (failed or cancelled: nothing charged, and it
 * never will be) or `refunded` (charged, then given back).
 */
export type QuotaJobState = 'reserved' | 'settled' | 'released' | 'refunded';

/** The ledger's record of a job, as `lookupJob` reads it. */
export interface QuotaJobRecord {
  readonly state: QuotaJobState;
  readonly week: string;
  readonly held: number;
  readonly charged: number;
  readonly chargedWeek: string | undefined;
  readonly measured: number | undefined;
}

const STATES: ReadonlySet<string> = new Set(['reserved', 'settled', 'released', 'refunded']);

const J = QUOTA_JOB_ATTRIBUTES;

/** Decodes a job record, or undefined when there is none; throws `QuotaStateError` when malformed. */
export function decodeJobRecord(
  userId: string,
  item: Record<string, AttributeValue> | undefined,
): QuotaJobRecord | undefined {
  if (item === undefined || item[J.state] === undefined) return undefined;
  const state = item[J.state]?.S;
  if (state === undefined || !STATES.has(state)) {
    throw new QuotaStateError(userId, `${J.state} is not one of ${[...STATES].join(', ')}`);
  }
  const week = weekAttribute(userId, item, J.week);
  if (week === undefined) throw new QuotaStateError(userId, `a job record has no ${J.week}`);
  return {
    state: state as QuotaJobState,
    week,
    held: numberAttribute(userId, item, J.held, false),
    charged: numberAttribute(userId, item, J.charged, false),
    chargedWeek: weekAttribute(userId, item, J.chargedWeek),
    measured: item[J.measured] ? numberAttribute(userId, item, J.measured, false) : undefined,
  };
}

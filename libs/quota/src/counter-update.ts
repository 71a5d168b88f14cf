import type { AttributeValue, Update } from '@aws-sdk/client-dynamodb';
import { weeksBefore } from './iso-week';
import type { QuotaItem } from './quota-item';
import { QUOTA_ATTRIBUTES, QUOTA_HISTORY_WEEKS, quotaHistoryAttribute } from './users-table';

/** How one ledger operation moves a user's counters (whole slots; `committed` follows). */
export interface CounterDelta {
  readonly used: number;
  readonly reserved: number;
  readonly granted: number;
  readonly inFlight: number;
}

/**
 * Which week an operation's counters go to, and what the stored week must be
 * for the write to apply:
 * - `in_week`: the stored week is `week` and the item has `committed` (an item
 *   of the post's design is upgraded first); with `maxCommitted`, `committed` must
 *   be at most that before the write (the limit check, `limit + granted` is
 *   implied by `committed` counting grants negatively).
 * - `start_week`: the stored item is `from` (read before): its week absent, or
 *   older than `week` and still the stored one. The week's counters start from
 *   the delta (never moving a week backwards); the ended week's `used` is kept as
 *   its history attribute, copied by the write itself, and history older than
 *   `QUOTA_HISTORY_WEEKS` is removed.
 * - `after_week`: the stored week is later than `week` (the hold's week ended, so
 *   its slots count nowhere): only `inFlight` moves.
 */
export type WeekTarget =
  | { readonly kind: 'in_week'; readonly week: string; readonly maxCommitted?: number }
  | {
      readonly kind: 'start_week';
      readonly week: string;
      readonly from: Pick<QuotaItem, 'week' | 'pastWeeks'>;
    }
  | { readonly kind: 'after_week'; readonly week: string };

/**
 * The admission checks a reservation adds: at most `maxInFlight` open jobs, and
 * at most `perMinute` reservations in the minute `window` (epoch minutes).
 * `sameWindow` says whether the stored rate window is assumed to be `window`
 * (then its count goes up) or older (then it restarts at 1).
 */
export interface AdmissionGuard {
  readonly maxInFlight: number;
  readonly rate: {
    readonly window: number;
    readonly perMinute: number;
    readonly sameWindow: boolean;
  };
}

const A = QUOTA_ATTRIBUTES;

/**
 * The conditional update of a user's counters for one operation, as an item of
 * a `TransactWriteItems` (with `ALL_OLD` on a failed condition, so a refusal is
 * explained without a read). Expressions name only what they use: DynamoDB
 * rejects unused placeholders.
 */
export function counterUpdate(
  tableName: string,
  key: Record<string, AttributeValue>,
  target: WeekTarget,
  delta: CounterDelta,
  guard?: AdmissionGuard,
): Update {
  const names: Record<string, string> = {};
  const values: Record<string, AttributeValue> = {};
  const name = (attribute: string): string => {
    const placeholder = `#${Object.keys(names).length}`;
    const existing = Object.entries(names).find(([, value]) => value === attribute);
    if (existing) return existing[0];
    names[placeholder] = attribute;
    return placeholder;
  };
  const value = (number: number | string): string => {
    const placeholder = `:${Object.keys(values).length}`;
    values[placeholder] = typeof number === 'string' ? { S: number } : { N: String(number) };
    return placeholder;
  };
  const conditions: string[] = [];
  const sets: string[] = [];
  const adds: string[] = [];
  const removes: string[] = [];
  const committed = delta.used + delta.reserved - delta.granted;
  const add = (attribute: string, amount: number) => {
    if (amount !== 0) adds.push(`${name(attribute)} ${value(amount)}`);
  };

  switch (target.kind) {
    case 'in_week':
      conditions.push(`${name(A.week)} = ${value(target.week)}`);
      if (target.maxCommitted !== undefined) {
        conditions.push(`${name(A.committed)} <= ${value(target.maxCommitted)}`);
      } else {
        // Never onto an item of the post's design: it is upgraded first (`upgradePostItem`).
        conditions.push(`attribute_exists(${name(A.committed)})`);
      }
      add(A.used, delta.used);
      add(A.reserved, delta.reserved);
      add(A.granted, delta.granted);
      add(A.committed, committed);
      break;
    case 'start_week': {
      const week = name(A.week);
      const ended = target.from.week;
      if (ended === undefined) {
        conditions.push(`attribute_not_exists(${week})`);
      } else {
        // Pinned to the week read, so the history attribute is named for the week it keeps.
        conditions.push(`${week} = ${value(ended)} AND ${week} < ${value(target.week)}`);
        sets.push(
          `${name(quotaHistoryAttribute(ended))} = if_not_exists(${name(A.used)}, ${value(0)})`,
        );
      }
      const oldestKept = weeksBefore(target.week, QUOTA_HISTORY_WEEKS - 1);
      for (const past of Object.keys(target.from.pastWeeks)) {
        if (past < oldestKept) removes.push(name(quotaHistoryAttribute(past)));
      }
      sets.push(`${week} = ${value(target.week)}`);
      sets.push(`${name(A.used)} = ${value(delta.used)}`);
      sets.push(`${name(A.reserved)} = ${value(delta.reserved)}`);
      sets.push(`${name(A.granted)} = ${value(delta.granted)}`);
      sets.push(`${name(A.committed)} = ${value(committed)}`);
      break;
    }
    case 'after_week':
      conditions.push(`${name(A.week)} > ${value(target.week)}`);
      break;
  }
  add(A.inFlight, delta.inFlight);

  if (guard) {
    const inFlight = name(A.inFlight);
    conditions.push(
      `(attribute_not_exists(${inFlight}) OR ${inFlight} < ${value(guard.maxInFlight)})`,
    );
    const rateWindow = name(A.rateWindow);
    const rateCount = name(A.rateCount);
    if (guard.rate.sameWindow) {
      conditions.push(
        `${rateWindow} = ${value(guard.rate.window)} AND ${rateCount} < ${value(guard.rate.perMinute)}`,
      );
      adds.push(`${rateCount} ${value(1)}`);
    } else {
      conditions.push(
        `(attribute_not_exists(${rateWindow}) OR ${rateWindow} < ${value(guard.rate.window)})`,
      );
      sets.push(`${rateWindow} = ${value(guard.rate.window)}`, `${rateCount} = ${value(1)}`);
    }
  }

  const clauses = [
    sets.length > 0 ? `SET ${sets.join(', ')}` : '',
    adds.length > 0 ? `ADD ${adds.join(', ')}` : '',
    removes.length > 0 ? `REMOVE ${removes.join(', ')}` : '',
  ].filter(Boolean);
  return {
    TableName: tableName,
    Key: key,
    UpdateExpression: clauses.join(' '),
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
  };
}

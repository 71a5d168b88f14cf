import {
  UpdateItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { PacingStoreError } from './errors';
import { IDLE_KEY_TTL_SECONDS, PACING_ATTRIBUTES, PACING_TABLE_KEY } from './pacing-table';

/** One conditional write's inputs: the key, its slot, and the caller's now and latest start. */
export interface LineWrite {
  readonly client: DynamoDBClient;
  readonly tableName: string;
  readonly key: string;
  readonly slotMs: number;
  /** The earliest start this caller can be granted: now plus the pacer's lead. */
  readonly earliestStartMs: number;
  readonly latestStartMs: number;
}

/** What one write answered: the granted start, or (refused) the key's next free instant as it was. */
export interface LineAnswer {
  /** The granted start (epoch ms); absent when the condition refused the write. */
  readonly startAtMs?: number;
  /** The key's next free instant after a grant, or as it stood when refused; absent for no item. */
  readonly nextFreeAt?: number;
}

const NAMES = { '#next': PACING_ATTRIBUTES.nextFreeAt, '#ttl': PACING_ATTRIBUTES.expiresAt };

/**
 * Tier 1: take the next slot of a line that is open (its next free instant is not before the
 * earliest start) and no longer than the caller accepts: `nextFreeAt += slot`, conditioned on
 * `earliestStart <= nextFreeAt <= latestStart`. The grant starts at the old `nextFreeAt`.
 */
export async function joinLine(write: LineWrite): Promise<LineAnswer> {
  const answer = await send(write, {
    UpdateExpression: 'SET #next = #next + :slot, #ttl = :ttl',
    ConditionExpression: '#next BETWEEN :earliest AND :latest',
    ExpressionAttributeValues: {
      ':slot': number(write.slotMs),
      ':earliest': number(write.earliestStartMs),
      ':latest': number(write.latestStartMs),
      ':ttl': number(expiresAt(write)),
    },
    ReturnValues: 'UPDATED_OLD',
  });
  if (answer.refused) return { nextFreeAt: answer.nextFreeAt };
  const startAtMs = requireNextFreeAt(write.key, answer.nextFreeAt);
  return { startAtMs, nextFreeAt: startAtMs + write.slotMs };
}

/**
 * Tier 2: start the line of an idle key (no item, or a next free instant before the earliest
 * start): `nextFreeAt = earliestStart + slot`, conditioned on
 * `attribute_not_exists(nextFreeAt) OR nextFreeAt < earliestStart`, so the next free instant never
 * moves backwards. The grant starts at the earliest start.
 */
export async function openLine(write: LineWrite): Promise<LineAnswer> {
  const nextFreeAt = write.earliestStartMs + write.slotMs;
  const answer = await send(write, {
    UpdateExpression: 'SET #next = :nextFree, #ttl = :ttl',
    ConditionExpression: 'attribute_not_exists(#next) OR #next < :earliest',
    ExpressionAttributeValues: {
      ':nextFree': number(nextFreeAt),
      ':earliest': number(write.earliestStartMs),
      ':ttl': number(expiresAt(write)),
    },
    ReturnValues: 'NONE',
  });
  if (answer.refused) return { nextFreeAt: answer.nextFreeAt };
  return { startAtMs: write.earliestStartMs, nextFreeAt };
}

type Refusable = { refused: boolean; nextFreeAt: number | undefined };

async function send(
  write: LineWrite,
  update: {
    UpdateExpression: string;
    ConditionExpression: string;
    ExpressionAttributeValues: Record<string, AttributeValue>;
    ReturnValues: 'UPDATED_OLD' | 'NONE';
  },
): Promise<Refusable> {
  try {
    const output = await write.client.send(
      new UpdateItemCommand({
        TableName: write.tableName,
        Key: { [PACING_TABLE_KEY]: { S: write.key } },
        ExpressionAttributeNames: NAMES,
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        ...update,
      }),
    );
    return { refused: false, nextFreeAt: nextFreeAtOf(write.key, output.Attributes) };
  } catch (error) {
    if ((error as { name?: unknown })?.name === 'ConditionalCheckFailedException') {
      const item = (error as { Item?: Record<string, AttributeValue> }).Item;
      return { refused: true, nextFreeAt: nextFreeAtOf(write.key, item) };
    }
    throw new PacingStoreError(write.key, 'the conditional write failed', { cause: error });
  }
}

/** TTL: an hour past the latest instant this write can leave as the line's end. */
function expiresAt(write: LineWrite): number {
  const lineEndMs = Math.max(write.earliestStartMs, write.latestStartMs) + write.slotMs;
  return Math.ceil(lineEndMs / 1000) + IDLE_KEY_TTL_SECONDS;
}

function nextFreeAtOf(
  key: string,
  item: Record<string, AttributeValue> | undefined,
): number | undefined {
  const attribute = item?.[PACING_ATTRIBUTES.nextFreeAt];
  if (attribute === undefined) return undefined;
  const value = attribute.N === undefined ? Number.NaN : Number(attribute.N);
  if (!Number.isFinite(value))
    throw new PacingStoreError(key, `${PACING_ATTRIBUTES.nextFreeAt} is not a number`);
  return value;
}

function requireNextFreeAt(key: string, value: number | undefined): number {
  if (value === undefined)
    throw new PacingStoreError(key, `a granted write returned no ${PACING_ATTRIBUTES.nextFreeAt}`);
  return value;
}

function number(value: number): AttributeValue {
  return { N: String(value) };
}

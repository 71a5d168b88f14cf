import {
  GetItemCommand,
  PutItemCommand,
  type AttributeValue,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import { createTables, startDynamoDbLocal, type LocalDynamo } from '@lumcast/local-dynamo';
import { PACING_TABLE_KEY } from '../../src/pacing-table';

/** AWS's DynamoDB Local with a pacing table, and the calls and write capacity its client used. */
export interface PacingStore {
  readonly dynamo: LocalDynamo;
  readonly client: DynamoDBClient;
  readonly tableName: string;
  /** Command names sent, in order. */
  readonly commands: string[];
  /** Write capacity units DynamoDB Local reported per successful write, in order. */
  readonly writeUnits: number[];
  close(): Promise<void>;
}

/**
 * Starts DynamoDB Local (in memory) with a pacing table; every request asks for its consumed
 * capacity, so a test can read what each write cost.
 */
export async function startPacingStore(tableName = 'pacing'): Promise<PacingStore> {
  const dynamo = await startDynamoDbLocal();
  const commands: string[] = [];
  const writeUnits: number[] = [];
  const client = dynamo.client;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(String(context.commandName));
      (args.input as Record<string, unknown>)['ReturnConsumedCapacity'] = 'TOTAL';
      const output = await next(args);
      const consumed = (output.output as { ConsumedCapacity?: { CapacityUnits?: number } })
        .ConsumedCapacity;
      if (context.commandName === 'UpdateItemCommand' && consumed?.CapacityUnits !== undefined)
        writeUnits.push(consumed.CapacityUnits);
      return output;
    },
    { step: 'initialize', name: 'countPacingCalls' },
  );
  await createTables(client, [{ name: tableName, partitionKey: PACING_TABLE_KEY }]);
  commands.length = 0;
  return { dynamo, client, tableName, commands, writeUnits, close: () => dynamo.close() };
}

/** A key's item as stored, read consistently around the pacer. */
export async function readLine(
  store: PacingStore,
  key: string,
): Promise<Record<string, AttributeValue> | undefined> {
  const output = await store.dynamo.newClient().send(
    new GetItemCommand({
      TableName: store.tableName,
      Key: { [PACING_TABLE_KEY]: { S: key } },
      ConsistentRead: true,
    }),
  );
  return output.Item;
}

/** Writes a key's item directly (a backlog, or an item the pacer did not write). */
export async function writeLine(
  store: PacingStore,
  key: string,
  attributes: Record<string, AttributeValue>,
): Promise<void> {
  await store.dynamo.newClient().send(
    new PutItemCommand({
      TableName: store.tableName,
      Item: { [PACING_TABLE_KEY]: { S: key }, ...attributes },
    }),
  );
}

/** A clock standing at `startMs` that a test moves forward. */
export function fakeClock(startMs: number): {
  now: () => Date;
  advance: (ms: number) => void;
  ms: () => number;
} {
  let current = startMs;
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    ms: () => current,
  };
}

/** The most starts in any window of `windowMs` (each start opening a window). */
export function mostStartsInAnyWindow(starts: readonly number[], windowMs = 1000): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  sorted.forEach((start, last) => {
    while (start - (sorted[first] ?? start) >= windowMs) first++;
    most = Math.max(most, last - first + 1);
  });
  return most;
}

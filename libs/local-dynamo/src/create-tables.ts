import {
  CreateTableCommand,
  ResourceInUseException,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { InvalidTableDefinitionError } from './errors';

/**
 * A global secondary index to create with its table: its name, its string key attributes, and
 * what it projects.
 */
export interface IndexDefinition {
  readonly name: string;
  /** The partition (HASH) key attribute, of type string. */
  readonly partitionKey: string;
  /** The sort (RANGE) key attribute, of type string, if the index has one. */
  readonly sortKey?: string;
  /** The non-key attributes it projects (`INCLUDE`); every attribute (`ALL`) when absent. */
  readonly nonKeyAttributes?: readonly string[];
}

/** A table to create: its name, its string key attributes and its global secondary indexes. */
export interface TableDefinition {
  readonly name: string;
  /** The partition (HASH) key attribute, of type string. */
  readonly partitionKey: string;
  /** The sort (RANGE) key attribute, of type string, if the table has one. */
  readonly sortKey?: string;
  /** Global secondary indexes, created with the table (dynalite cannot add one later). */
  readonly globalIndexes?: readonly IndexDefinition[];
}

/**
 * Creates each table (string keys, on-demand billing) that does not exist
 * yet, in order, with its global secondary indexes; a table that already exists
 * is left as it is (an index missing from it is not added), so calling it on
 * every start is safe. Every definition is checked before the first call.
 *
 * @example
 * ```ts
 * await createTables(dynamo.client, [
 *   { name: 'users', partitionKey: 'userId' },
 *   { name: 'jobs', partitionKey: 'userId', sortKey: 'jobId' },
 * ]);
 * ```
 */
export async function createTables(
  client: DynamoDBClient,
  tables: readonly TableDefinition[],
): Promise<void> {
  validate(tables);
  for (const table of tables) {
    const keys = keySchema(table);
    const indexes = (table.globalIndexes ?? []).map((index): GlobalSecondaryIndex => ({
      IndexName: index.name,
      KeySchema: keySchema(index),
      Projection:
        index.nonKeyAttributes === undefined
          ? { ProjectionType: 'ALL' }
          : { ProjectionType: 'INCLUDE', NonKeyAttributes: [...index.nonKeyAttributes] },
    }));
    const attributes = new Set(
      [keys, ...indexes.map((index) => index.KeySchema ?? [])]
        .flat()
        .map((key) => key.AttributeName),
    );
    try {
      await client.send(
        new CreateTableCommand({
          TableName: table.name,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: [...attributes].map((AttributeName) => ({
            AttributeName,
            AttributeType: 'S',
          })),
          KeySchema: keys,
          GlobalSecondaryIndexes: indexes.length > 0 ? indexes : undefined,
        }),
      );
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
  }
}

function keySchema(keys: { partitionKey: string; sortKey?: string }): KeySchemaElement[] {
  const schema: KeySchemaElement[] = [{ AttributeName: keys.partitionKey, KeyType: 'HASH' }];
  if (keys.sortKey !== undefined) schema.push({ AttributeName: keys.sortKey, KeyType: 'RANGE' });
  return schema;
}

function validate(tables: readonly TableDefinition[]): void {
  const seen = new Set<string>();
  for (const table of tables) {
    if (!table.name) throw new InvalidTableDefinitionError('A table name must not be empty.');
    if (seen.has(table.name)) {
      throw new InvalidTableDefinitionError(`The table ${table.name} is defined twice.`);
    }
    seen.add(table.name);
    validateKeys(`The table ${table.name}`, table);
    const indexNames = new Set<string>();
    for (const index of table.globalIndexes ?? []) {
      if (!index.name || indexNames.has(index.name)) {
        throw new InvalidTableDefinitionError(
          `The table ${table.name} has an index with an empty or repeated name.`,
        );
      }
      indexNames.add(index.name);
      validateKeys(`The index ${index.name} of ${table.name}`, index);
    }
  }
}

function validateKeys(what: string, keys: { partitionKey: string; sortKey?: string }): void {
  if (!keys.partitionKey) throw new InvalidTableDefinitionError(`${what} needs a partition key.`);
  if (keys.sortKey !== undefined && (!keys.sortKey || keys.sortKey === keys.partitionKey)) {
    throw new InvalidTableDefinitionError(
      `${what} has a sort key that is empty or the same as its partition key.`,
    );
  }
}

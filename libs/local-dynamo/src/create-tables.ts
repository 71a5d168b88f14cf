import {
  CreateTableCommand,
  ResourceInUseException,
  type DynamoDBClient,
  type KeySchemaElement,
} from '@aws-sdk/client-dynamodb';
import { InvalidTableDefinitionError } from './errors';

/** A table to create: its name and its string key attributes. */
export interface TableDefinition {
  readonly name: string;
  /** The partition (HASH) key attribute, of type string. */
  readonly partitionKey: string;
  /** The sort (RANGE) key attribute, of type string, if the table has one. */
  readonly sortKey?: string;
}

/**
 * Creates each table (string keys, on-demand billing) that does not exist
 * yet, in order; a table that already exists is left as it is, so calling it
 * on every start is safe. Every definition is checked before the first call.
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
    const keys: KeySchemaElement[] = [{ AttributeName: table.partitionKey, KeyType: 'HASH' }];
    if (table.sortKey !== undefined) keys.push({ AttributeName: table.sortKey, KeyType: 'RANGE' });
    try {
      await client.send(
        new CreateTableCommand({
          TableName: table.name,
          BillingMode: 'PAY_PER_REQUEST',
          AttributeDefinitions: keys.map(({ AttributeName }) => ({
            AttributeName,
            AttributeType: 'S',
          })),
          KeySchema: keys,
        }),
      );
    } catch (error) {
      if (!(error instanceof ResourceInUseException)) throw error;
    }
  }
}

function validate(tables: readonly TableDefinition[]): void {
  const seen = new Set<string>();
  for (const table of tables) {
    if (!table.name) throw new InvalidTableDefinitionError('A table name must not be empty.');
    if (seen.has(table.name)) {
      throw new InvalidTableDefinitionError(`The table ${table.name} is defined twice.`);
    }
    seen.add(table.name);
    if (!table.partitionKey) {
      throw new InvalidTableDefinitionError(`The table ${table.name} needs a partition key.`);
    }
    if (table.sortKey !== undefined && (!table.sortKey || table.sortKey === table.partitionKey)) {
      throw new InvalidTableDefinitionError(
        `The table ${table.name} has a sort key that is empty or the same as its partition key.`,
      );
    }
  }
}

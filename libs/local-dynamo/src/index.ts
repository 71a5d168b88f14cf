export { startDynalite, type LocalDynamo, type StartDynaliteOptions } from './start-dynalite';
export { startDynamoDbLocal, type StartDynamoDbLocalOptions } from './start-dynamodb-local';
export { createTables, type IndexDefinition, type TableDefinition } from './create-tables';
export {
  DynaliteStartError,
  DynamoDbLocalStartError,
  InvalidPortError,
  InvalidTableDefinitionError,
  LocalDynamoError,
} from './errors';

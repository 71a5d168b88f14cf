// The public face of @lumcast/local-dynamo: only the names another project imports. Tests import
// the module that defines a name.
export { startDynalite, type LocalDynamo } from './start-dynalite';
export { startDynamoDbLocal } from './start-dynamodb-local';
export { createTables } from './create-tables';

// Every error the lib throws: callers tell failures apart by class across the boundary.
export {
  LocalDynamoError,
  InvalidPortError,
  InvalidTableDefinitionError,
  DynaliteStartError,
  DynamoDbLocalStartError,
} from './errors';

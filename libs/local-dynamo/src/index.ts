// The public face of @lumcast/local-dynamo: only the names another project imports. Tests import
// the module that defines a name.
export { startDynalite, type LocalDynamo } from './start-dynalite';
export { startDynamoDbLocal } from './start-dynamodb-local';
export { createTables } from './create-tables';

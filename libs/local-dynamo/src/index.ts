export { startDynalite, type LocalDynamo, type StartDynaliteOptions } from './start-dynalite';
export { createTables, type TableDefinition } from './create-tables';
export {
  DynaliteStartError,
  InvalidPortError,
  InvalidTableDefinitionError,
  LocalDynamoError,
} from './errors';

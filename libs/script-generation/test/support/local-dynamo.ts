import { createTables, startDynalite, type LocalDynamo as Dynalite } from '@lumcast/local-dynamo';
import { SERIES_MEMORY_TABLE_KEY } from '../../src/index';

/** The shared in-process dynalite with a series-memory table. */
export interface LocalDynamo extends Dynalite {
  readonly tableName: string;
}

/** Starts dynalite on a free port and creates the series-memory table with the exported key schema. */
export async function startLocalDynamo(tableName = 'series-memory'): Promise<LocalDynamo> {
  const dynamo = await startDynalite();
  await createTables(dynamo.client, [
    {
      name: tableName,
      partitionKey: SERIES_MEMORY_TABLE_KEY.partitionKey,
      sortKey: SERIES_MEMORY_TABLE_KEY.sortKey,
    },
  ]);
  return { ...dynamo, tableName };
}

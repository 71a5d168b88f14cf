import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import {
  audioStoreFrom,
  buildCallbackHandler,
  jobsTableFrom,
  ledgerFrom,
  readEnvironment,
  seriesMemoryFrom,
} from '@lumcast/pipeline';

// Created once per container; region, credentials and endpoints come from the environment.
const env = readEnvironment(process.env);
const dynamodb = new DynamoDBClient({});

/** State machine steps ReportSuccess and ReportFailure: the only place quota is charged (settled) or a hold released. */
export const handler = buildCallbackHandler({
  jobs: jobsTableFrom(env, dynamodb),
  ledger: ledgerFrom(env, dynamodb),
  store: audioStoreFrom(env, new S3Client({})),
  seriesMemory: seriesMemoryFrom(env, dynamodb),
});

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  buildDeadLetterConsumer,
  jobsTableFrom,
  ledgerFrom,
  readEnvironment,
} from '@lumcast/pipeline';

// Created once per container; region, credentials and endpoints come from the environment.
const env = readEnvironment(process.env);
const dynamodb = new DynamoDBClient({});

/**
 * The job queue's dead-letter queue → every job ends: a job whose message dead-lettered while still
 * `queued` has its hold released and ends `failed`, uncharged; a message naming no job stays (alarm).
 */
export const handler = buildDeadLetterConsumer({
  jobs: jobsTableFrom(env, dynamodb),
  ledger: ledgerFrom(env, dynamodb),
});

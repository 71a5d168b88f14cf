import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SFNClient } from '@aws-sdk/client-sfn';
import {
  buildSqsConsumer,
  executionStarterFrom,
  jobsTableFrom,
  ledgerFrom,
  readEnvironment,
  userPlansFrom,
} from '@lumcast/pipeline';

// Created once per container; region, credentials and endpoints come from the environment.
const env = readEnvironment(process.env);
const dynamodb = new DynamoDBClient({});

/** SQS job messages → quota preflight → one state machine execution per job. */
export const handler = buildSqsConsumer({
  jobs: jobsTableFrom(env, dynamodb),
  ledger: ledgerFrom(env, dynamodb),
  plans: userPlansFrom(env, dynamodb),
  starter: executionStarterFrom(env, new SFNClient({})),
});

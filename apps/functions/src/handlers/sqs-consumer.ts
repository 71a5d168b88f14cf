import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SFNClient } from '@aws-sdk/client-sfn';
import {
  buildSqsConsumer,
  executionStarterFrom,
  jobsTableFrom,
  readEnvironment,
} from '@lumcast/pipeline';

// Created once per container; region, credentials and endpoints come from the environment.
const env = readEnvironment(process.env);

/**
 * SQS job messages → one state machine execution per job. The quota was reserved by the
 * API before the job was queued, so there is no quota read here.
 */
export const handler = buildSqsConsumer({
  jobs: jobsTableFrom(env, new DynamoDBClient({})),
  starter: executionStarterFrom(env, new SFNClient({})),
});

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import {
  audioStoreFrom,
  buildAssembleHandler,
  jobsTableFrom,
  readEnvironment,
} from '@lumcast/pipeline';

// Created once per container; region, credentials and endpoints come from the environment.
const env = readEnvironment(process.env);

/** State machine step Assemble. */
export const handler = buildAssembleHandler({
  jobs: jobsTableFrom(env, new DynamoDBClient({})),
  store: audioStoreFrom(env, new S3Client({})),
});

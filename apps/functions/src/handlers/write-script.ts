import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import {
  audioStoreFrom,
  buildWriteScriptHandler,
  jobsTableFrom,
  readEnvironment,
  scriptWriterFrom,
  seriesMemoryFrom,
} from '@lumcast/pipeline';

// Created once per container; region, credentials and endpoints come from the environment.
const env = readEnvironment(process.env);
const dynamodb = new DynamoDBClient({});

/** State machine step WriteScript. */
export const handler = buildWriteScriptHandler({
  jobs: jobsTableFrom(env, dynamodb),
  store: audioStoreFrom(env, new S3Client({})),
  // The script writer retries Bedrock itself (backoff with jitter): no second layer of SDK retries.
  writer: scriptWriterFrom(env, () => new BedrockRuntimeClient({ maxAttempts: 1 })),
  seriesMemory: seriesMemoryFrom(env, dynamodb),
  maxChunkChars: env.LUMCAST_MAX_CHUNK_CHARS,
});

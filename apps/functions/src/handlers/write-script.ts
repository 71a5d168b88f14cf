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
  sourceFetcherFrom,
  speechEngineFrom,
} from '@lumcast/pipeline';

// Created once per container; region, credentials and endpoints come from the environment.
const env = readEnvironment(process.env);
const dynamodb = new DynamoDBClient({});

/** The write-script function: state machine steps WriteOutline, WriteChapter and FinishScript (dispatched on `phase`). */
export const handler = buildWriteScriptHandler({
  jobs: jobsTableFrom(env, dynamodb),
  store: audioStoreFrom(env, new S3Client({})),
  // The writer LUMCAST_SCRIPT_WRITER selects: Bedrock in AWS (the template sets it), the offline
  // writer in the local run (no account needed); the Bedrock client is only created for Bedrock.
  // The script writer retries Bedrock itself (backoff with jitter): no second layer of SDK retries.
  // A non-streaming Converse call of one part (at most ~1,600 words) answers in well under a
  // minute; a call silent for 90 s is cut (TimeoutError) and retried within the 280 s Lambda.
  // Every Converse call first takes the model's turn on the pacing table (requests per minute
  // shared by every container); a turn more than a few seconds away goes back to the state machine.
  writer: scriptWriterFrom(
    env,
    () =>
      new BedrockRuntimeClient({
        maxAttempts: 1,
        requestHandler: { requestTimeout: 90_000, disableConcurrentStreams: true },
      }),
    () => dynamodb,
  ),
  seriesMemory: seriesMemoryFrom(env, dynamodb),
  // Source links are read from the internet (public addresses only): the function is in no VPC.
  // A self-hosted run's operator may list origins on its own network (LUMCAST_SOURCE_ALLOWED_ORIGINS).
  sources: sourceFetcherFrom(env),
  maxChunkChars: env.LUMCAST_MAX_CHUNK_CHARS,
  // Part of each chunk's address (`chunkAddress`), so a render reuses the episode's chunks.
  speechEngine: speechEngineFrom(env),
});

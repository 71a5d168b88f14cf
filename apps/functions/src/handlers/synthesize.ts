import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PollyClient } from '@aws-sdk/client-polly';
import { S3Client } from '@aws-sdk/client-s3';
import {
  audioStoreFrom,
  buildSynthesizeHandler,
  jobsTableFrom,
  readEnvironment,
  synthesizerFrom,
} from '@lumcast/pipeline';

// Created once per container; region, credentials and endpoints come from the environment.
const env = readEnvironment(process.env);

/** State machine step SynthesizeChunk (one Map item). */
export const handler = buildSynthesizeHandler({
  jobs: jobsTableFrom(env, new DynamoDBClient({})),
  store: audioStoreFrom(env, new S3Client({})),
  // The synthesizer retries Polly throttling itself (backoff with jitter): no second layer.
  synthesizer: synthesizerFrom(env, () => new PollyClient({ maxAttempts: 1 })),
});

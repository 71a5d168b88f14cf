import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PollyClient } from '@aws-sdk/client-polly';
import { S3Client } from '@aws-sdk/client-s3';
import {
  audioStoreFrom,
  buildSynthesizeHandler,
  jobsTableFrom,
  readEnvironment,
  speechTurnsFrom,
  synthesizerFrom,
} from '@lumcast/pipeline';

// Created once per container; region, credentials and endpoints come from the environment.
const env = readEnvironment(process.env);
const dynamodb = new DynamoDBClient({});

/**
 * Idle timeout of one Polly request, in ms: the value of `POLLY_REQUEST_TIMEOUT_MS` in
 * @lumcast/audio-assembly (handlers import only @lumcast/pipeline and SDK clients). Five attempts of
 * 10 s plus backoff stay inside this Lambda's 100 s.
 */
const POLLY_REQUEST_TIMEOUT_MS = 10_000;

/**
 * State machine step SynthesizeChunk (one Map item). Each chunk first takes Polly's turn on the
 * pacing table (the engine's requests per second, shared by every container); a turn more than a
 * few seconds away goes back to the state machine's Wait state.
 */
export const handler = buildSynthesizeHandler({
  jobs: jobsTableFrom(env, dynamodb),
  speechTurns: speechTurnsFrom(env, dynamodb),
  store: audioStoreFrom(env, new S3Client({})),
  // The synthesizer retries Polly throttling (the safety net behind the pacing), 5xx, network errors
  // and timeouts itself (backoff with full jitter), so the SDK makes one attempt per call. The request timeout turns a hung stream into a
  // TimeoutError the synthesizer retries, instead of a Lambda timeout.
  synthesizer: synthesizerFrom(
    env,
    () =>
      new PollyClient({
        maxAttempts: 1,
        requestHandler: { requestTimeout: POLLY_REQUEST_TIMEOUT_MS },
      }),
  ),
});

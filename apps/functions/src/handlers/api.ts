import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import {
  audioStoreFrom,
  buildApiHandler,
  cognitoIdentity,
  episodeLinksFrom,
  feedsTableFrom,
  jobQueueFrom,
  jobsTableFrom,
  ledgerFrom,
  readEnvironment,
  seriesEpisodesFrom,
  seriesHostsFrom,
  sourceUploadsFrom,
  speechEngineFrom,
} from '@lumcast/pipeline';

// Created once per container; region, credentials and endpoints come from the environment.
const env = readEnvironment(process.env);
const dynamodb = new DynamoDBClient({});
// Path-style URLs when the run asks for them (the local run, whose links are on the dashboard's
// own origin, `http://localhost:<port>/<bucket>/<key>`); the bucket's own host in AWS.
const s3 = new S3Client({ forcePathStyle: process.env['LUMCAST_S3_PATH_STYLE'] === 'true' });

/**
 * The HTTP API behind API Gateway; the identity is the Cognito JWT `sub`, nothing else (the
 * public feed routes read no identity: the feed id in the path is their secret).
 */
export const handler = buildApiHandler(
  {
    jobs: jobsTableFrom(env, dynamodb),
    feeds: feedsTableFrom(env, dynamodb),
    seriesEpisodes: seriesEpisodesFrom(env, dynamodb),
    seriesHosts: seriesHostsFrom(env, dynamodb),
    ledger: ledgerFrom(env, dynamodb),
    queue: jobQueueFrom(env, new SQSClient({})),
    links: episodeLinksFrom(env, s3),
    uploads: sourceUploadsFrom(env, s3),
    store: audioStoreFrom(env, s3),
    speechEngine: speechEngineFrom(env),
    maxChunkChars: env.LUMCAST_MAX_CHUNK_CHARS,
  },
  cognitoIdentity,
);

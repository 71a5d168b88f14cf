import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PollyClient } from '@aws-sdk/client-polly';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { once, type AwsClientFactories } from '@lumcast/pipeline';

/**
 * The AWS clients of this Lambda container, each created on first use and
 * reused by every invocation. Region, credentials and endpoints come from the
 * environment (`AWS_REGION`, the execution role, `AWS_ENDPOINT_URL_<SERVICE>`).
 */
export const awsClients: AwsClientFactories = {
  dynamodb: once(() => new DynamoDBClient({})),
  s3: once(() => new S3Client({})),
  sqs: once(() => new SQSClient({})),
  sfn: once(() => new SFNClient({})),
  // The script writer retries Bedrock itself (backoff with jitter); no second layer of SDK retries.
  bedrock: once(() => new BedrockRuntimeClient({ maxAttempts: 1 })),
  polly: once(() => new PollyClient({})),
};

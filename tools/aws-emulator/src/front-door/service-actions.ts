import { AwsServiceError } from '../errors';
import type { ReceivedRequest } from './sigv4-verifier';
import type { SynthesizedApp } from '../template/synthesized-app';
import { bedrockCall, pollyCall } from './model-actions';
import type { Authorization, FrontDoorService, ServiceCall } from './service-call';

function jsonBody(request: ReceivedRequest): Record<string, unknown> {
  try {
    const parsed = JSON.parse(request.body.toString('utf8') || '{}') as unknown;
    if (parsed !== null && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new AwsServiceError('SerializationException', 'The request body is not a JSON object');
}

function jsonOperation(request: ReceivedRequest, prefix: string): string {
  const target = request.headers['x-amz-target'] ?? '';
  if (!target.startsWith(`${prefix}.`))
    throw new AwsServiceError('UnknownOperationException', `X-Amz-Target "${target}" is unknown`);
  return target.slice(prefix.length + 1);
}

function tableArn(app: SynthesizedApp, table: unknown): string {
  const name = String(table ?? '');
  if (name.startsWith('arn:')) return name;
  const { region, accountId, partition } = app.account;
  return `arn:${partition}:dynamodb:${region}:${accountId}:table/${name}`;
}

const TRANSACT_WRITE_ACTIONS: Readonly<Record<string, string>> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

function dynamodbCall(app: SynthesizedApp, request: ReceivedRequest): ServiceCall {
  const operation = jsonOperation(request, 'DynamoDB_20120810');
  const input = jsonBody(request);
  const action = `dynamodb:${operation}`;
  switch (operation) {
    case 'BatchGetItem':
    case 'BatchWriteItem':
      return {
        operation,
        authorizations: Object.keys((input['RequestItems'] as object | undefined) ?? {}).map(
          (table) => ({ action, resource: tableArn(app, table) }),
        ),
      };
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      const items = (input['TransactItems'] as Record<string, { TableName?: string }>[]) ?? [];
      return {
        operation,
        authorizations: items.flatMap((item) =>
          Object.entries(item).map(([kind, part]) => ({
            action:
              operation === 'TransactGetItems'
                ? 'dynamodb:GetItem'
                : (TRANSACT_WRITE_ACTIONS[kind] ?? `dynamodb:${kind}`),
            resource: tableArn(app, part.TableName),
          })),
        ),
      };
    }
    default: {
      const table = tableArn(app, input['TableName']);
      const index = input['IndexName'];
      return {
        operation,
        authorizations: [
          {
            action,
            resource: typeof index === 'string' ? `${table}/index/${index}` : table,
          },
        ],
      };
    }
  }
}

function s3Call(app: SynthesizedApp, request: ReceivedRequest): ServiceCall {
  const { partition } = app.account;
  const [bucket = '', ...keyParts] = request.path.replace(/^\//, '').split('/');
  const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
  const query = new URLSearchParams(request.rawQuery);
  const bucketArn = `arn:${partition}:s3:::${decodeURIComponent(bucket)}`;
  const objectArn = (k: string) => `${bucketArn}/${k}`;
  const one = (operation: string, action: string, resource: string): ServiceCall => ({
    operation,
    authorizations: [{ action, resource }],
  });
  const method = request.method.toUpperCase();
  if (key === '') {
    if (method === 'GET' && query.has('list-type'))
      return one('ListObjectsV2', 's3:ListBucket', bucketArn);
    if (method === 'GET') return one('ListObjects', 's3:ListBucket', bucketArn);
    if (method === 'HEAD') return one('HeadBucket', 's3:ListBucket', bucketArn);
    if (method === 'POST' && query.has('delete')) {
      const keys = [...request.body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map(
        (match) => decodeXml(match[1] ?? ''),
      );
      return {
        operation: 'DeleteObjects',
        authorizations: keys.map((k) => ({ action: 's3:DeleteObject', resource: objectArn(k) })),
      };
    }
    throw new AwsServiceError('NotImplemented', `${method} on a bucket is not served here`);
  }
  switch (method) {
    case 'GET':
    case 'HEAD':
      return one(method === 'GET' ? 'GetObject' : 'HeadObject', 's3:GetObject', objectArn(key));
    case 'PUT': {
      const source = request.headers['x-amz-copy-source'];
      const put: Authorization = { action: 's3:PutObject', resource: objectArn(key) };
      if (source === undefined)
        return {
          operation: query.has('partNumber') ? 'UploadPart' : 'PutObject',
          authorizations: [put],
        };
      const sourceArn = `arn:${partition}:s3:::${decodeURIComponent(source.replace(/^\//, ''))}`;
      return {
        operation: 'CopyObject',
        authorizations: [put, { action: 's3:GetObject', resource: sourceArn }],
      };
    }
    case 'POST':
      return one('MultipartUpload', 's3:PutObject', objectArn(key));
    case 'DELETE':
      return query.has('uploadId')
        ? one('AbortMultipartUpload', 's3:AbortMultipartUpload', objectArn(key))
        : one('DeleteObject', 's3:DeleteObject', objectArn(key));
    default:
      throw new AwsServiceError('NotImplemented', `${method} is not an S3 method`);
  }
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const SQS_BATCH_ACTIONS: Readonly<Record<string, string>> = {
  SendMessageBatch: 'sqs:SendMessage',
  DeleteMessageBatch: 'sqs:DeleteMessage',
  ChangeMessageVisibilityBatch: 'sqs:ChangeMessageVisibility',
};

function sqsCall(app: SynthesizedApp, request: ReceivedRequest): ServiceCall {
  const operation = jsonOperation(request, 'AmazonSQS');
  const input = jsonBody(request);
  const url = String(input['QueueUrl'] ?? '');
  // By account and name, the queue URL's path: its host is wherever the run serves SQS.
  const queue = app.queues.find((q) => new URL(q.queueUrl).pathname === pathnameOf(url));
  if (queue === undefined)
    throw new AwsServiceError('QueueDoesNotExist', `The specified queue does not exist: ${url}`);
  return {
    operation,
    authorizations: [
      { action: SQS_BATCH_ACTIONS[operation] ?? `sqs:${operation}`, resource: queue.queueArn },
    ],
  };
}

function pathnameOf(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

function sfnCall(request: ReceivedRequest): ServiceCall {
  const operation = jsonOperation(request, 'AWSStepFunctions');
  const input = jsonBody(request);
  const resource = String(input['stateMachineArn'] ?? input['executionArn'] ?? '*');
  return { operation, authorizations: [{ action: `states:${operation}`, resource }] };
}

/**
 * Reads what a request to one of the services asks for, as IAM sees it: DynamoDB's
 * `X-Amz-Target` and table (an index as `table/<t>/index/<i>`, batches and transactions per
 * table and kind), S3's method, path and query (path-style), Polly's SynthesizeSpeech, Bedrock's
 * model or inference profile (and the foundation model behind a profile), SQS's queue by its URL,
 * Step Functions' state machine or execution ARN.
 *
 * @throws AwsServiceError for a request the service would not understand.
 * @example
 * ```ts
 * serviceCallOf(app, 'dynamodb', request);
 * // { operation: 'PutItem', authorizations: [{ action: 'dynamodb:PutItem', resource: 'arn:aws:dynamodb:us-east-1:000000000000:table/...' }] }
 * ```
 */
export function serviceCallOf(
  app: SynthesizedApp,
  service: FrontDoorService,
  request: ReceivedRequest,
): ServiceCall {
  switch (service) {
    case 'dynamodb':
      return dynamodbCall(app, request);
    case 's3':
      return s3Call(app, request);
    case 'polly':
      return pollyCall(request);
    case 'bedrock-runtime':
      return bedrockCall(app, request);
    case 'sqs':
      return sqsCall(app, request);
    case 'sfn':
      return sfnCall(request);
  }
}

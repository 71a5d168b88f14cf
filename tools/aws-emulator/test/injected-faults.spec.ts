/**
 * Faults armed at the front doors (`endpoints.injectFault`), seen through the real SDK clients: a
 * matching allowed call is answered with the armed AWS error in the service's own shape (JSON for
 * DynamoDB and Step Functions, XML for S3) and never reaches the service; other calls, calls past
 * the count and calls IAM denies are answered as before. DynamoDB Local and s3rver run behind
 * the doors on a fixture app of one function whose role grants a few actions.
 */
import {
  DynamoDBClient,
  DeleteItemCommand,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { startDynamoDbLocal, type RunningDynamoDbLocal } from '../src/dynamodb/dynamodb-local';
import { startAwsEndpoints } from '../src/front-door/front-door';
import type { AwsEndpoints, Caller } from '../src/front-door/front-door-types';
import { credentialsFor } from '../src/front-door/function-credentials';
import { IamEvaluator } from '../src/front-door/iam-evaluator';
import type { FaultedCall } from '../src/front-door/injected-faults';
import { startS3Server, type RunningS3Server } from '../src/s3/s3-server';
import type { BucketSpec, TableSpec } from '../src/template/resource-specs';
import type { SynthesizedApp } from '../src/template/synthesized-app';
import { bundles } from './support';

jest.setTimeout(60_000);

const region = 'us-east-1';
const table: TableSpec = {
  logicalId: 'Items',
  tableName: 'fixture-items',
  tableArn: 'arn:aws:dynamodb:us-east-1:000000000000:table/fixture-items',
  keySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
  attributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
  billingMode: 'PAY_PER_REQUEST',
};
const bucket: BucketSpec = {
  logicalId: 'Objects',
  bucketName: 'fixture-objects',
  bucketArn: 'arn:aws:s3:::fixture-objects',
  lifecycleRules: [],
};
const fixture = bundles({ Worker: 'export const handler = async () => ({});' });
const worker = fixture.functions[0]!;
const app = {
  stackName: 'Fixture',
  account: { region, accountId: '000000000000', partition: 'aws' },
  functions: fixture.functions,
  tables: [table],
  buckets: [bucket],
  queues: [],
  roles: {
    [worker.roleLogicalId]: {
      roleArn: worker.roleArn,
      roleName: worker.roleLogicalId,
      managedPolicyArns: [],
      assumeRolePolicyDocument: {},
      policyDocuments: [
        {
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
              Resource: table.tableArn,
            },
            {
              Effect: 'Allow',
              Action: ['s3:GetObject', 's3:PutObject'],
              Resource: `${bucket.bucketArn}/*`,
            },
            { Effect: 'Allow', Action: 's3:ListBucket', Resource: bucket.bucketArn },
            { Effect: 'Allow', Action: 'states:StartExecution', Resource: '*' },
          ],
        },
      ],
    },
  },
  bucketPolicies: {},
  queuePolicies: {},
} as unknown as SynthesizedApp;
const credentials = credentialsFor(worker);
const callers = new Map<string, Caller>([
  [
    credentials.accessKeyId,
    {
      functionLogicalId: worker.logicalId,
      roleLogicalId: worker.roleLogicalId,
      secretAccessKey: credentials.secretAccessKey,
      sessionToken: credentials.sessionToken,
    },
  ],
]);
const executionsStarted: unknown[] = [];

let dynamo: RunningDynamoDbLocal;
let s3: RunningS3Server;
let endpoints: AwsEndpoints;
let dynamodb: DynamoDBClient;
let objects: S3Client;
let sfn: SFNClient;

beforeAll(async () => {
  [dynamo, s3] = await Promise.all([startDynamoDbLocal([table]), startS3Server([bucket])]);
  endpoints = await startAwsEndpoints({
    app,
    iam: new IamEvaluator(app),
    callers,
    upstream: {
      dynamodb: dynamo.endpoint,
      s3: s3.endpoint,
      polly: s3.endpoint,
      bedrock: s3.endpoint,
    },
    local: {
      sqs: async () => ({}),
      sfn: async (_operation, input) => {
        executionsStarted.push(input);
        return {
          executionArn: 'arn:aws:states:us-east-1:000000000000:execution:m:e',
          startDate: 0,
        };
      },
    },
  });
  const config = (service: 'dynamodb' | 's3' | 'sfn') => ({
    region,
    endpoint: endpoints.urls[service],
    credentials,
    maxAttempts: 1,
  });
  dynamodb = new DynamoDBClient(config('dynamodb'));
  objects = new S3Client({ ...config('s3'), forcePathStyle: true });
  sfn = new SFNClient(config('sfn'));
});

afterAll(async () => {
  dynamodb?.destroy();
  objects?.destroy();
  sfn?.destroy();
  await endpoints?.stop();
  await Promise.all([dynamo?.stop(), s3?.stop()]);
  fixture.cleanup();
});

const unavailable = { status: 500, code: 'InternalServerError', message: 'Internal server error' };

/** What an SDK call threw: its error name, HTTP status and message. */
async function failureOf(call: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = (await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )) as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  if (error === undefined) throw new Error('the call succeeded');
  return { name: error.name, status: error.$metadata?.httpStatusCode, message: error.message };
}

const setName = (id: string, name: string) =>
  new UpdateItemCommand({
    TableName: table.tableName,
    Key: { id: { S: id } },
    UpdateExpression: 'SET #n = :n',
    ExpressionAttributeNames: { '#n': 'name' },
    ExpressionAttributeValues: { ':n': { S: name } },
  });
const nameOf = async (id: string) =>
  (await dynamodb.send(new GetItemCommand({ TableName: table.tableName, Key: { id: { S: id } } })))
    .Item?.['name']?.S;

describe('a fault armed at the DynamoDB front door', () => {
  it('answers the matching calls with its JSON error, never writing, then lets the next one through', async () => {
    await dynamodb.send(
      new PutItemCommand({
        TableName: table.tableName,
        Item: { id: { S: 'a' }, name: { S: 'first' } },
      }),
    );
    const fault = endpoints.injectFault({
      service: 'dynamodb',
      action: 'dynamodb:UpdateItem',
      match: (call: FaultedCall) =>
        (call.json as { Key?: { id?: { S?: string } } }).Key?.id?.S === 'a',
      count: 2,
      error: unavailable,
    });
    for (const attempt of [1, 2]) {
      expect(await failureOf(dynamodb.send(setName('a', `attempt ${attempt}`)))).toEqual({
        name: 'InternalServerError',
        status: 500,
        message: 'Internal server error',
      });
    }
    expect(await nameOf('a')).toBe('first');
    expect({ answered: fault.answered, remaining: fault.remaining }).toEqual({
      answered: 2,
      remaining: 0,
    });
    await dynamodb.send(setName('a', 'third'));
    expect(await nameOf('a')).toBe('third');
  });

  it('lets a call its match refuses through', async () => {
    const fault = endpoints.injectFault({
      service: 'dynamodb',
      action: 'dynamodb:UpdateItem',
      match: (call) => (call.json as { Key?: { id?: { S?: string } } }).Key?.id?.S === 'other',
      count: 1,
      error: unavailable,
    });
    await dynamodb.send(setName('b', 'written'));
    expect(await nameOf('b')).toBe('written');
    expect(fault.answered).toBe(0);
    fault.disarm();
  });

  it('leaves a call IAM denies denied, without spending the fault', async () => {
    const fault = endpoints.injectFault({
      service: 'dynamodb',
      action: 'dynamodb:DeleteItem',
      count: 1,
      error: unavailable,
    });
    const denied = await failureOf(
      dynamodb.send(new DeleteItemCommand({ TableName: table.tableName, Key: { id: { S: 'a' } } })),
    );
    expect(denied).toMatchObject({ name: 'AccessDeniedException', status: 400 });
    expect(fault.remaining).toBe(1);
    fault.disarm();
  });

  it('answers every matching call until disarmed when armed without a bound', async () => {
    const fault = endpoints.injectFault({
      service: 'dynamodb',
      action: 'dynamodb:UpdateItem',
      count: Infinity,
      error: {
        status: 400,
        code: 'ResourceNotFoundException',
        message: 'Requested resource not found',
      },
    });
    for (const id of ['c', 'd', 'e']) {
      expect(await failureOf(dynamodb.send(setName(id, 'x')))).toMatchObject({
        name: 'ResourceNotFoundException',
        status: 400,
      });
    }
    fault.disarm();
    await dynamodb.send(setName('c', 'after'));
    expect({ answered: fault.answered, name: await nameOf('c') }).toEqual({
      answered: 3,
      name: 'after',
    });
  });
});

describe('a fault armed at the S3 and Step Functions front doors', () => {
  it('answers an S3 call with its XML error, storing nothing', async () => {
    endpoints.injectFault({
      service: 's3',
      action: 's3:PutObject',
      match: (call) => call.path.endsWith('/episode.bin'),
      count: 1,
      error: { status: 503, code: 'SlowDown', message: 'Please reduce your request rate.' },
    });
    const put = new PutObjectCommand({
      Bucket: bucket.bucketName,
      Key: 'x/episode.bin',
      Body: 'bytes',
    });
    expect(await failureOf(objects.send(put))).toEqual({
      name: 'SlowDown',
      status: 503,
      message: 'Please reduce your request rate.',
    });
    expect(
      await failureOf(
        objects.send(new GetObjectCommand({ Bucket: bucket.bucketName, Key: 'x/episode.bin' })),
      ),
    ).toMatchObject({ name: 'NoSuchKey', status: 404 });
    await objects.send(put);
  });

  it('answers a Step Functions call with its JSON error, never reaching the state machine', async () => {
    endpoints.injectFault({
      service: 'sfn',
      action: 'states:StartExecution',
      count: 1,
      error: { status: 400, code: 'ExecutionLimitExceeded', message: 'Too many executions' },
    });
    const start = new StartExecutionCommand({
      stateMachineArn: 'arn:aws:states:us-east-1:000000000000:stateMachine:m',
      input: '{}',
    });
    expect(await failureOf(sfn.send(start))).toEqual({
      name: 'ExecutionLimitExceeded',
      status: 400,
      message: 'Too many executions',
    });
    expect(executionsStarted).toEqual([]);
    await sfn.send(start);
    expect(executionsStarted).toHaveLength(1);
  });
});

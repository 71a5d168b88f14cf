import { createHash } from 'node:crypto';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import {
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { PACING_TABLE_KEY } from '@lumcast/pacing';
import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import {
  startAwsEndpoints,
  type AwsEndpoints,
  type Caller,
  loadSynthesizedApp,
  startDynamoDbLocal,
  type RunningDynamoDbLocal,
  AwsServiceError,
  startFakeBedrock,
  type FakeBedrock,
  startFakePolly,
  type FakePolly,
  IamEvaluator,
  startS3Server,
  type RunningS3Server,
  type FunctionSpec,
} from '@lumcast/aws-emulator';
import { CDK_OUT_DIR } from './support/synthesized-template';

const app = loadSynthesizedApp({ cdkOutDir: CDK_OUT_DIR, endpoints: {} });
const region = app.account.region;

function fn(handlerName: string): FunctionSpec {
  const found = app.functions.find((f) => f.handlerName === handlerName);
  if (found === undefined) throw new Error(`No ${handlerName} function in the template`);
  return found;
}

const keysOf = (f: FunctionSpec) => ({
  accessKeyId: `ASIA${f.logicalId
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16)}`,
  secretAccessKey: `secret-of-${f.logicalId}`,
  sessionToken: `token-of-${f.logicalId}`,
});

const callers = new Map<string, Caller>(
  app.functions.map((f) => [
    keysOf(f).accessKeyId,
    {
      functionLogicalId: f.logicalId,
      roleLogicalId: f.roleLogicalId,
      secretAccessKey: keysOf(f).secretAccessKey,
      sessionToken: keysOf(f).sessionToken,
    },
  ]),
);

const jobs = app.tables.find((t) => t.keySchema.some((k) => k.AttributeName === 'jobId'));
const audio = app.buckets.find((b) => /audio/i.test(b.logicalId));
const workQueue = app.queues.find((q) => q.redrive !== undefined);
const sqsCalls: { operation: string; input: unknown; caller: string }[] = [];
let clock = new Date();

let dynamo: RunningDynamoDbLocal;
let s3: RunningS3Server;
let polly: FakePolly;
let bedrock: FakeBedrock;
let endpoints: AwsEndpoints;

beforeAll(async () => {
  [dynamo, s3, polly, bedrock] = await Promise.all([
    startDynamoDbLocal(app.tables),
    startS3Server(app.buckets),
    startFakePolly(),
    startFakeBedrock({ outputTokensPerSecond: 100_000 }),
  ]);
  endpoints = await startAwsEndpoints({
    app,
    iam: new IamEvaluator(app),
    callers,
    upstream: {
      dynamodb: dynamo.endpoint,
      s3: s3.endpoint,
      polly: polly.url,
      bedrock: bedrock.url,
    },
    local: {
      sqs: async (operation, input, caller) => {
        sqsCalls.push({ operation, input, caller: caller.functionLogicalId });
        if ((input as { MessageBody?: string }).MessageBody === 'refuse')
          throw new AwsServiceError('InvalidParameterValue', 'The body was refused');
        return {
          MessageId: 'm-1',
          MD5OfMessageBody: createHash('md5')
            .update(String((input as { MessageBody?: string }).MessageBody))
            .digest('hex'),
        };
      },
      sfn: async () => ({}),
    },
    now: () => clock,
  });
});

afterAll(async () => {
  await endpoints?.stop();
  await Promise.all([dynamo?.stop(), s3?.stop(), polly?.stop(), bedrock?.stop()]);
});

beforeEach(() => {
  clock = new Date();
});

function clientConfig(
  f: FunctionSpec,
  service: 'dynamodb' | 's3' | 'polly' | 'bedrock-runtime' | 'sqs',
) {
  return { region, endpoint: endpoints.urls[service], credentials: keysOf(f), maxAttempts: 1 };
}

describe('the DynamoDB front door', () => {
  it('lets a call the role grants through to DynamoDB Local', async () => {
    if (jobs === undefined) throw new Error('no jobs table');
    const api = new DynamoDBClient(clientConfig(fn('api'), 'dynamodb'));
    await api.send(
      new PutItemCommand({
        TableName: jobs.tableName,
        Item: { jobId: { S: 'door-1' }, userId: { S: 'u' } },
      }),
    );
    const { Item } = await api.send(
      new GetItemCommand({
        TableName: jobs.tableName,
        Key: { userId: { S: 'u' }, jobId: { S: 'door-1' } },
      }),
    );
    expect(Item?.['userId']).toEqual({ S: 'u' });
    const allowed = endpoints.calls.filter((c) => c.functionLogicalId === fn('api').logicalId);
    expect(allowed.map((c) => c.action)).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:GetItem']),
    );
  });

  it('refuses a call the role does not grant with AccessDeniedException naming the action and resource', async () => {
    const table = app.tables.find(
      (t) =>
        !JSON.stringify(app.roles[fn('synthesize').roleLogicalId]?.policyDocuments).includes(
          t.tableArn,
        ),
    );
    if (table === undefined) throw new Error('synthesize is granted every table');
    const synthesize = new DynamoDBClient(clientConfig(fn('synthesize'), 'dynamodb'));
    const key = Object.fromEntries(table.keySchema.map((k) => [k.AttributeName, { S: 'x' }]));
    await expect(
      synthesize.send(new GetItemCommand({ TableName: table.tableName, Key: key })),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining(`dynamodb:GetItem on resource: ${table.tableArn}`),
    });
    expect(endpoints.denials()).toContainEqual(
      expect.objectContaining({
        functionLogicalId: fn('synthesize').logicalId,
        action: 'dynamodb:GetItem',
        resource: table.tableArn,
      }),
    );
  });

  it.each([
    ['synthesize', true],
    ['write-script', true],
    ['api', false],
    ['sqs-consumer', false],
    ['assemble', false],
    ['callback', false],
  ])(
    'lets %s update the pacing table only if it takes provider turns (%p)',
    async (handlerName, allowed) => {
      const pacing = app.tables.find((t) =>
        t.keySchema.some((k) => k.AttributeName === PACING_TABLE_KEY),
      );
      if (pacing === undefined) throw new Error('no pacing table');
      const client = new DynamoDBClient(clientConfig(fn(handlerName), 'dynamodb'));
      const update = client.send(
        new UpdateItemCommand({
          TableName: pacing.tableName,
          Key: { [PACING_TABLE_KEY]: { S: `polly:door-${handlerName}` } },
          UpdateExpression: 'SET nextFreeAt = :next',
          ExpressionAttributeValues: { ':next': { N: '1' } },
        }),
      );
      if (allowed) await expect(update).resolves.toBeDefined();
      else
        await expect(update).rejects.toMatchObject({
          name: 'AccessDeniedException',
          message: expect.stringContaining(`dynamodb:UpdateItem on resource: ${pacing.tableArn}`),
        });
    },
  );

  it('authorizes a Query with IndexName on the index ARN, as AWS does: the api through to the index, a role without that index grant refused naming it', async () => {
    const feeds = app.tables.find((t) =>
      (t.globalSecondaryIndexes ?? []).some((i) => i.IndexName === 'user-feeds'),
    );
    if (feeds === undefined) throw new Error('no table with the user-feeds index');
    const indexArn = `${feeds.tableArn}/index/user-feeds`;
    const query = new QueryCommand({
      TableName: feeds.tableName,
      IndexName: 'user-feeds',
      KeyConditionExpression: 'userId = :u',
      ExpressionAttributeValues: { ':u': { S: 'door-user' } },
    });
    const api = new DynamoDBClient(clientConfig(fn('api'), 'dynamodb'));
    await expect(api.send(query)).resolves.toMatchObject({ Items: [] });
    expect(endpoints.calls).toContainEqual(
      expect.objectContaining({
        functionLogicalId: fn('api').logicalId,
        action: 'dynamodb:Query',
        resource: indexArn,
      }),
    );
    const consumer = new DynamoDBClient(clientConfig(fn('sqs-consumer'), 'dynamodb'));
    await expect(consumer.send(query)).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining(`dynamodb:Query on resource: ${indexArn}`),
    });
  });

  it('refuses a wrong secret as InvalidSignatureException and an unknown key as UnrecognizedClientException', async () => {
    if (jobs === undefined) throw new Error('no jobs table');
    const get = new GetItemCommand({
      TableName: jobs.tableName,
      Key: { userId: { S: 'u' }, jobId: { S: 'door-1' } },
    });
    const wrongSecret = new DynamoDBClient({
      ...clientConfig(fn('api'), 'dynamodb'),
      credentials: { ...keysOf(fn('api')), secretAccessKey: 'guessed' },
    });
    await expect(wrongSecret.send(get)).rejects.toMatchObject({
      name: 'InvalidSignatureException',
    });
    const stranger = new DynamoDBClient({
      ...clientConfig(fn('api'), 'dynamodb'),
      credentials: { accessKeyId: 'AKIASTRANGER', secretAccessKey: 'x' },
    });
    await expect(stranger.send(get)).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
  });

  it('refuses a request signed without the session token of the key', async () => {
    if (jobs === undefined) throw new Error('no jobs table');
    const { sessionToken: _dropped, ...keys } = keysOf(fn('api'));
    const tokenless = new DynamoDBClient({
      ...clientConfig(fn('api'), 'dynamodb'),
      credentials: keys,
    });
    await expect(
      tokenless.send(
        new GetItemCommand({
          TableName: jobs.tableName,
          Key: { userId: { S: 'u' }, jobId: { S: 'door-1' } },
        }),
      ),
    ).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
  });
});

describe('the S3 front door', () => {
  const put = async (key: string, body: string) => {
    if (audio === undefined) throw new Error('no audio bucket');
    const assemble = new S3Client({ ...clientConfig(fn('assemble'), 's3'), forcePathStyle: true });
    await assemble.send(
      new PutObjectCommand({
        Bucket: audio.bucketName,
        Key: key,
        Body: body,
        ContentType: 'audio/mpeg',
      }),
    );
  };

  it('stores and reads objects for a role granted the prefix, Range included', async () => {
    if (audio === undefined) throw new Error('no audio bucket');
    await put('episodes/u/door.mp3', '0123456789');
    const api = new S3Client({ ...clientConfig(fn('api'), 's3'), forcePathStyle: true });
    const part = await api.send(
      new GetObjectCommand({
        Bucket: audio.bucketName,
        Key: 'episodes/u/door.mp3',
        Range: 'bytes=2-5',
      }),
    );
    expect(await part.Body?.transformToString()).toBe('2345');
    expect(part.ContentRange).toBe('bytes 2-5/10');
  });

  it('refuses a key outside the role grant with AccessDenied', async () => {
    if (audio === undefined) throw new Error('no audio bucket');
    const api = new S3Client({ ...clientConfig(fn('api'), 's3'), forcePathStyle: true });
    await expect(
      api.send(
        new PutObjectCommand({ Bucket: audio.bucketName, Key: 'episodes/u/forged.mp3', Body: 'x' }),
      ),
    ).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it('answers a missing key AccessDenied to a role without s3:ListBucket, as S3 does', async () => {
    if (audio === undefined) throw new Error('no audio bucket');
    const api = new S3Client({ ...clientConfig(fn('api'), 's3'), forcePathStyle: true });
    await expect(
      api.send(
        new GetObjectCommand({ Bucket: audio.bucketName, Key: 'episodes/u/never-written.mp3' }),
      ),
    ).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it('serves a presigned link until it expires, and refuses a tampered or expired one', async () => {
    if (audio === undefined) throw new Error('no audio bucket');
    await put('episodes/u/link.mp3', 'abcdefghij');
    const api = new S3Client({ ...clientConfig(fn('api'), 's3'), forcePathStyle: true });
    const url = await getSignedUrl(
      api,
      new GetObjectCommand({ Bucket: audio.bucketName, Key: 'episodes/u/link.mp3' }),
      { expiresIn: 60 },
    );
    const ok = await fetch(url, { headers: { range: 'bytes=0-2' } });
    expect(ok.status).toBe(206);
    expect(await ok.text()).toBe('abc');

    const tampered = url.replace('link.mp3', 'door.mp3');
    const refused = await fetch(tampered);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('<Code>SignatureDoesNotMatch</Code>');

    clock = new Date(Date.now() + 61_000);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain('Request has expired');
  });
});

describe('the Polly and Bedrock front doors (HTTP/2)', () => {
  it('lets the synthesize role speak and refuses the api role', async () => {
    const speak = new SynthesizeSpeechCommand({
      Text: 'Hello there.',
      VoiceId: 'Joanna',
      OutputFormat: 'mp3',
      Engine: 'standard',
    });
    const allowed = await new PollyClient(clientConfig(fn('synthesize'), 'polly')).send(speak);
    expect((await allowed.AudioStream?.transformToByteArray())?.length).toBeGreaterThan(0);
    await expect(
      new PollyClient(clientConfig(fn('api'), 'polly')).send(speak),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringContaining('polly:SynthesizeSpeech'),
    });
  });

  it('evaluates a Converse call on the inference profile and on its foundation model', async () => {
    const writer = fn('write-script');
    const modelId =
      writer.environment['BEDROCK_MODEL_ID'] ??
      Object.values(writer.environment).find((v) => /anthropic/.test(v));
    if (modelId === undefined) throw new Error('write-script has no model id in its environment');
    const converse = new ConverseCommand({
      modelId,
      messages: [{ role: 'user', content: [{ text: 'Say hi' }] }],
    });
    const answer = await new BedrockRuntimeClient(clientConfig(writer, 'bedrock-runtime')).send(
      converse,
    );
    expect(answer.output?.message?.role).toBe('assistant');
    const evaluated = endpoints.calls.filter(
      (c) => c.functionLogicalId === writer.logicalId && c.service === 'bedrock-runtime',
    );
    expect(evaluated.map((c) => c.resource)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(':inference-profile/'),
        expect.stringContaining('::foundation-model/'),
      ]),
    );
    expect(evaluated.every((c) => c.decision === 'Allowed')).toBe(true);
    await expect(
      new BedrockRuntimeClient(clientConfig(fn('synthesize'), 'bedrock-runtime')).send(converse),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });
});

describe('the SQS front door', () => {
  it('hands an allowed SendMessage to the local queue with the caller, and answers its errors by name', async () => {
    if (workQueue === undefined) throw new Error('no queue with a redrive');
    const api = new SQSClient(clientConfig(fn('api'), 'sqs'));
    const sent = await api.send(
      new SendMessageCommand({ QueueUrl: workQueue.queueUrl, MessageBody: '{}' }),
    );
    expect(sent.MessageId).toBe('m-1');
    expect(sqsCalls.at(-1)).toMatchObject({
      operation: 'SendMessage',
      caller: fn('api').logicalId,
    });
    await expect(
      api.send(new SendMessageCommand({ QueueUrl: workQueue.queueUrl, MessageBody: 'refuse' })),
    ).rejects.toMatchObject({ name: 'InvalidParameterValue' });
  });

  it('refuses SendMessage from a role without the grant', async () => {
    if (workQueue === undefined) throw new Error('no queue with a redrive');
    const before = sqsCalls.length;
    await expect(
      new SQSClient(clientConfig(fn('synthesize'), 'sqs')).send(
        new SendMessageCommand({ QueueUrl: workQueue.queueUrl, MessageBody: '{}' }),
      ),
    ).rejects.toMatchObject({ name: expect.stringMatching(/AccessDenied/) });
    expect(sqsCalls.length).toBe(before);
  });
});

/**
 * Polly and Bedrock Runtime forwarded to the real services: the front door still checks each call
 * (SigV4 with the function's credentials, IAM against its role), then re-signs it with the user's
 * credentials for the user's region and sends it to the regional endpoint, here an HTTPS stand-in
 * that verifies the new signature with the engine's own verifier.
 */
import { randomBytes } from 'node:crypto';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { PollyClient, SynthesizeSpeechCommand } from '@aws-sdk/client-polly';
import type { AwsCredentialIdentity, MiddlewareStack } from '@smithy/types';
import { RealServiceCredentialsError } from '../src/errors';
import { startFakeBedrock, type FakeBedrock } from '../src/fakes/fake-bedrock';
import { startAwsEndpoints } from '../src/front-door/front-door';
import type { AwsEndpoints, Caller } from '../src/front-door/front-door-types';
import { IamEvaluator } from '../src/front-door/iam-evaluator';
import type { RealServices } from '../src/front-door/real-services';
import { checkRealServices } from '../src/front-door/real-upstream';
import type { SynthesizedApp } from '../src/template/synthesized-app';
import {
  startEndpointStandIn,
  type EndpointStandIn,
  type StandInAnswer,
} from './real-endpoint-stand-in';

const ACCOUNT = '000000000000';
const MODEL_ID = 'anthropic.stand-in-v1:0';
const user: Required<AwsCredentialIdentity> = {
  accessKeyId: 'ASIAUSERSOWNKEY00001',
  secretAccessKey: 'the-users-own-secret',
  sessionToken: 'the-users-own-session-token',
  expiration: new Date(Date.now() + 3_600_000),
  credentialScope: '',
  accountId: '',
};
const speaker = { accessKeyId: 'ASIASPEAKER000000001', secretAccessKey: 's1', sessionToken: 't1' };
const bystander = {
  accessKeyId: 'ASIABYSTANDER0000001',
  secretAccessKey: 's2',
  sessionToken: 't2',
};

function role(name: string, statements: unknown[]) {
  return {
    roleArn: `arn:aws:iam::${ACCOUNT}:role/${name}`,
    roleName: name,
    policyDocuments: [{ Version: '2012-10-17', Statement: statements }],
    managedPolicyArns: [],
    assumeRolePolicyDocument: {},
  };
}

/** A template with two roles: one may speak and ask the model, the other may do neither. */
const app: SynthesizedApp = {
  stackName: 'Fixture',
  account: { region: 'us-east-1', accountId: ACCOUNT, partition: 'aws' },
  templateFile: 'fixture.template.json',
  functions: [],
  deployTimeFunctionLogicalIds: [],
  tables: [],
  buckets: [],
  queues: [],
  eventSourceMappings: [],
  stateMachine: {
    logicalId: 'Machine',
    stateMachineArn: `arn:aws:states:us-east-1:${ACCOUNT}:stateMachine:machine`,
    name: 'machine',
    definition: {},
    roleLogicalId: 'SpeakerRole',
    roleArn: `arn:aws:iam::${ACCOUNT}:role/speaker`,
    type: 'STANDARD',
  },
  httpApi: { logicalId: 'Api', apiId: 'api', apiEndpoint: 'http://127.0.0.1:9', routes: [] },
  eventRules: [],
  lambdaPermissions: [],
  roles: {
    SpeakerRole: role('speaker', [
      { Effect: 'Allow', Action: 'polly:SynthesizeSpeech', Resource: '*' },
      {
        Effect: 'Allow',
        Action: 'bedrock:InvokeModel',
        Resource: `arn:aws:bedrock:us-east-1::foundation-model/${MODEL_ID}`,
      },
    ]),
    BystanderRole: role('bystander', [
      { Effect: 'Allow', Action: 'dynamodb:GetItem', Resource: '*' },
    ]),
  },
  bucketPolicies: {},
  queuePolicies: {},
  userPoolClients: [],
  physicalIds: {},
};

const callers = new Map<string, Caller>([
  [speaker.accessKeyId, { functionLogicalId: 'Speaker', roleLogicalId: 'SpeakerRole', ...speaker }],
  [
    bystander.accessKeyId,
    { functionLogicalId: 'Bystander', roleLogicalId: 'BystanderRole', ...bystander },
  ],
]);

const audio = randomBytes(48 * 1024);
const converseAnswer = {
  output: { message: { role: 'assistant', content: [{ text: 'Hello from the real model' }] } },
  stopReason: 'end_turn',
  usage: { inputTokens: 12, outputTokens: 7, totalTokens: 19 },
  metrics: { latencyMs: 321 },
};

let standIn: EndpointStandIn;
let fakeBedrock: FakeBedrock;
const running: AwsEndpoints[] = [];

beforeAll(async () => {
  standIn = await startEndpointStandIn(
    (id) =>
      id === user.accessKeyId
        ? { secretAccessKey: user.secretAccessKey, sessionToken: user.sessionToken }
        : undefined,
    (request): StandInAnswer =>
      request.path === '/v1/speech'
        ? {
            status: 200,
            headers: { 'content-type': 'audio/mpeg', 'x-amzn-requestcharacters': '11' },
            body: audio,
          }
        : {
            status: 200,
            headers: { 'content-type': 'application/json' },
            body: Buffer.from(JSON.stringify(converseAnswer)),
          },
  );
  fakeBedrock = await startFakeBedrock({});
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((endpoints) => endpoints.stop()));
  standIn.received.length = 0;
});
afterAll(async () => {
  await standIn.stop();
  await fakeBedrock.stop();
});

function realUpstream(credentials: () => Promise<AwsCredentialIdentity> = async () => user) {
  return { endpoint: standIn.url, region: 'eu-west-1', credentials, ca: standIn.ca };
}

async function frontDoors(realServices: RealServices): Promise<AwsEndpoints> {
  const unused = 'http://127.0.0.1:9';
  const endpoints = await startAwsEndpoints({
    app,
    iam: new IamEvaluator(app),
    callers,
    upstream: { dynamodb: unused, s3: unused, polly: unused, bedrock: fakeBedrock.url },
    local: {
      sqs: () => Promise.reject(new Error('no SQS here')),
      sfn: () => Promise.reject(new Error('no Step Functions here')),
    },
    realServices,
  });
  running.push(endpoints);
  return endpoints;
}

type Sent = { path: string; headers: Record<string, string>; body: Buffer }[];

/** Records each request a client sends, as it goes on the wire (signed). */
function recordSent<I extends object, O extends object>(stack: MiddlewareStack<I, O>): Sent {
  const sent: Sent = [];
  stack.add(
    (next) => async (args) => {
      const request = args.request as {
        path: string;
        headers: Record<string, string>;
        body: unknown;
      };
      const body = request.body as string | Uint8Array;
      sent.push({
        path: request.path,
        headers: request.headers,
        body:
          typeof body === 'string'
            ? Buffer.from(body)
            : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      });
      return next(args);
    },
    { step: 'deserialize', name: 'recordSent' },
  );
  return sent;
}

/** A Polly client as a function makes it: its own credentials, the engine's region, the front door. */
function pollyAs(endpoints: AwsEndpoints, credentials = speaker) {
  const client = new PollyClient({
    endpoint: endpoints.urls.polly,
    region: 'us-east-1',
    credentials,
  });
  return { client, sent: recordSent(client.middlewareStack) };
}

/** A Bedrock Runtime client as a function makes it. */
function bedrockAs(endpoints: AwsEndpoints, credentials = speaker) {
  const client = new BedrockRuntimeClient({
    endpoint: endpoints.urls['bedrock-runtime'],
    region: 'us-east-1',
    credentials,
  });
  return { client, sent: recordSent(client.middlewareStack) };
}

const speak = new SynthesizeSpeechCommand({
  Text: 'Hello world',
  OutputFormat: 'mp3',
  VoiceId: 'Joanna',
  Engine: 'neural',
});
const converse = new ConverseCommand({
  modelId: MODEL_ID,
  messages: [{ role: 'user', content: [{ text: 'Say hello' }] }],
});

/** One call of the service as a function makes it; what its client sent. */
async function callAs(
  service: 'polly' | 'bedrock-runtime',
  endpoints: AwsEndpoints,
  credentials = speaker,
): Promise<Sent> {
  const { client, sent } =
    service === 'polly' ? pollyAs(endpoints, credentials) : bedrockAs(endpoints, credentials);
  try {
    await (client instanceof PollyClient ? client.send(speak) : client.send(converse));
  } finally {
    client.destroy();
  }
  return sent;
}

describe('real services behind the front door', () => {
  it.each([
    ['polly', 'polly', '/v1/speech'],
    ['bedrock-runtime', 'bedrock', `/model/${encodeURIComponent(MODEL_ID)}/converse`],
  ] as const)(
    'forwards an authorized %s call re-signed with the user’s credentials for the user’s region, body and service headers unchanged',
    async (service, signingName, path) => {
      const endpoints = await frontDoors({ [service]: realUpstream() });
      const sent = await callAs(service, endpoints);
      expect(standIn.received).toHaveLength(1);
      const [{ request, signature }] = standIn.received as [(typeof standIn.received)[0]];
      expect(signature).toEqual({
        accessKeyId: user.accessKeyId,
        service: signingName,
        region: 'eu-west-1',
        presigned: false,
      });
      expect(request.headers['x-amz-security-token']).toBe(user.sessionToken);
      expect(request.headers['host']).toBe(standIn.url.host);
      const [original] = sent as [(typeof sent)[0]];
      expect(request.path).toBe(path);
      expect(original.path).toBe(path);
      expect(request.body.equals(original.body)).toBe(true);
      for (const name of ['content-type', 'x-amz-user-agent', 'amz-sdk-invocation-id'])
        expect([name, request.headers[name]]).toEqual([name, original.headers[name]]);
      expect(endpoints.denials()).toEqual([]);
    },
  );

  it('gives the function the real Polly’s audio stream intact, with its headers', async () => {
    const endpoints = await frontDoors({ polly: realUpstream() });
    const { client } = pollyAs(endpoints);
    try {
      const answer = await client.send(speak);
      const bytes = await answer.AudioStream?.transformToByteArray();
      expect(Buffer.from(bytes ?? []).equals(audio)).toBe(true);
      expect(answer.ContentType).toBe('audio/mpeg');
      expect(answer.RequestCharacters).toBe(11);
    } finally {
      client.destroy();
    }
  });

  it('gives the function the real Bedrock’s Converse answer intact', async () => {
    const endpoints = await frontDoors({ 'bedrock-runtime': realUpstream() });
    const { client } = bedrockAs(endpoints);
    try {
      const answer = await client.send(converse);
      expect(answer).toMatchObject(converseAnswer);
    } finally {
      client.destroy();
    }
  });

  it.each([
    ['polly', 'polly:SynthesizeSpeech'],
    ['bedrock-runtime', 'bedrock:InvokeModel'],
  ] as const)(
    'never forwards a %s call IAM denies: the function gets AccessDeniedException',
    async (service, action) => {
      const endpoints = await frontDoors({
        polly: realUpstream(),
        'bedrock-runtime': realUpstream(),
      });
      await expect(callAs(service, endpoints, bystander)).rejects.toMatchObject({
        name: 'AccessDeniedException',
      });
      expect(standIn.received).toEqual([]);
      expect(endpoints.denials()).toMatchObject([{ functionLogicalId: 'Bystander', action }]);
    },
  );

  it('keeps the fake for a service not named real', async () => {
    const endpoints = await frontDoors({ polly: realUpstream() });
    const before = fakeBedrock.requests.length;
    await callAs('bedrock-runtime', endpoints);
    expect(fakeBedrock.requests.length).toBe(before + 1);
    expect(standIn.received).toEqual([]);
  });

  it('answers a call whose user credentials no longer load with a clear error, forwarding nothing', async () => {
    const expired = () => Promise.reject(new Error('The SSO session has expired'));
    const endpoints = await frontDoors({ polly: realUpstream(expired) });
    await expect(callAs('polly', endpoints)).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
      message: expect.stringContaining(
        `Polly calls go to ${standIn.url.origin}, but no AWS credentials to sign them could be loaded: The SSO session has expired`,
      ),
    });
    expect(standIn.received).toEqual([]);
  });

  it('answers a call whose real endpoint cannot be reached with a clear error naming it', async () => {
    const closed = new URL('https://127.0.0.1:9');
    const endpoints = await frontDoors({ polly: { ...realUpstream(), endpoint: closed } });
    await expect(callAs('polly', endpoints)).rejects.toMatchObject({
      name: 'ServiceUnavailableException',
      message: expect.stringContaining('Polly at https://127.0.0.1:9 could not be reached'),
    });
  });
});

describe('checkRealServices', () => {
  it('refuses a run whose real service has no credentials, naming the service and endpoint', async () => {
    const none = () => Promise.reject(new Error('Could not load credentials from any providers'));
    const check = checkRealServices({
      'bedrock-runtime': {
        endpoint: new URL('https://bedrock-runtime.eu-west-1.amazonaws.com'),
        region: 'eu-west-1',
        credentials: none,
      },
    });
    await expect(check).rejects.toBeInstanceOf(RealServiceCredentialsError);
    await expect(check).rejects.toThrow(
      'Bedrock Runtime calls go to https://bedrock-runtime.eu-west-1.amazonaws.com, but no AWS credentials to sign them could be loaded: Could not load credentials from any providers',
    );
  });

  it('accepts a run whose real services’ credentials load', async () => {
    await expect(checkRealServices({ polly: realUpstream() })).resolves.toBeUndefined();
  });
});

/**
 * The AWS adapters against local `node:http` servers speaking each service's
 * wire format, with the real SDK clients pointed at them.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SQSClient } from '@aws-sdk/client-sqs';
import { PresignedEpisodeLinks } from '../src/adapters/presigned-episode-links';
import { S3ObjectStore } from '../src/adapters/s3-object-store';
import { SqsJobQueue } from '../src/adapters/sqs-job-queue';
import { StepFunctionsStarter } from '../src/adapters/step-functions-starter';
import { queuedJob } from './support';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Reply = (request: Seen, response: ServerResponse) => void;

/** A local server that records every request and answers with `reply`. */
async function fakeService(
  reply: Reply,
): Promise<{ endpoint: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      reply(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => server.close(() => resolve()));
const clientConfig = (endpoint: string) => ({
  endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  maxAttempts: 1,
});
const awsJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
  response.end(JSON.stringify(body));
};

describe('StepFunctionsStarter', () => {
  const ARN = 'arn:aws:states:us-east-1:000000000000:stateMachine:podcast';

  it('starts an execution named by the job id, with the job reference as input', async () => {
    const sfn = await fakeService((_request, response) =>
      awsJson(response, 200, { executionArn: `${ARN}:x`, startDate: 1_700_000_000 }),
    );
    try {
      const starter = new StepFunctionsStarter({
        client: new SFNClient(clientConfig(sfn.endpoint)),
        stateMachineArn: ARN,
      });
      await expect(starter.start({ userId: 'alice', jobId: 'j-1' })).resolves.toBe('started');
      expect(sfn.seen[0]?.headers['x-amz-target']).toBe('AWSStepFunctions.StartExecution');
      expect(JSON.parse(sfn.seen[0]?.body ?? '')).toEqual({
        stateMachineArn: ARN,
        name: 'j-1',
        input: JSON.stringify({ userId: 'alice', jobId: 'j-1' }),
      });
    } finally {
      await closeServer(sfn.server);
    }
  });

  it('answers already_started when Step Functions says the execution exists', async () => {
    const sfn = await fakeService((_request, response) =>
      awsJson(response, 400, { __type: 'ExecutionAlreadyExists', message: 'Execution exists' }),
    );
    try {
      const starter = new StepFunctionsStarter({
        client: new SFNClient(clientConfig(sfn.endpoint)),
        stateMachineArn: ARN,
      });
      await expect(starter.start({ userId: 'alice', jobId: 'j-1' })).resolves.toBe(
        'already_started',
      );
    } finally {
      await closeServer(sfn.server);
    }
  });

  it('rethrows any other error, such as a missing state machine', async () => {
    const sfn = await fakeService((_request, response) =>
      awsJson(response, 400, { __type: 'StateMachineDoesNotExist', message: 'No such machine' }),
    );
    try {
      const starter = new StepFunctionsStarter({
        client: new SFNClient(clientConfig(sfn.endpoint)),
        stateMachineArn: ARN,
      });
      await expect(starter.start({ userId: 'alice', jobId: 'j-1' })).rejects.toMatchObject({
        name: 'StateMachineDoesNotExist',
      });
    } finally {
      await closeServer(sfn.server);
    }
  });
});

describe('SqsJobQueue', () => {
  it('sends the job message as the JSON body the consumer parses', async () => {
    const sqs = await fakeService((request, response) => {
      const { MessageBody } = JSON.parse(request.body) as { MessageBody: string };
      awsJson(response, 200, {
        MessageId: 'm-1',
        MD5OfMessageBody: createHash('md5').update(MessageBody).digest('hex'),
      });
    });
    try {
      const queueUrl = `${sqs.endpoint}/000000000000/jobs`;
      const queue = new SqsJobQueue({
        client: new SQSClient(clientConfig(sqs.endpoint)),
        queueUrl,
      });
      await queue.send({ userId: 'alice', jobId: 'j-1' });
      expect(sqs.seen[0]?.headers['x-amz-target']).toBe('AmazonSQS.SendMessage');
      const sent = JSON.parse(sqs.seen[0]?.body ?? '') as { QueueUrl: string; MessageBody: string };
      expect(sent.QueueUrl).toBe(queueUrl);
      expect(JSON.parse(sent.MessageBody)).toEqual({ userId: 'alice', jobId: 'j-1' });
    } finally {
      await closeServer(sqs.server);
    }
  });
});

describe('S3ObjectStore', () => {
  const s3Client = (endpoint: string) =>
    new S3Client({ ...clientConfig(endpoint), forcePathStyle: true });

  it('puts with the content type, gets the bytes back, and deletes in one request', async () => {
    const stored = new Map<string, Buffer>();
    const s3 = await fakeService((request, response) => {
      const url = new URL(request.url, 'http://local');
      if (request.method === 'PUT') {
        stored.set(url.pathname, Buffer.from(request.body));
        response.writeHead(200, { etag: '"1"' }).end();
      } else if (request.method === 'GET') {
        const body = stored.get(url.pathname);
        if (!body) {
          response.writeHead(404, { 'content-type': 'application/xml' });
          response.end('<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
          return;
        }
        response.writeHead(200, { 'content-length': body.length }).end(body);
      } else {
        response.writeHead(200, { 'content-type': 'application/xml' });
        response.end('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
      }
    });
    try {
      const store = new S3ObjectStore({ client: s3Client(s3.endpoint), bucket: 'audio' });
      await store.put('scripts/alice/j-1.json', '{"a":1}', 'application/json');
      expect(s3.seen[0]?.method).toBe('PUT');
      expect(new URL(s3.seen[0]?.url ?? '', 'http://local').pathname).toBe(
        '/audio/scripts/alice/j-1.json',
      );
      expect(s3.seen[0]?.headers['content-type']).toBe('application/json');
      expect(new TextDecoder().decode(await store.get('scripts/alice/j-1.json'))).toBe('{"a":1}');

      await store.delete(['episodes/alice/j-1/episode.mp3', 'episodes/alice/j-1/captions.vtt']);
      const deletion = s3.seen[s3.seen.length - 1];
      expect(deletion?.method).toBe('POST');
      expect(deletion?.url).toMatch(/^\/audio\/?\?delete/);
      expect(deletion?.body).toContain('<Key>episodes/alice/j-1/episode.mp3</Key>');
      expect(deletion?.body).toContain('<Key>episodes/alice/j-1/captions.vtt</Key>');
    } finally {
      await closeServer(s3.server);
    }
  });

  it('sends nothing to delete an empty list of keys', async () => {
    const s3 = await fakeService((_request, response) => response.writeHead(500).end());
    try {
      const store = new S3ObjectStore({ client: s3Client(s3.endpoint), bucket: 'audio' });
      await store.delete([]);
      expect(s3.seen).toEqual([]);
    } finally {
      await closeServer(s3.server);
    }
  });
});

describe('PresignedEpisodeLinks', () => {
  it('signs GET URLs of the episode keys that expire after the configured time', async () => {
    const links = new PresignedEpisodeLinks({
      client: new S3Client({ ...clientConfig('https://s3.us-east-1.amazonaws.com') }),
      bucket: 'audio',
      expiresInSeconds: 900,
    });
    const job = queuedJob({
      status: 'ready',
      audioKey: 'episodes/alice/j-1/episode.mp3',
      captionsKey: 'episodes/alice/j-1/captions.vtt',
    });
    const { audioUrl, captionsUrl } = await links.forJob(job);
    for (const [url, key] of [
      [audioUrl, job.audioKey],
      [captionsUrl, job.captionsKey],
    ]) {
      const parsed = new URL(url as string);
      expect(parsed.pathname.endsWith(`/${key}`)).toBe(true);
      expect(parsed.searchParams.get('X-Amz-Expires')).toBe('900');
      expect(parsed.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('gives no URL for a job without episode keys', async () => {
    const links = new PresignedEpisodeLinks({
      client: new S3Client(clientConfig('https://s3.us-east-1.amazonaws.com')),
      bucket: 'audio',
      expiresInSeconds: 900,
    });
    expect(await links.forJob(queuedJob())).toEqual({
      audioUrl: undefined,
      captionsUrl: undefined,
    });
  });
});

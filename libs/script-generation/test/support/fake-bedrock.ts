import { createServer, type Http2ServerRequest, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';

/** A request the fake Bedrock server received. */
export interface RecordedRequest {
  method: string;
  /** Decoded path, e.g. `/model/global.anthropic.claude-sonnet-4-5-20250929-v1:0/converse`. */
  path: string;
  headers: Http2ServerRequest['headers'];
  body: Record<string, unknown>;
}

/** What the fake answers to one request: a Converse JSON body, or an AWS JSON-protocol error. */
export type FakeReply =
  | { kind: 'converse'; body: Record<string, unknown> }
  | { kind: 'error'; status: number; errorType: string; message: string }
  /** Never answers: the client's own requestTimeout must cut the request. */
  | { kind: 'hang' };

/**
 * A local HTTP server (HTTP/2 cleartext: the Bedrock Runtime client's default request
 * handler speaks HTTP/2, as the service does) that speaks Bedrock Runtime's Converse wire format
 * (`POST /model/{modelId}/converse`, JSON in and out; errors as status code +
 * `x-amzn-errortype` header + `{ "message": … }` body), and a real
 * `BedrockRuntimeClient` pointed at it with SDK retries disabled.
 */
export interface FakeBedrock {
  readonly client: BedrockRuntimeClient;
  /** The server's address, for other clients. */
  readonly endpoint: string;
  readonly requests: RecordedRequest[];
  /** Queues replies, answered in order; an unexpected extra request gets a 500. */
  reply(...replies: FakeReply[]): void;
  close(): Promise<void>;
}

export async function startFakeBedrock(): Promise<FakeBedrock> {
  const requests: RecordedRequest[] = [];
  const queue: FakeReply[] = [];
  const sessions = new Set<Http2Session>();
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      const raw = Buffer.concat(parts).toString('utf8');
      const path = decodeURIComponent(request.url ?? '');
      requests.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>),
      });
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        const text = JSON.stringify(body);
        response.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'x-amzn-requestid': `req-${requests.length}`,
          ...headers,
        });
        response.end(text);
      };
      if (request.method !== 'POST' || !/^\/model\/[^/]+\/converse$/.test(path)) {
        send(
          404,
          { message: `no route for ${request.method ?? ''} ${path}` },
          {
            'x-amzn-errortype': 'UnknownOperationException',
          },
        );
        return;
      }
      const next = queue.shift();
      if (!next) {
        send(
          500,
          { message: 'the fake has no reply queued' },
          { 'x-amzn-errortype': 'InternalServerException' },
        );
      } else if (next.kind === 'hang') {
        return;
      } else if (next.kind === 'converse') {
        send(200, next.body);
      } else {
        send(next.status, { message: next.message }, { 'x-amzn-errortype': next.errorType });
      }
    });
  });
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new BedrockRuntimeClient({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
  return {
    client,
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    reply: (...replies) => queue.push(...replies),
    close: async () => {
      client.destroy();
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A Converse answer in which the model called `toolName` with `input`. */
export function toolAnswer(
  input: unknown,
  toolName = 'submit_podcast_script',
  toolUseId = 'tooluse-1',
): FakeReply {
  return {
    kind: 'converse',
    body: {
      output: {
        message: {
          role: 'assistant',
          content: [{ toolUse: { toolUseId, name: toolName, input } }],
        },
      },
      stopReason: 'tool_use',
      usage: { inputTokens: 1200, outputTokens: 3400, totalTokens: 4600 },
      metrics: { latencyMs: 1234 },
    },
  };
}

/** A Converse answer with plain text content. */
export function textAnswer(text: string, stopReason = 'end_turn'): FakeReply {
  return {
    kind: 'converse',
    body: {
      output: { message: { role: 'assistant', content: [{ text }] } },
      stopReason,
      usage: { inputTokens: 1200, outputTokens: 3400, totalTokens: 4600 },
      metrics: { latencyMs: 1234 },
    },
  };
}

/** An AWS JSON-protocol error reply. */
export function errorReply(
  errorType: string,
  status: number,
  message = `${errorType} from the fake`,
): FakeReply {
  return { kind: 'error', status, errorType, message };
}

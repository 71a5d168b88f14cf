/**
 * A wire-level fake of Amazon Bedrock Runtime's Converse API: a local cleartext HTTP/2 server (the
 * real `BedrockRuntimeClient`'s default handler is `NodeHttp2Handler`) answering
 * `POST /model/{modelId}/converse` in JSON, with AWS JSON errors (`x-amzn-errortype`).
 *
 * A request that forces a tool is answered with a `toolUse` whose input the caller's
 * {@link ToolAnswerer} gives (the fake knows no product's prompts). A non-streaming answer comes
 * all at once after the time the output would take at `outputTokensPerSecond` (about 4
 * characters per token).
 *
 * Faults: {@link FakeBedrock.inject} (`server-error` = HTTP 500 `InternalServerException`,
 * `timeout` = never answered until the client gives up, `throttle` = HTTP 429
 * `ThrottlingException`) for the next `count` requests, or a throttle storm for `durationMs`.
 *
 * @packageDocumentation
 */
import {
  createServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';

/** The parts of a Converse request the fake reads. */
interface ConverseRequest extends Record<string, unknown> {
  messages?: unknown[];
  toolConfig?: { toolChoice?: { tool?: { name?: string } } };
}

/**
 * Options of {@link startFakeBedrock}; all optional.
 *
 * @example
 * ```ts
 * const bedrock = await startFakeBedrock({ outputTokensPerSecond: 600 }); // 10× faster than real
 * ```
 */
export interface FakeBedrockOptions {
  /** Output rate of the model; default 60 tokens per second (realistic for Claude Sonnet). */
  outputTokensPerSecond?: number;
  /** Port to listen on; default a free one. */
  port?: number;
  /** The clock of the throttle storm; default `() => new Date()`. */
  now?: () => Date;
  /** The input of each forced tool call; without it a forced tool is answered with `{}`. */
  answerTool?: ToolAnswerer;
}

/**
 * A fault for the next `count` Converse requests, or a throttle storm of `durationMs`.
 *
 * @example
 * ```ts
 * bedrock.inject({ kind: 'server-error', count: 1 });
 * bedrock.inject({ kind: 'throttle', durationMs: 2_000 });
 * ```
 */
export type FakeBedrockFault =
  | { kind: 'server-error' | 'timeout' | 'throttle'; count: number }
  | { kind: 'throttle'; durationMs: number };

/**
 * One request the fake received and how it answered.
 *
 * @example
 * ```ts
 * bedrock.requests.filter((request) => request.answer === 'throttle').length;
 * ```
 */
export interface FakeBedrockRequest {
  /** When the request arrived (the system clock). */
  at: Date;
  modelId: string;
  /** The forced tool's name, when the request forced one. */
  tool: string | undefined;
  body: Record<string, unknown>;
  answer: 'ok' | 'server-error' | 'timeout' | 'throttle' | 'bad-request';
  /** Output tokens of an `ok` answer. */
  outputTokens: number;
}

/**
 * A running fake Bedrock.
 *
 * @example
 * ```ts
 * const client = new BedrockRuntimeClient({ endpoint: bedrock.url, region: 'us-east-1', credentials });
 * ```
 */
export interface FakeBedrock {
  /** `http://127.0.0.1:<port>`, the `endpoint` of a `BedrockRuntimeClient`. */
  url: string;
  requests: FakeBedrockRequest[];
  inject(fault: FakeBedrockFault): void;
  stop(): Promise<void>;
}

/**
 * The tool input a well-behaved model would submit for a Converse request that forces `tool`:
 * what the product's prompts ask for, supplied by the caller (the fake knows no product).
 *
 * @example
 * ```ts
 * const answerTool: ToolAnswerer = (body, tool) => (tool === 'submit_answer' ? { answer: 42 } : {});
 * ```
 */
export type ToolAnswerer = (body: Record<string, unknown>, tool: string) => unknown;

/**
 * Starts the fake (see the module description).
 *
 * @example
 * ```ts
 * const bedrock = await startFakeBedrock({ outputTokensPerSecond: 6_000 });
 * bedrock.inject({ kind: 'timeout', count: 1 });
 * // … point a BedrockRuntimeClient's endpoint at bedrock.url …
 * await bedrock.stop();
 * ```
 */
export async function startFakeBedrock(options: FakeBedrockOptions = {}): Promise<FakeBedrock> {
  const rate = options.outputTokensPerSecond ?? 60;
  if (!(rate > 0)) throw new RangeError('outputTokensPerSecond must be positive');
  const now = options.now ?? (() => new Date());
  const answerTool = options.answerTool ?? (() => ({}));
  const requests: FakeBedrockRequest[] = [];
  const faults: { kind: 'server-error' | 'timeout' | 'throttle'; left: number }[] = [];
  let stormUntil = 0;
  const sessions = new Set<ServerHttp2Session>();
  const timers = new Set<NodeJS.Timeout>();

  const send = (
    response: Http2ServerResponse,
    status: number,
    body: unknown,
    errorType?: string,
  ) => {
    if (response.stream.destroyed) return;
    const text = JSON.stringify(body);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'x-amzn-requestid': randomUUID(),
      ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
    });
    response.end(text);
  };

  const handle = (request: Http2ServerRequest, response: Http2ServerResponse, raw: string) => {
    const path = decodeURIComponent(request.url ?? '');
    const route = /^\/model\/([^/]+)\/converse$/.exec(path);
    if (request.method !== 'POST' || !route) {
      send(
        response,
        404,
        { message: `no route for ${request.method} ${path}` },
        'UnknownOperationException',
      );
      return;
    }
    let body: ConverseRequest;
    try {
      body = JSON.parse(raw) as ConverseRequest;
    } catch {
      send(response, 400, { message: 'the body is not JSON' }, 'ValidationException');
      return;
    }
    const tool = body.toolConfig?.toolChoice?.tool?.name;
    const record: FakeBedrockRequest = {
      at: new Date(),
      modelId: route[1] ?? '',
      tool,
      body,
      answer: 'ok',
      outputTokens: 0,
    };
    requests.push(record);
    const fault =
      now().getTime() < stormUntil
        ? { kind: 'throttle' as const, left: 1 }
        : faults.find((f) => f.left > 0);
    if (fault) {
      if (now().getTime() >= stormUntil) fault.left -= 1;
      record.answer = fault.kind;
      if (fault.kind === 'timeout') return; // never answered; the client's timeout ends it
      if (fault.kind === 'throttle') {
        send(
          response,
          429,
          { message: 'Too many requests, please wait before trying again.' },
          'ThrottlingException',
        );
      } else {
        send(
          response,
          500,
          { message: 'The server encountered an internal error.' },
          'InternalServerException',
        );
      }
      return;
    }
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      record.answer = 'bad-request';
      send(response, 400, { message: 'messages must not be empty' }, 'ValidationException');
      return;
    }
    const input = tool ? answerTool(body, tool) : undefined;
    const content = tool
      ? [{ toolUse: { toolUseId: `tooluse_${randomUUID()}`, name: tool, input } }]
      : [{ text: 'I can only answer the tool this fake knows.' }];
    const outputTokens = Math.ceil(JSON.stringify(content).length / 4);
    const inputTokens = Math.ceil(raw.length / 4);
    record.outputTokens = outputTokens;
    const latencyMs = Math.round((outputTokens / rate) * 1000);
    const timer = setTimeout(() => {
      timers.delete(timer);
      send(response, 200, {
        output: { message: { role: 'assistant', content } },
        stopReason: tool ? 'tool_use' : 'end_turn',
        usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
        metrics: { latencyMs },
      });
    }, latencyMs);
    timers.add(timer);
  };

  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => handle(request, response, Buffer.concat(parts).toString('utf8')));
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    inject(fault) {
      if ('durationMs' in fault) {
        stormUntil = Math.max(stormUntil, now().getTime() + fault.durationMs);
      } else {
        faults.push({ kind: fault.kind, left: fault.count });
      }
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
